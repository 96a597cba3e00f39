"""The inspector's kept drawing and its rows at the edges: scrolling past the ends, ink at the
panel's border, and an edit undone in the minute it was made (found in review)."""

import pygame
import pytest

from memory import Evidence
from ui.play import build


def _many_rows(ui, n=60):
    build(ui.app, "missing_key", seed=0, at="day 1 13:00", debug=True)
    ui.frame(2)
    t = ui.town
    t.select("ada")
    ui.frame()
    sim = t.session.sim
    sim.store.perceive_many([
        Evidence(resident="ada", subject=f"thing{i:03d}", attribute="colour", value="red",
                 kind="witnessed", event=f"e{i}", at=sim.now) for i in range(n)])
    t.session.stamp += 1
    ui.frame()
    return t


def _wheel(ui, y):
    ui.post(pygame.MOUSEWHEEL, x=0, y=y, flipped=False, precise_x=0.0, precise_y=float(y))
    ui.frame()


@pytest.mark.parametrize("kept", [True, False])
def test_wheel_down_after_overscrolling_up_at_the_top_scrolls(ui, kept):
    """At the top, wheel up twice (the second frame's key equals the first's pre-clamp key,
    so the kept drawing is blitted and `offset` stays -48), then wheel down once: the list
    must move down one notch, as it does when every frame is drawn afresh."""
    from ui.widgets import retained

    retained.enabled = kept
    try:
        t = _many_rows(ui)
        insp = t.inspector
        ui.post(pygame.MOUSEMOTION, pos=insp.list_rect.center, rel=(0, 0), buttons=(0, 0, 0))
        ui.frame()
        first = insp.rows_drawn[0]
        _wheel(ui, 1)
        _wheel(ui, 1)
        _wheel(ui, -1)  # one notch down: 48 px, the first row scrolled away
        assert insp.offset == 48 and insp.rows_drawn[0] != first, \
            f"the list did not move (offset {insp.offset})"
    finally:
        retained.enabled = True


def test_a_name_with_an_accent_is_drawn_alike_kept_and_fresh(ui):
    """The title is drawn at rect.y - 1: an accented capital's top row lies outside the
    kept rectangle, so kept frames lose it (a one-pixel flicker over 'É')."""
    build(ui.app, "missing_key", seed=0, at="day 1 13:00", debug=True)
    ui.frame(2)
    t = ui.town
    person = t.session.sim.people["ada"]
    try:
        person.name = "Émile Ångström"
    except Exception:
        object.__setattr__(person, "name", "Émile Ångström")
    t.select("ada")
    ui.frame()
    insp = t.inspector
    hits = insp.kept.hits
    ui.app.frame(1 / 60)
    assert insp.kept.hits > hits  # this frame was the kept drawing
    kept, fresh, _, surface = ui.kept_and_fresh(insp)
    if kept != fresh:
        w = surface.get_width()
        diff = [(i // 3 % w, i // 3 // w) for i in range(0, len(kept), 3)
                if kept[i:i + 3] != fresh[i:i + 3]]
        r = insp.rect
        raise AssertionError(f"{len(diff)} pixels differ, e.g. {diff[:4]}; panel {r}")


def test_undoing_a_distort_in_the_same_minute_shows_the_value_put_back(ui):
    """(The model, not the kept drawing: fresh drawings show it too.) Distort, then Undo in
    the edit bar while paused: memory holds Cy again, but the signature (no value in it) is
    the distorted one's, so the inspector keeps showing Bo."""
    build(ui.app, "missing_key", seed=0, at="day 1 13:00", debug=True)
    ui.frame(2)
    t = ui.town
    t.select("ada")
    ui.frame()
    s, insp = t.session, t.inspector

    def shown():
        return next(r.raw_value for r in insp.model.visible()
                    if r.key == ("ada_key", "moved_by"))

    assert shown() == "cy"
    e = s.edit("distort", "ada", "ada_key.moved_by", value="bo")
    ui.frame()
    assert shown() == "bo"
    s.edit("", "", "", undo=e.id)  # what the edit bar's Undo does
    ui.frame()
    assert s.sim.store.belief("ada", "ada_key", "moved_by").value == "cy"
    assert shown() == "cy"
