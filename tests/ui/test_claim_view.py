"""The claim view: pick a claim, the map colours everyone by it, step back through time — as
open minds shows the town's truth (in play it shows what you were told: test_play_mode)."""

import pygame
import pytest

from ui.play import build


def test_claim_view_colours_the_town_and_steps_back_through_time(ui):
    build(ui.app, "missing_key", seed=0, at="day 2 10:00", debug=True)
    ui.frame(2)
    t = ui.town
    ui.key(pygame.K_c)  # the claims panel
    assert t.panel == "claims"
    ui.click_zone(t.claims, "claim:ada_key.moved_by")
    cv = t.claim_view
    assert cv is not None and cv.live
    ui.frame()
    legend = dict(t.overlay.legend)
    beliefs = cv.beliefs()
    assert legend["Cy"] == sum(1 for v, _, s in beliefs.values() if v == "cy" and s != "past")
    assert "no belief" in legend
    assert ui.shows("Ada's key · moved by") and ui.shows("now")
    # the list names each question in words first ("Ben · refused why" read as an id)
    assert ui.shows("Who moved Ada's key")
    now_believers = dict(beliefs)
    # step back to the start: fewer people had heard anything yet
    ui.click_zone(t.overlay, "replay")
    assert not cv.live and t.overlay.replaying
    first = cv.at
    back = cv.beliefs()
    assert len(back) < len(now_believers)
    assert set(back) <= set(now_believers)
    ui.frame(8, dt=0.25)  # the replay moves forward an hour every quarter second
    assert cv.at > first
    ui.key(pygame.K_END)
    assert cv.live
    ui.key(pygame.K_LEFTBRACKET)
    assert cv.at == t.session.now - 60
    assert ui.shows("what each resident believes") or ui.shows("Ada's key · moved by")
    # where people were is shown as it was then
    ui.key(pygame.K_RIGHTBRACKET)
    assert cv.live
    ui.click_zone(t.claims, "close claim")
    assert t.claim_view is None


def test_beliefs_at_a_past_minute_match_history(ui):
    from memory import believers_at

    build(ui.app, "missing_key", seed=0, at="day 1 15:00")
    sim = ui.town.session.sim
    for rid in ("ada", "gus", "hana"):
        b = sim.store.belief(rid, "ada_key", "moved_by")
        if b is None:
            continue
        for v in b.history:
            got = believers_at(sim.store, "ada_key", "moved_by", v.at)[rid]
            last = [x for x in b.history if x.at <= v.at][-1]
            assert got == (last.value, last.confidence, last.state)


def _off(box, centre, radius) -> float:
    """How far a name's box is from a place's drawing (a circle of its radius)."""
    dx = max(box.left - centre[0], 0, centre[0] - box.right)
    dy = max(box.top - centre[1], 0, centre[1] - box.bottom)
    return (dx * dx + dy * dy) ** 0.5 - radius


@pytest.mark.parametrize("scenario", ["missing_key", "the_ledger", "cancelled_meeting"])
def test_place_names_sit_by_their_own_place_at_any_window_size(ui, scenario):
    """In the claim view at 1024x600 and 800x900 (a squashed map: the view's strip takes a
    slice of it) names sat a token's width off their places — 'Ada's Café' beside the Square,
    'Riverton (away)' by Ada's house (a window playtest). Each name shown is nearer its own
    place than any other, at every size, with the claim view open or not."""
    build(ui.app, scenario, seed=0)
    ui.frame(2)
    t = ui.town
    for size in ((1280, 800), (1024, 600), (800, 900), (1024, 768), (1600, 900)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        ui.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        for claim_view in (False, True):
            if claim_view:
                ui.key(pygame.K_c)
                assert t.claim_view is not None
            ui.frame(2)
            m = t.map
            assert len(m.label_at) >= len(m.centers) // 2, (size, claim_view)
            for pid, box in m.label_at.items():
                box = box.move(m.rect.topleft)
                assert m.rect.contains(box)
                mine = _off(box, m.centers[pid], m.radius[pid])
                for other, c in m.centers.items():
                    if other != pid:
                        assert mine < _off(box, c, m.radius[other]), (size, claim_view, pid,
                                                                        other)
            if claim_view:
                t.close_claim()


def test_c_again_closes_the_claim_view(ui):
    """A window playtest: C opened the claim view, and C again did nothing."""
    build(ui.app, "missing_key", seed=0, at="day 1 12:00")
    ui.frame(2)
    t = ui.town
    ui.key(pygame.K_c)
    assert t.panel == "claims" and t.claim_view is not None
    ui.key(pygame.K_c)
    assert t.claim_view is None
    ui.key(pygame.K_c)
    assert t.claim_view is not None


def test_more_in_the_legend_says_what_it_stands_for(ui):
    """"+1 more" in the claim view's legend said nothing, and clicking it did nothing (a
    window playtest): over it, a tooltip names the rest."""
    build(ui.app, "the_ledger", seed=0)
    ui.frame(2)
    t = ui.town
    for size in ((1024, 600), (800, 600)):
        pygame.display.set_mode(size, pygame.RESIZABLE)
        ui.post(pygame.VIDEORESIZE, size=size, w=size[0], h=size[1])
        t.open_claim("mira", "willowbark_allergy")
        ui.frame(2)
        if t.overlay.more_box is not None:
            break
    box = t.overlay.more_box
    assert box is not None, "the legend no longer runs out of room"
    shown = {w for w, _ in t.overlay.legend}
    ui.post(pygame.MOUSEMOTION, pos=box.center, rel=(1, 1), buttons=(0, 0, 0))
    ui.frame(2)
    tip = ui.app._tip or ""
    assert tip and not any(tip.startswith(w) for w in shown), tip
    assert "not heard from" in tip or "faded" in tip or "allergic" in tip, tip
