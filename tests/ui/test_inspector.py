"""The belief inspector: click a resident, open a belief, filter, sort, scroll — a whole mind,
as open minds shows it (in play, a resident's page is what the player knows: test_play_mode)."""

import pygame

from game.player import PLAYER
from memory import Evidence
from ui.play import build


def at_lunch(ui, open_minds: bool = True):
    build(ui.app, "missing_key", seed=0, at="day 1 13:00", debug=open_minds)
    ui.frame(2)
    return ui.town


def about_the_key(ui, t) -> None:
    """Show only the beliefs about Ada's key (her whereabouts, by the hour and each move
    within one, come first by claim and fill the first screen)."""
    ui.click_zone(t.inspector, "about:ada_key")
    ui.frame()


def test_clicking_a_resident_opens_their_beliefs(ui):
    t = at_lunch(ui)
    ui.click_zone(t.map, "resident:ada")
    assert t.panel == "inspector" and t.selected == "ada"
    assert ("ada", "at_d1_0600") in t.inspector.rows_drawn  # her morning, by the hour
    about_the_key(ui, t)
    assert ("ada_key", "moved_by") in t.inspector.rows_drawn
    assert ui.shows("Ada") and ui.shows("Ada's key · moved by")
    row = next(r for r in t.inspector.model.visible() if r.key == ("ada_key", "moved_by"))
    assert row.value == "Cy" and row.state == "influencing" and row.source == "testimony"
    assert row.told == "told by Bo, who said he saw it"  # who told them, the source Bo gave
    assert ui.shows("testimony") and ui.shows(str(row.confidence))


def test_opening_a_belief_shows_its_evidence_chain_and_history(ui):
    t = at_lunch(ui)
    ui.click_zone(t.map, "resident:ada")
    about_the_key(ui, t)
    ui.click_zone(t.inspector, "row:ada_key.moved_by")
    assert t.panel == "belief" and t.belief == ("ada", "ada_key", "moved_by")
    d = t.detail
    assert d.sections[:1] == ["Why they believe it"] and "History" in d.sections
    text = "\n".join(d.lines)
    assert "Ada was told by Bo" in text
    assert "Bo worked it out" in text  # the lie ("I saw it"), traced to what Bo had
    assert "first learned" in text
    ui.click_zone(d, "claim view")  # from one belief to the whole town's view of it
    assert t.claim_view is not None and t.claim_view.claim == "ada_key.moved_by"
    ui.key(pygame.K_p)
    ui.key(pygame.K_ESCAPE)
    assert t.panel == "inspector"


def test_filter_by_state_source_and_subject_and_sort_by_column(ui):
    t = at_lunch(ui)
    ui.click_zone(t.map, "resident:ada")
    insp = t.inspector
    all_rows = insp.model.visible()
    assert len(all_rows) >= 4
    ui.click_zone(insp, "source:testimony")
    assert [r.source for r in insp.model.visible()] == ["testimony"]
    ui.click_zone(insp, "source:all")
    ui.click_zone(insp, "sort:confidence")
    confs = [r.confidence for r in insp.model.visible()]
    assert confs == sorted(confs, reverse=True)
    ui.click_zone(insp, "sort:confidence")
    assert [r.confidence for r in insp.model.visible()] == sorted(confs)
    ui.click(insp.filter.rect.center)  # type into the filter box
    ui.type("key")
    assert insp.model.visible() and all("key" in r.claim.lower() or "key" in r.value.lower()
                                        for r in insp.model.visible())
    ui.key(pygame.K_ESCAPE)
    assert not insp.filter.focused
    states = insp.model.counts("state")
    for state in states:
        ui.click_zone(insp, f"state:{state}")
        assert {r.state for r in insp.model.visible()} == {state}


def test_the_notebook_is_the_players_own_inspector(town):
    town.command("go inn")
    town.command("ask fen ada_key.moved_by")
    town.key(pygame.K_n)
    t = town.town
    assert t.panel == "inspector" and t.selected == PLAYER
    assert town.shows("Your notebook")
    keys = [r.key for r in t.inspector.model.visible()]
    assert ("ada_key", "moved_by") in keys  # what Fen told the player
    row = next(r for r in t.inspector.model.visible() if r.key == ("ada_key", "moved_by"))
    assert row.raw_value == "dee" and "Fen" in row.told


def test_open_minds_marks_false_beliefs_and_shows_truth(ui):
    t = at_lunch(ui, open_minds=False)
    ui.key(pygame.K_d)  # asked once...
    ui.frame()
    assert not t.session.open_minds and t.minds_armed > 0
    assert ui.shows("Open minds shows every mind and the truth")
    ui.key(pygame.K_d)  # ...and again
    assert t.session.open_minds and t.session.sim.open_minds_used
    # The question, answered, comes down (it stood over the answer; a window playtest).
    assert not ui.shows("Open minds shows every mind and the truth")
    ui.click_zone(t.map, "resident:ada")
    about_the_key(ui, t)
    row = next(r for r in t.inspector.model.visible() if r.key == ("ada_key", "moved_by"))
    assert row.false and row.truth == "Dee"
    assert ui.shows("✗ true: Dee") and ui.shows("OPEN MINDS — every mind and the truth shown")
    ui.click_zone(t.inspector, "row:ada_key.moved_by")
    assert "✗ False: in truth, Dee." in t.detail.lines


def test_hundreds_of_beliefs_scroll_and_only_visible_rows_are_drawn(ui):
    build(ui.app, "missing_key", seed=0, debug=True)
    t = ui.town
    sim = t.session.sim
    sim.store.perceive_many([
        Evidence(resident="eli", subject=f"thing{i:04d}", attribute="colour", value="red",
                 kind="witnessed", event=f"e{i}", at=sim.now) for i in range(1000)])
    t.session.stamp += 1
    ui.frame()
    t.select("eli")
    ui.frame()
    insp = t.inspector
    assert len(insp.model.visible()) >= 1000
    drawn = list(insp.rows_drawn)
    assert 5 < len(drawn) < 30
    ui.key(pygame.K_PAGEDOWN)
    assert insp.rows_drawn and insp.rows_drawn[0] != drawn[0]
    before = insp.offset
    ui.post(pygame.MOUSEMOTION, pos=insp.list_rect.center, rel=(0, 0), buttons=(0, 0, 0))
    for _ in range(50):
        ui.post(pygame.MOUSEWHEEL, x=0, y=-5, flipped=False, precise_x=0.0, precise_y=-5.0)
    ui.frame(2)
    assert insp.offset > before + 5000  # the wheel scrolls the list under the pointer
    assert ui.shows("beliefs · rows")


def test_filter_by_subject(ui):
    t = at_lunch(ui)
    ui.click_zone(t.map, "resident:ada")
    insp = t.inspector
    subjects = {r.subject for r in insp.model.visible()}
    assert {"ada_key", "cy"} <= subjects
    ui.click_zone(insp, "about:cy")
    assert {r.subject for r in insp.model.visible()} == {"cy"}
    ui.click_zone(insp, "about:all")
    assert {r.subject for r in insp.model.visible()} == subjects


def test_each_belief_shows_how_easily_it_comes_to_mind(ui):
    """§7 in the inspector: a gauge and a word per row, a Recall filter, a Recall sort, and
    accessibility, half-life and last evocation in the opened belief."""
    build(ui.app, "nine_neighbours", seed=0, at="day 8 10:00")
    ui.frame(2)
    t = ui.town
    t.select("dot")
    ui.frame()
    insp, now = t.inspector, t.session.now
    rows = insp.model.visible()
    for r in rows:  # the words follow memory's own accessibility and access state
        b = t.session.sim.store.belief("dot", *r.key, history=False)
        assert r.accessibility(now) == b.accessibility(now)
        assert {"vivid": "active", "fading": "active", "dormant": "dormant",
                "forgotten": "unrecallable"}[r.recall(now)] == b.access(now)
        assert (r.recall(now) == "vivid") == (b.access(now) == "active" and
                                              b.accessibility(now) >= 0.5)
    counts = insp.model.counts("recall")
    assert counts.get("dormant") and counts.get("vivid")
    assert ui.shows("Recall") and ui.shows("Recall:")  # the column head and the filter row
    assert ui.shows("vivid") and ui.shows(f"dormant {counts['dormant']}")
    ui.click_zone(insp, "recall:dormant")
    dormant = insp.model.visible()
    assert len(dormant) == counts["dormant"] and {r.recall(now) for r in dormant} == {"dormant"}
    ui.click_zone(insp, "recall:all")
    ui.click_zone(insp, "sort:recall")  # most easily recalled first, then the other way
    acc = [r.accessibility(now) for r in insp.model.visible()]
    assert acc == sorted(acc, reverse=True)
    ui.click_zone(insp, "sort:recall")
    acc = [r.accessibility(now) for r in insp.model.visible()]
    assert acc == sorted(acc)
    # The least accessible on top: forgotten (who stood where, days ago) then dormant.
    assert insp.model.visible()[0].recall(now) in ("forgotten", "dormant")
    ui.click_zone(insp, "recall:dormant")
    ui.frame()
    first = insp.model.visible()[0]
    assert first.recall(now) == "dormant"
    ui.click_zone(insp, f"row:{first.subject}.{first.attribute}")
    text = "\n".join(t.detail.lines)
    assert "Recall: dormant" in text and "half-life" in text
    assert "last brought to mind" in text and "Dormant since" in text
    assert f"Accessibility {first.accessibility(now):.2f}" in text


def test_recall_moves_with_the_clock_and_with_re_evocation(ui):
    t = at_lunch(ui)
    t.select("ada")
    ui.frame()
    m = t.inspector.model
    row = next(r for r in m.visible() if r.key == ("ada_key", "moved_by"))
    sim = t.session.sim
    assert row.recall(sim.now) == "vivid"
    # time alone dims a memory: no belief changes, yet the word does
    later = sim.now + int(4 * row.half_life)
    assert row.recall(later) == "dormant"
    # being brought to mind is a change of memory the inspector picks up (no revision)
    before = row.last_evoked_at
    sim.store.recall("ada", "key", now=sim.now + 120)
    t.session.stamp += 1
    row = next(r for r in m.visible() if r.key == ("ada_key", "moved_by"))
    assert row.last_evoked_at == sim.now + 120 > before


def test_hovering_the_recall_gauge_explains_it(ui):
    t = at_lunch(ui)
    t.select("ada")
    ui.frame()
    about_the_key(ui, t)
    insp = t.inspector
    rect = insp.zones.find("row:ada_key.moved_by")
    x = insp.zones.find("sort:state").x + 20  # the State / Recall column
    ui.post(pygame.MOUSEMOTION, pos=(x, rect.centery), rel=(0, 0), buttons=(0, 0, 0))
    ui.frame(2)
    assert ui.app._tip and ui.app._tip.startswith("Vivid: comes to mind at once")
    assert "half-life" in ui.app._tip and "last brought to mind" in ui.app._tip


def test_a_running_window_reads_the_inspector_again_at_most_twice_a_second(ui):
    """While the interactive window's clock runs, the inspector's rows are a snapshot read at
    most every REFRESH_S of real time (the minute it shows goes with it); paused, or in
    headless frames, every change is read at once."""
    from ui.inspectmodel import REFRESH_S

    t = at_lunch(ui)
    t.select("ada")
    ui.frame()
    m, s = t.inspector.model, t.session
    real = [100.0]
    s.clock = lambda: real[0]
    s.elastic, s.speed = True, 16
    s.stamp += 1
    m.rows()  # a look, at real time 100 s
    shown = m.now
    s.sim.step()
    s.stamp += 1
    assert m.now == shown  # a tick landed; the rows wait for the next look
    real[0] += REFRESH_S
    assert m.now == s.now > shown  # time for a look: read at once
    s.sim.step()
    s.stamp += 1
    s.speed = 0  # paused: every change is read at once
    assert m.now == s.now
    s.elastic, s.speed = False, 16
    s.sim.step()
    s.stamp += 1
    assert m.now == s.now  # strict (headless) pacing: likewise


def test_the_kept_drawing_is_pixel_for_pixel_a_fresh_drawing(ui):
    """The inspector blits its last drawing while nothing it shows changed (ui.widgets.
    retained): every frame of a session — the clock running, the pointer over rows and the
    recall gauge, scrolling, sorting, a filter typed with its caret blinking, another resident
    — is the same picture, texts and tooltip as drawing the panel afresh; and most quiet
    frames are served from the kept drawing."""

    build(ui.app, "missing_key", seed=0, at="day 1 13:00", debug=True)
    ui.frame(2)
    t = ui.town
    t.select("ada")
    ui.frame()
    insp = t.inspector
    app = ui.app
    checked = []

    def same_as_fresh() -> None:
        kept, fresh, told_alike, _ = ui.kept_and_fresh(insp)
        assert kept == fresh, "the kept drawing differs from a fresh one"
        assert told_alike
        checked.append(1)

    def frames(n: int) -> None:
        for _ in range(n):
            app.frame(1 / 60)
            same_as_fresh()

    def move(pos) -> None:
        ui.post(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                buttons=(0, 0, 0))

    hits = insp.kept.hits
    frames(5)  # paused and still: the same picture, kept
    assert insp.kept.hits > hits
    t.session.set_speed(16)
    frames(12)  # the clock running: the rows change under the kept drawing
    rect = insp.list_rect
    move((rect.x + 40, rect.y + 10))
    frames(3)
    move((insp.zones.find("sort:state").x + 20, rect.y + 10))  # the recall gauge's tooltip
    frames(3)
    assert app._tip
    t.session.set_speed(0)
    sim = t.session.sim
    sim.store.perceive_many([  # enough rows to scroll
        Evidence(resident="ada", subject=f"thing{i:03d}", attribute="colour", value="red",
                 kind="witnessed", event=f"e{i}", at=sim.now) for i in range(60)])
    t.session.stamp += 1
    frames(2)
    move(insp.list_rect.center)
    frames(1)
    ui.post(pygame.MOUSEWHEEL, x=0, y=-2, flipped=False, precise_x=0.0, precise_y=-2.0)
    frames(2)  # scrolled, the pointer where it was
    sim.state["ada"].place = "inn" if sim.state["ada"].place != "inn" else "home_ada"
    frames(1)  # she is somewhere else: the header says so
    sim.now += 3 * 24 * 60  # days on, nothing new learned: the recall gauges fade
    t.session.stamp += 1
    frames(2)
    ui.click_zone(insp, "sort:confidence")
    same_as_fresh()
    ui.click(insp.filter.rect.center)
    same_as_fresh()
    ui.type("key")
    same_as_fresh()
    frames(50)  # the caret blinks
    ui.key(pygame.K_ESCAPE)
    same_as_fresh()
    move((5, 5))
    t.select("bo")
    frames(3)
    assert len(checked) > 80


def test_the_rows_signature_kept_as_rows_change_is_the_one_added_up_afresh(ui):
    """The inspector patches the rows that changed and checks them against memory's signature
    with a tally kept as it goes (ui.inspectmodel.Tally); it must be what adding every row up
    again gives, tick after tick, or a look would re-read everything (or trust stale rows)."""
    from ui.inspectmodel import belief_signature, signature_of

    t = at_lunch(ui)
    t.select("ada")
    ui.frame()
    m, s = t.inspector.model, t.session
    for _ in range(30):
        s.sim.step()
        s.stamp += 1
        rows = m.rows()
        assert m._tally.signature() == signature_of(rows)
        assert signature_of(rows) == belief_signature(s.sim.store, "ada")
        assert {r.key: i for i, r in enumerate(rows)} == m._index
    assert len(m._rows) > 4


def test_the_footer_counts_one_belief_as_one_belief(ui):
    build(ui.app, "nine_neighbours", seed=0, debug=True)
    ui.frame(2)
    ui.town.select("ava")
    ui.frame()
    assert len(ui.town.inspector.model.rows()) == 1
    assert ui.shows("1 belief") and not ui.shows("1 beliefs")
