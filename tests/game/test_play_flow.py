"""Pacing and continuity of play (issue 9): every attempted verb costs its time, arrival comes
after the tick's departures so "Here: …" holds for the next verb, `where is` answers from what
the player saw or was told, and the transcript is part of a save."""

import pytest

from game import clock
from game.commands import CommandError
from game.player import PLAYER
from game.sim import Simulation
from tests.game.conftest import as_author


def test_a_walk_that_cannot_be_begun_costs_nothing():
    """"go the mill" at the mill said "(could not) You are already at the Mill." and ten
    minutes went by (a playtest): no step was taken."""
    sim = Simulation.new("missing_key", seed=0)
    t = sim.now
    r = sim.command("go square")  # you are in the square
    assert not r.ok and "already at" in r.text() and sim.now == t
    assert sim.command("go cafe").ok and sim.now == t + clock.TICK


def test_asking_someone_who_is_not_here_costs_nothing():
    """Both playtesters read "Ada is not here. ▸ Here now: Ada." as a contradiction: the
    failed ask let ten minutes pass, in which she came. `look` says who is here for free."""
    sim = Simulation.new("missing_key", seed=0)
    t = sim.now
    r = sim.command("ask ada key moved")  # Ada is at her café; you are in the square
    assert not r.ok and r.text() == "Ada is not here." and sim.now == t
    for line in ("why ada key moved", "who ada", "tell ada key moved cy", "bring ada"):
        assert not sim.command(line).ok and sim.now == t, line


def test_who_is_here_stays_true_for_the_next_verb():
    """Walking takes the tick; you arrive after whoever leaves in it has left."""
    for time, place in (("day 1 11:50", "cafe"), ("day 1 18:50", "cafe"),
                        ("day 1 12:50", "market"), ("day 1 19:00", "inn")):
        sim = Simulation.new("missing_key", seed=0)
        start = clock.parse_when(time)
        if start > sim.now:
            sim.run(until=start)
        r = sim.command(f"go {place}")
        mark = [ln.text for ln in r.lines if ln.kind == "mark"][-1]
        here = [x for x in sim.present(place) if x != PLAYER]
        if not here:
            assert mark == "Nobody is here."
            continue
        for rid in here:
            assert sim.name(rid) in mark
        assert sim.command(f"ask {here[0]} key moved").ok, (time, mark)


def test_arriving_just_as_someone_leaves_does_not_list_them():
    sim = Simulation.new("missing_key", seed=0)
    sim.run(until=clock.parse_when("day 1 18:50"))
    assert sim.state["ada"].place == "cafe"  # she leaves at 19:00, as the walk ends
    r = sim.command("go cafe")
    assert "Here: Ada" not in r.text()
    assert sim.state[PLAYER].place == "cafe" and sim.now == clock.parse_when("day 1 19:00")


def test_where_is_answers_from_what_you_saw_or_were_told():
    sim = Simulation.new("missing_key", seed=0)
    assert "have not seen Fen" in sim.command("where is fen").text()
    assert sim.now == clock.parse_when("day 1 09:00")  # a look in your notes: no time
    sim.command("go inn")
    assert "Fen is here" in sim.command("where is fen").text()
    sim.command("who fen day 1 08:10")
    # The minute you asked about, not the hour her answer is filed under.
    assert "Fen told you Dee was at Ada's Café at 08:10 on day 1" in \
        sim.command("where dee").text()
    sim.command("go square")
    assert "You last saw Fen at the Drowsy Fox" in sim.command("where fen").text()


def test_someone_talked_with_as_they_left_was_seen():
    """The playtest: Quill, listed on arrival and answering a question in the minute he left
    his house, was then "not seen" by `where is` (his stay ended as the player's began)."""
    sim = Simulation.new("cancelled_meeting", seed=1)
    for c in ("search square", "go inn", "go school", "go hall"):
        sim.command(c)
    assert "Here: Quill" in sim.command("go quill house").text()
    assert clock.fmt(sim.now) == "day 1 08:50"
    assert sim.command("ask quill meeting when").ok
    assert sim.state["quill"].place != "quill_home"  # he left as the answer's minutes ended
    text = sim.command("where is quill").text()
    assert "You last saw Quill at Quill's house from 08:50 to 09:00 on day 1" in text, text


def test_someone_who_left_as_the_player_arrived_was_not_seen():
    """A second playtest: arriving at Quill's house at 09:00, the minute he leaves for the
    old hall, said "Nobody is here", yet `where is quill` then said "You last saw Quill at
    Quill's house at 09:00". Everyone has moved for a minute before the player arrives in it,
    so he was never in sight."""
    sim = Simulation.new("cancelled_meeting", seed=1)
    for c in ("wait 10", "search square", "go inn", "go school", "go hall"):
        sim.command(c)
    assert "Nobody is here." in sim.command("go quill house").text()
    assert clock.fmt(sim.now) == "day 1 09:00"
    assert "You have not seen Quill" in sim.command("where is quill").text()


def test_a_reply_says_what_the_player_saw_happen_while_its_time_passed():
    """The playtest: waiting in the old hall as Quill left the handbill on his desk said only
    "You wait 20 minutes", yet 'take handbill' then worked — learnt in silence. And a long
    wait by the notice board said nothing of the notices pinned up in front of the player."""
    sim = Simulation.new("cancelled_meeting", seed=1)
    sim.command("wait 10")
    text = sim.command("wait 26h").text()
    # Over more than a day, each time says its day ("At 10:00: …" beside "At 10:00 on day
    # 2: …" left the first unplaced: a playtest); within a day, the time alone.
    assert "At 10:00 on day 1: Quill pinned up a notice: the meeting is cancelled" in text
    assert "At 10:00 on day 2: Quill pinned up a new notice" in text
    sim.command("go hall")
    text = sim.command("wait 20").text()
    assert "At 10:20: Quill left a spare copy of the new notice on his desk" in text, text
    assert sim.command("take handbill").ok
    # Nothing seen, nothing said: a wait in an empty house lists nothing.
    quiet = Simulation.new("cancelled_meeting", seed=1)
    quiet.command("go quill house")
    assert "At " not in quiet.command("wait 10").text().replace("It is", "")


def test_looking_around_reads_the_notice_that_hangs_there():
    """The playtest: 'search square' found "nothing of note" by the notice board, yet the
    case board then said the player had read it."""
    sim = Simulation.new("cancelled_meeting", seed=1)
    text = sim.command("search square").text()
    assert "The notice board says: the town meeting is on day 2 at six; the town meeting " \
           "is in the old hall." in text and "nothing of note" not in text, text
    sim.flush()
    b = sim.store.belief(PLAYER, "meeting", "when", history=False)
    assert b is not None and b.value == "d2_1800"
    sim.command("wait 26h")
    assert "the town meeting is on day 3 at six; the town meeting is in the schoolroom" in \
        sim.command("search").text()
    sim.command("go hall")
    assert "nothing of note" in sim.command("search hall").text()  # no notice there


def test_a_wait_the_story_ends_in_says_it_ended():
    """The playtest: 'wait 100h' said "It is 14:10 on day 2." when the story had ended."""
    sim = Simulation.new("cancelled_meeting", seed=1)
    text = sim.command("wait 100h").text()
    assert sim.ending and "The story ended at 18:10 on day 3, before the time you waited " \
        "for." in text, text
    assert "It is 09:00 on day 1." in Simulation.new("cancelled_meeting", seed=1).command(
        "wait 1h").text()


def test_who_with_no_time_on_the_hour_asks_about_the_minute_gone_by():
    """The playtest: 'who tilly' beside her at 09:00 got "I can't remember where I was" —
    the hour now was not yet in her memory."""
    sim = Simulation.new("the_ledger", seed=1)
    for c in ("go clinic", "wait 50"):
        sim.command(c)
    assert sim.now == clock.parse_when("day 1 09:00")
    text = sim.command("who tilly").text()
    assert "can't remember" not in text and "At 08:50 on day 1 I was at Oswin's Apothecary" \
        in text, text


def test_a_reply_says_who_came_or_went_where_the_player_stayed():
    """The playtest: arriving at Greta's cottage said "Nobody is here", she came home in the
    next ten minutes, and no reply said so — yet `where is` then knew she had been there."""
    sim = Simulation.new("the_ledger", seed=2)
    for c in ("go apothecary", "wait 80", "go well"):
        sim.command(c)
    assert "Nobody is here." in sim.command("go greta cottage").text()
    text = sim.command("wait 10").text()
    assert "Here now: Greta." in text, text
    # Nobody coming or going, nothing said; walking on, the arrival's "Here: …" says it.
    assert "Here now" not in sim.command("wait 10").text()
    assert "Here now" not in sim.command("go mira cottage").text()


def test_who_with_no_time_in_the_first_minute_asks_of_the_minute_before():
    """A playtest: 'who lin' in the first minute said no time had gone by, while 'who lin
    03:00' answered of the night before: everyone's day is written from the start's own."""
    sim = Simulation.new("cancelled_meeting", seed=1)
    r = sim.command("who ora")
    assert r.ok and "At 07:50 on day 1 I was at the Lamb" in r.text(), r.text()


def test_who_with_no_time_before_any_is_written_costs_nothing(monkeypatch):
    from game.scenario import loader

    sim = Simulation.new("cancelled_meeting", seed=1)
    monkeypatch.setattr(loader, "written_from", lambda sc: sim.now)
    r = sim.command("who ora")
    assert not r.ok and "No time has gone by yet" in r.text() and sim.now == \
        clock.parse_when("day 1 08:00")


def test_a_notice_saying_one_thing_twice_is_read_once():
    sim = Simulation.new("the_ledger", seed=1)
    sim.command("go clinic")
    text = sim.command("search").text()
    assert text.count("Mira is not allergic to willowbark") == 1, text


def test_the_transcript_is_saved_and_restored(tmp_path):
    sim = Simulation.new("missing_key", seed=0)
    for c in ("go inn", "ask fen key moved"):
        sim.command(c)
    as_author(sim, "tell fen cy at counter no")
    before = [(e.kind, e.who, e.text, e.at) for e in sim.transcript.entries()]
    assert ("command", "", "ask fen key moved", clock.parse_when("day 1 09:10")) in before
    assert any(k == "speech" and who == "Fen" for k, who, _, _ in before)
    sim.save(tmp_path / "s.db")
    again = Simulation.load(tmp_path / "s.db")
    assert [(e.kind, e.who, e.text, e.at) for e in again.transcript.entries()] == before


def test_someone_brought_along_says_when_they_go_their_own_way():
    """A playtest: Rue followed "until 12:30", then was no longer with the player, with
    nothing said."""
    sim = Simulation.new("cancelled_meeting", seed=0)
    sim.run(until=clock.parse_when("day 2 10:40"))
    for c in ("go inn", "ask pat meeting when", "bring pat", "go square"):
        assert sim.command(c).ok, c
    assert "own way" not in sim.command("wait 2h").text()
    until = sim.state["pat"].follow_until
    text = sim.command("wait 1h").text()
    # On a long wait, at the minute their time ran out (a playtest read Ana's as said after
    # a deadline two days on).
    assert f"▸ At {clock.fmt_clock(until)}: Pat went their own way." in text, text
    assert "own way" not in sim.command("wait 1h").text()


def test_a_thing_shown_again_is_seen_before_once_and_a_head_shaken_says_at_what():
    """A playtest: showing the handbill (two claims) to Vee again said "Vee has seen it before;
    nothing changes." twice; and after a mediation "Pat shakes their head: they do not
    believe it." named nothing."""
    sim = Simulation.new("cancelled_meeting", seed=0)
    sim.run(until=clock.parse_when("day 2 10:30"))
    for c in ("go hall", "ask quill handbill location", "search desk", "take handbill",
              "go school", "show vee handbill"):
        assert sim.command(c).ok, c
    again = sim.command("show vee handbill").text()
    assert again.count("Vee has seen it before; nothing changes.") == 1, again
    from game import visible
    from game.visible import Held

    ch = visible.change(sim, "vee", "meeting.when", "d2_1800",
                        Held("d3_1800", 80, "influencing"), Held("d3_1800", 80, "influencing"))
    assert ch.line == ("Vee shakes their head: they do not believe that the town meeting is "
                       "on day 2 at six."), ch.line


def test_a_reaction_about_oneself_says_he_not_his_name():
    """A playtest: "Ben nods: it is as he thought, and he's surer now that Ben stayed away
    from the supper…" — Ben of himself, in the third person."""
    from game import visible
    from game.visible import Held

    sim = Simulation.new("bad_blood", seed=9)
    was = Held("working", 60, "influencing")
    line = visible.change(sim, "ben", "ben.refused_why", "working", was,
                          Held("working", 80, "influencing")).line
    assert line == ("Ben nods: it is as he thought, and he's surer now that he stayed away "
                    "from the supper because of the night shift at the mill."), line
    assert "that Ben stayed away" in visible.change(
        sim, "ana", "ben.refused_why", "working", was, Held("working", 80, "influencing")).line


def test_someone_brought_along_who_goes_to_bed_goes_their_own_way():
    """A review: Pat, brought along at 20:00, was asleep at home by 22:00 while `look` still
    said "With you: Pat" and a walk brought the sleeping Pat along."""
    sim = Simulation.new("cancelled_meeting", seed=0)
    sim.run(until=clock.parse_when("day 1 20:00"))
    for c in ("go inn", "ask pat meeting when", "bring pat", "go square", "wait 1h"):
        assert sim.command(c).ok, c
    assert "Pat goes their own way." in sim.command("wait 1h").text()
    assert sim.state["pat"].status == "asleep" and sim.state["pat"].following is None
    assert "With you" not in sim.command("look").text()
    assert "comes with you" not in sim.command("go inn").text()


def test_why_after_asking_does_not_repeat_the_note():
    """A playtest: every `why` repeated the previous `ask`'s "Noted: …" line word for word."""
    sim = Simulation.new("missing_key", seed=0)
    for c in ("go cafe", "wait"):
        sim.command(c)
    note = [ln.text for ln in sim.command("ask ada key moved").lines if ln.kind == "mark"]
    assert note and note[0].startswith("Noted: Ada says")
    why = sim.command("why ada key moved")
    assert why.ok and note[0] not in why.text() and "Bo told me" in why.text()


def test_replies_a_playtest_of_the_ledger_found_at_odds():
    """A playtest of the_ledger: "she's surer now that she is allergic", then the next answer
    "torn between two accounts"; "Tilly already knows … nothing changes" of a torn Tilly;
    "There were you and Tilly there"; and a walk with Mira said "Here: Mira" where `look`
    said "With you: Mira. Nobody else is here"."""
    from game import visible
    from game.visible import Held

    sim = Simulation.new("the_ledger", seed=4)
    torn = Held("yes", 60, "doubtful")
    assert visible.change(sim, "mira", "mira.willowbark_allergy", "yes", torn,
                          Held("yes", 70, "doubtful"), seen=True).line.endswith(
        "surer now that she is allergic to willowbark, though she's torn between two accounts.")
    assert visible.change(sim, "tilly", "mira.willowbark_allergy", "yes", torn, torn).line == (
        "Tilly is torn over whether Mira is allergic to willowbark; nothing changes.")
    text = sim.words.render("who", "k", s={
        "time": "14:00 on day 1", "place": "Oswin's Apothecary", "asleep": False,
        "away": False, "forgot": False, "memory": "sure", "sure": "you and Tilly", "sure_n": 2,
        "think": "", "think_n": 0, "hazy": "", "hazy_n": 0, "sure_you": True})
    assert "I saw you and Tilly there." in text, text
    sim.run(until=clock.parse_when("day 1 10:00"))
    for c in ("go mira cottage", "ask mira mira allergy", "bring mira"):
        assert sim.command(c).ok, c
    walk = sim.command("go well").text()
    assert "Mira comes with you." in walk and "Here: Mira" not in walk, walk


def test_who_about_the_minute_now_is_not_a_memory_yet():
    """A playtest: asked at 14:00 where he was at 14:00, Joss, in front of the player, said
    "It's gone — I couldn't tell you where I was"."""
    sim = Simulation.new("the_ledger", seed=11)
    sim.run(until=clock.parse_when("day 1 14:00"))
    sim.command("go apothecary")  # 14:10 now, with Joss there
    assert "Joss" in sim.command("look").text()
    r = sim.command(f"who joss day 1 {clock.fmt_clock(sim.now)}")
    assert not r.ok and "That is now" in r.text() and r.minutes == 0, r.text()
    sim.command("wait 10")
    assert "It's gone" not in sim.command("who joss").text()


def test_wait_until_a_time():
    """A playtest typed 'wait until day 3 20:00' and was refused."""
    sim = Simulation.new("the_ledger", seed=0)  # starts day 1 08:00
    assert "You wait until 12:00 on day 1." in sim.command("wait until 12:00").text()
    assert sim.now == clock.parse_when("day 1 12:00")
    r = sim.command("wait until day 1 11:00")
    assert not r.ok and "already past" in r.text() and sim.now == clock.parse_when("day 1 12:00")
    # no day: a time gone by within six hours is a slip, refused (it waited a day, silently)
    r = sim.command("wait until 09:00")
    assert not r.ok and "type wait until day 2 09:00" in r.text(), r.text()
    sim.command("wait until 05:00")  # one long gone: the next to come
    assert sim.now == clock.parse_when("day 2 05:00")
    sim.command("wait until day 2 09:15")  # time passes in whole ticks, up to it
    assert sim.now == clock.parse_when("day 2 09:20")
    with pytest.raises(CommandError, match="is not a time"):
        sim.command("wait until soon")
    r = sim.command("wait until day 40 08:00")  # as `wait`: at most 7 days, and nothing lost
    assert not r.ok and "at most 7 days" in r.text() and sim.now == clock.parse_when(
        "day 2 09:20")


def test_a_long_wait_says_who_came_and_went():
    """A playtest: a wait from the evening to the next morning said nothing, and `where is
    ora` then said "You last saw Ora at Town Square from 08:00 to 09:00 on day 2". Who came
    and went while the player stayed is said, in the minutes `where` gives."""
    from game import clock

    sim = Simulation.new("cancelled_meeting", seed=0)
    sim.run(until=clock.parse_when("day 1 18:00"))
    text = sim.command("wait until day 2 09:30").text()
    assert "Came and went while you were here: Ora (08:00 to 09:00 on day 2)." in text
    assert "You last saw Ora at Town Square from 08:00 to 09:00 on day 2." in \
        sim.command("where is ora").text()
    short = Simulation.new("cancelled_meeting", seed=0)
    assert "Came and went" not in short.command("wait 10").text()


def test_stays_over_days_name_their_day():
    """A playtest: "Mo (06:00 on day 3 to 12:30 on day 3) … and Mo (06:00 to 12:30)" — the
    last, on today, read as the first again."""
    from game import clock
    from game.player import span_words

    now = clock.parse_when("day 4 17:00")
    day3, day4 = clock.parse_when("day 3 06:00"), clock.parse_when("day 4 06:00")
    assert span_words(day3, day3 + 390, now, True) == "06:00 to 12:30 on day 3"
    assert span_words(day4, day4 + 390, now, True) == "06:00 to 12:30 on day 4"
    assert span_words(day4, day4 + 390, now) == "06:00 to 12:30"
    assert span_words(day3 + 720, day4 + 60, now) == "18:00 on day 3 to 07:00 on day 4"
    assert span_words(day4, day4, now) == "at 06:00"
