"""What a window playtest of bad_blood found on screen, pinned: a long "Paused: …" stays over
the map, wrapped, not across the panel's tabs; the clock says minutes when under an hour is
left; a thing heard of oneself is said in one's pronoun on the case board."""

import pygame

from game import clock
from game.sim import Simulation
from ui.casebook import case_board
from ui.play import build

LONG = ("Paused: Two hours left until 17:00 on day 4 to find out why Ben stayed away, and "
        "who knew; bring Ana and Ben back together before the harvest festival.")


def test_a_long_notice_is_wrapped_over_the_map_not_cut_across_the_tabs(ui):
    build(ui.app, "bad_blood", seed=3)
    ui.frame(2)
    ui.app.toast(LONG, 4.0)
    ui.frame(1)
    shown = [t for t in ui.texts() if t.startswith("Paused:") or "harvest festival." in t]
    assert len(shown) >= 2 and shown[-1].endswith("harvest festival.")  # all, wrapped
    assert not any(t.endswith("…") for t in shown)
    words = " ".join(t for t in ui.texts() if t in LONG)
    assert "bring Ana and Ben back together" in words


def test_under_an_hour_left_the_clock_says_minutes(ui):
    build(ui.app, "bad_blood", seed=3)
    ui.frame(2)
    s = ui.town.session
    s.sim.run(until=clock.parse_when("day 4 16:30"))
    ui.frame(2)
    assert ui.shows("30 min left — deadline day 4 17:00")
    assert not ui.shows("0h left")


def test_a_few_hours_left_the_clock_says_the_minutes_too(ui):
    """'1h left' at 15:10 for a 17:00 deadline, just after the notice "Two hours left" (a
    window playtest): an hour and fifty minutes is said so."""
    build(ui.app, "bad_blood", seed=3)
    ui.frame(2)
    ui.town.session.sim.run(until=clock.parse_when("day 4 15:10"))
    ui.frame(2)
    assert ui.shows("1h 50m left — deadline day 4 17:00")


def test_after_the_ending_the_top_bar_counts_no_time_left(ui):
    """'29h left — deadline day 3 20:00' stood beside 'the story is over' (a playtest)."""
    build(ui.app, "the_ledger", seed=0)
    ui.frame(2)
    s = ui.town.session
    assert any(" left — deadline " in t for t in ui.texts())
    s.sim.command("go clinic")
    s.sim.command("wait 3d")
    assert s.over
    ui.frame(3)
    assert ui.shows("the story is over")
    assert not any(" left — deadline " in t for t in ui.texts()), ui.texts()


def test_a_thing_heard_of_oneself_is_said_in_ones_pronoun_on_the_board():
    sim = Simulation.new("bad_blood", seed=3)
    sim.command("wait until day 4 16:30")
    text = case_board(sim).text()
    assert "Ana: Ana broke off" not in text
    assert "Ana says she broke off with Ben" in text


def test_someone_asked_who_knew_nothing_is_not_listed_as_not_asked(ui):
    """The People tab said Tam was "not asked yet" after he was asked, and knew nothing."""
    build(ui.app, "bad_blood", seed=3)
    ui.frame(2)
    ui.command("ask lin rota location")  # "Lin does not know where the mill rota is."
    ui.key(pygame.K_p)
    ui.frame(2)
    assert ui.town.tab == "people"
    assert ui.shows("asked; knew nothing")
    assert ui.shows("not asked yet")  # (everyone else)


def test_a_faded_token_does_not_come_back_where_the_player_has_since_looked(ui):
    """A window playtest: a faded token (where someone was last seen, or said to be) came
    back at the café each time the player left it, though they had just seen nobody of
    the sort there."""
    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    m = ui.town.map
    ui.command("go cafe")
    ui.command("wait 30")  # Ada is back in her café
    ui.command("go square")
    ui.frame(2)
    assert m._whereabouts()["ada"] == ("cafe", "unseen")  # last seen there
    ui.command("wait until 19:30")  # Ada has gone home
    ui.command("go cafe")
    ui.command("go square")
    ui.frame(2)
    assert "ada" not in m._whereabouts()  # looked since, and she was not there


def test_open_minds_asks_twice_in_play_and_a_first_press_lapses(ui):
    """A stray click on "Open minds" showed a blind playtester every mind and the truth, and
    the ending said they had looked. In play it asks to be pressed again, within a few
    seconds; turning it off, or on again once used, is one press."""
    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    t = ui.town
    ui.key(pygame.K_d)
    assert not t.session.open_minds and not t.session.sim.open_minds_used
    for _ in range(int(5 * 60)):  # five seconds of frames: the first press lapses
        t.update(1 / 60)
    ui.key(pygame.K_d)
    assert not t.session.open_minds  # asked again, not opened
    ui.key(pygame.K_d)
    assert t.session.open_minds and t.session.sim.open_minds_used
    ui.key(pygame.K_d)
    assert not t.session.open_minds  # off at once
    ui.key(pygame.K_d)
    assert t.session.open_minds  # once used, on at once


def test_the_replies_pane_is_as_tall_as_the_map_can_spare(ui, tmp_path):
    """Five lines of replies showed too little of one (a window playtest): at 1280×720 the
    pane holds eight; a window too short to keep the map tall keeps five."""
    from ui import theme as T
    from ui.app import App

    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    r = ui.town.rects
    assert r["dialogue"].height == T.DIALOGUE_H and r["map"].height >= T.MAP_MIN_H
    small = App((1024, 600), headless=True, saves=tmp_path / "s")
    build(small, "missing_key", seed=0)
    small._draw(small._surface(), 0.0)
    assert small.top.rects["dialogue"].height == T.DIALOGUE_MIN


def test_people_seen_on_another_day_say_which(ui):
    """The People tab said "seen at the Plough 12:00" of a day gone by (a window playtest)."""
    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    ui.command("go cafe")
    ui.command("wait 30")  # Ada is back in her café
    ui.command("go square")
    ui.command("wait until day 2 09:00")
    ui.key(pygame.K_p)
    ui.frame(2)
    assert any("seen at Ada's Café day 1 09:" in t for t in ui.texts()), \
        [t for t in ui.texts() if "seen at" in t]


def test_open_minds_after_the_ending_does_not_unmake_it(ui):
    """A window playtest won, then pressed D D to look: the ending then said "You saw every
    mind and the truth during this game, so this ending was not reached on what you found
    out alone" — untrue. Looking after the story is over is not looking during it."""
    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    t = ui.town
    t.session.sim.run(until=clock.parse_when("day 3 18:20"))
    assert t.session.sim.ending
    ui.key(pygame.K_d)  # (after the ending one press opens them: nothing is left to spoil)
    assert t.session.open_minds and not t.session.sim.open_minds_used


def test_a_day_or_more_left_the_clock_says_days_and_hours_all_along(ui):
    """"2d 0h left", then "47h left", then "5h 30m left" read as three clocks (a window
    playtest): from a day out, days and hours."""
    build(ui.app, "bad_blood", seed=3)
    ui.frame(2)
    s = ui.town.session
    for when, words in (("day 2 17:00", "2d left"), ("day 2 18:00", "1d 23h left"),
                        ("day 3 16:00", "1d 1h left"), ("day 3 17:00", "1d left"),
                        ("day 3 18:00", "23h left")):
        s.sim.run(until=clock.parse_when(when))
        ui.frame(2)
        assert ui.shows(f"{words} — deadline day 4 17:00"), (when, ui.texts())


def test_someone_who_came_round_in_front_of_you_is_not_listed_as_knowing_nothing(ui, tmp_path):
    """Hana said she did not know, then came round to Dee when shown the key: the People tab
    still said "asked; knew nothing" (a window playtest)."""
    walk = tmp_path / "w.txt"
    walk.write_text("day 1 09:00 go inn\n+ ask fen key location\n+ go cafe\n"
                    "+ search drawer\n+ take key\n+ go market\n+ wait until 12:30\n"
                    "+ go cafe\n+ show hana key\n")
    build(ui.app, "missing_key", seed=0, commands=walk)
    ui.frame(2)
    known = ui.town.session.known()
    assert "hana" in known.reacted, [s for s in known.said if s.teller == "hana"]
    known.told.pop("hana", None)  # (here she had said a thing besides, overheard)
    known.asked.add("hana")
    assert ui.town.roster._count("hana") == "showed you where they stand"


def test_a_narrow_window_says_the_status_short_and_whole(ui, tmp_path):
    """At 960 wide the status read "paused — Space t…" and "2d 8h left — dead…" (a window
    playtest; drawn at the least size, 1024 × 600, and scaled): the short words, whole; a
    wide window keeps the long ones."""
    from ui import theme as T
    from ui.app import App

    def status(app) -> list[str]:
        build(app, "missing_key", seed=0)
        app.top.session.sim.run(until=clock.parse_when("day 1 10:00"))
        T.drawn.clear()
        app._draw(app._surface(), 0.0)
        shown = list(T.drawn)
        assert not any(t.endswith("…") and ("paused" in t or " left" in t) for t in shown)
        return shown

    shown = status(ui.app)
    assert "paused — Space to run" in shown and "2d 8h left — deadline day 3 18:00" in shown
    shown = status(App((960, 600), headless=True, saves=tmp_path / "s"))
    assert "paused" in shown and "2d 8h left" in shown, shown


def test_the_map_draws_talk_only_between_two_still_at_its_place(ui):
    """A talk of the last tick was drawn from where each now stands: a line from the Lane
    to the Chapel, its bubble over another place's name, after they had parted (a playtest of
    Nine Neighbours). Drawn while both are there; not once one has gone."""
    from ui.widgets.map import TALK_KINDS

    build(ui.app, "nine_neighbours", seed=0)
    ui.frame(2)
    s = ui.town.session
    s.sim.run(until=clock.parse_when("day 1 13:00"))
    s.jumped()
    drawn = parted = 0
    while s.now < clock.parse_when("day 1 17:00"):
        s.step()
        ui.frame(2)
        lines = ui.town.map.talk_lines
        for ev in s.recent():
            if ev["kind"] not in TALK_KINDS or not ev["target"]:
                continue
            there = {s.sim.state[ev["actor"]].place, s.sim.state[ev["target"]].place}
            shown = (ev["actor"], ev["target"], ev["place"]) in lines
            assert shown == (there == {ev["place"]}), (clock.fmt(s.now), ev["summary"])
            drawn += shown
            parted += not shown
    assert drawn and parted  # both cases were met


def test_a_value_too_long_for_its_column_goes_on_to_a_second_line(ui):
    """"Ava and B…" in a mind's Value column, for "Ava and Ben's" (a playtest): the words
    that do not fit go on to the row's second line."""
    build(ui.app, "nine_neighbours", seed=0)
    ui.frame(2)
    ui.town.session.sim.run(until=clock.parse_when("day 5 14:00"))
    ui.town.session.jumped()
    ui.town.select("ben")
    ui.frame(3)
    texts = ui.texts()
    assert "Ava and" in texts and "Ben's" in texts, texts
    assert not any(t.startswith("Ava and B") and t.endswith("…") for t in texts)


def test_a_narrow_notebook_keeps_the_value_whole_on_two_lines(tmp_path):
    """At 1024 wide the notebook's values read "on da…" and "the ol…": the source words
    under the claim ("read in a document") kept the value off the row's second line (a window
    playtest). The value wraps; the source words are cut short instead."""
    from ui.app import App

    from .conftest import Harness

    ui = Harness(App((1024, 600), headless=True, saves=tmp_path / "s"))
    build(ui.app, "cancelled_meeting", seed=0)
    ui.frame(2)
    ui.command("search")
    ui.town.select("player")
    ui.frame(3)
    texts = ui.texts()
    assert "the old" in texts and "hall" in texts, texts
    assert not any(t.startswith(("on da", "the ol")) and t.endswith("…") for t in texts)
