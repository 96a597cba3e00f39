"""What a new player types first and reads back (a playtest, 2026-12-03): `look` and `help`,
a reply that says how the story ended, a source named as the teller gave it, a mediation
after someone has shown where they stand, and a brief for a town with no player."""

import pytest
from click.testing import CliRunner

from game import clock
from game.commands import CommandError, parse
from game.player import heard_from
from game.sim import Simulation
from ui.cli import main


def test_look_says_where_you_are_who_is_here_and_what_you_could_search_for_no_time():
    sim = Simulation.new("bad_blood", seed=1)
    sim.command("go mill")
    now = sim.now
    text = sim.command("look").text()
    assert sim.now == now
    assert "You are at the Mill" in text and "Here: Mo." in text
    assert "Spots you could search here: the office and the floor." in text
    assert "desk" not in text  # hidden, no lead yet
    sim.command("ask mo mill_rota location")
    assert "the office, the floor and the desk" in sim.command("look around").text()
    with pytest.raises(CommandError, match="Type it as: look"):
        sim.command("look at mo")


def test_look_names_what_hangs_here_and_what_you_carry():
    sim = Simulation.new("cancelled_meeting", seed=1)
    assert "The notice board is here: search to read it." in sim.command("look").text()
    sim.command("search")  # read as it stands: said so (it said "search to read it" still)
    assert "The notice board is here: you have read it." in sim.command("look").text()
    sim.command("go inn")  # away while Quill pins up a new notice at 10:00
    sim.run(until=clock.parse_when("day 1 10:20"))
    sim.command("go square")
    assert "The notice board is here: search to read it." in sim.command("look").text()
    sim = Simulation.new("bad_blood", seed=1)
    for line in ("go mill", "ask mo mill_rota location", "search desk", "take rota"):
        sim.command(line)
    assert "You carry the mill rota." in sim.command("look").text()


def test_help_lists_every_verb_with_what_it_needs():
    sim = Simulation.new("missing_key", seed=0)
    r = sim.command("help")
    assert r.ok and r.minutes == 0
    for usage in ("go PLACE", "ask RESIDENT CLAIM", "search [PLACE or PLACE.SPOT]", "look"):
        assert usage in r.text()
    assert parse("help", sim.names()).verb == "help"


def test_the_reply_that_ends_the_story_says_how_it_ended():
    sim = Simulation.new("cancelled_meeting", seed=3)
    text = sim.command("wait 7d").text()
    assert "\n▸ The story is over: Too few in the schoolroom.\n" in text
    assert text.index("The story is over") > text.index("The story ended at")
    assert not sim.command(parse("wait", sim.names())).ok  # and nothing after it


def test_a_teller_who_had_it_from_a_notice_is_not_said_to_have_read_it():
    """Sam said "Ora told me — read it on the notice board"; the note said "they had read it
    in the notice board", and `why` "Ora had it from notice"."""
    sim = Simulation.new("cancelled_meeting", seed=3)
    for line in ("go inn", "wait 20"):
        sim.command(line)
    text = sim.command("ask sam meeting when").text()
    assert "Ora told me — read it on the notice board" in text
    assert "said it came from the notice board" in text and "read it in" not in text
    assert "heard it from Ora, who said it came from the notice board" in text
    assert "Ora read it on the notice board." in sim.command("why sam meeting when").text()


def test_having_seen_how_someone_took_a_thing_shown_is_knowing_where_they_stand():
    """'show sam handbill' (Sam: "Yes, I know…"), then 'mediate sam ned …' said "You do not
    know where Sam stand on …". Ada, never asked who moved her key but seen to change her
    mind at the sight of it, can be sat down over it; a shake of the head would not do, nor
    does a reaction count for coming along (`bring`)."""
    sim = Simulation.new("missing_key", seed=1)
    for line in ("go inn", "ask fen ada_key.location", "ask fen ada_key.moved_by",
                 "bring fen", "go cafe", "search drawer", "take key"):
        assert sim.command(line).ok
    assert not any(e["target"] == "ada" for e in sim.world.log(kind="ask"))
    refused = sim.command("mediate ada fen ada_key.moved_by")
    assert not refused.ok and "only the brief's word for where Ada stands" in refused.text()
    assert "changes her mind" in sim.command("show ada key").text()
    assert heard_from(sim, "ada", "ada_key.moved_by")
    assert not heard_from(sim, "ada")  # for coming along, a reaction is not her account
    assert sim.command("mediate ada fen ada_key.moved_by").ok


def test_a_search_somewhere_else_takes_no_time():
    sim = Simulation.new("the_ledger", seed=1)
    now = sim.now
    r = sim.command(parse("search clinic.desk", sim.names()))
    assert not r.ok and sim.now == now
    # which desk, and where the player is ("You are not at Oswin's Apothecary" was read, at
    # Oswin's house, as nonsense: a playtest)
    assert r.text() == "The desk you know of is in Oswin's Apothecary, and you are at Mill Lane."
    assert sim.command("search clinic").text() == "You are not at Oswin's Apothecary."


def test_the_brief_of_a_town_with_no_player_offers_no_verbs():
    out = CliRunner().invoke(main, ["brief", "nine_neighbours"])
    assert out.exit_code == 0
    assert "Verbs:" not in out.output and "For example" not in out.output
    assert "There is no player in this scenario" in out.output
    assert "Ava and Ben's  (spots: shed)" in out.output  # nothing to type: no word for it


def test_a_place_named_for_two_people_is_typed_as_both_names():
    from game import short_words

    sim = Simulation.new("nine_neighbours", seed=0)
    assert short_words(sim.names(), "places", "home_a") == "ava ben"


def test_bad_bloods_who_knew_is_found_by_hearing_those_who_knew():
    """The goal says "find out why Ben stayed away, and who knew"; the case board had no
    finding for "who knew", so a win through Ben alone read as everything found."""
    sim = Simulation.new("bad_blood", seed=1)
    before = sim.stages_reached()
    sim.command("ask lin ben refused")
    sim.command("go mill")
    sim.command("ask mo ben refused")
    found = sim.stages_reached() - before
    assert {"lin_knew", "mo_knew"} <= found and "pia_saw" not in found


def test_someone_asked_where_they_were_at_home_says_at_home():
    """Mira said "I was at Mira's cottage"."""
    sim = Simulation.new("the_ledger", seed=0)
    for line in ("go mira_home", "wait 2h", "who mira day 1 09:30"):
        r = sim.command(line)
    assert "I was at home" in r.text() and "Mira's cottage" not in r.text().split("▸")[0]


def test_a_thing_shown_again_is_said_to_be_seen_already():
    """Shown the card a second time, Tilly said "I don't see what that has to do with it"
    and shook her head as if she did not believe it."""
    sim = Simulation.new("the_ledger", seed=1)
    for line in ("go clinic", "ask tilly oswin_card location", "go oswin_home", "search desk",
                 "take card", "go clinic"):
        sim.command(line)
    first = sim.command("show tilly card").text()
    assert "already" not in first
    again = sim.command("show tilly card").text()
    assert "You've shown me Oswin's old index card already." in again
    assert "Tilly has seen it before; nothing changes." in again
    assert "does not believe" not in again


def test_a_tick_left_half_run_when_its_database_closes_ends_quietly():
    """Python 3.13 printed 'Exception ignored in: <generator object Simulation.stepping>'
    (a rollback on a closed database) when a town was dropped mid-tick."""
    import gc
    import sys

    caught = []
    hook, sys.unraisablehook = sys.unraisablehook, caught.append
    try:
        sim = Simulation.new("missing_key", seed=0)
        tick = sim.stepping()
        next(tick)  # a tick under way, its transaction open
        sim.db.conn.close()
        tick.close()
        del tick
        gc.collect()
    finally:
        sys.unraisablehook = hook
    assert not caught
    sim = Simulation.new("missing_key", seed=0)
    tick = sim.stepping()
    next(tick)
    tick.close()  # abandoned with the database open: its transaction ended, as before
    assert not sim.db.conn.in_transaction
    # (and the journal back on, for what runs between ticks: a command can be undone)
    assert sim.db.execute("PRAGMA journal_mode").fetchone()[0] == "memory"


def test_look_and_help_read_alike_in_walkthroughs_and_typed():
    for text, args in (("look around", ()), ("look", ()), ("help ask", ())):
        assert parse(text).args == args  # no vocabulary: as a walkthrough line is checked
        assert parse(text, Simulation.new("missing_key", seed=0).names()).args == args
    with pytest.raises(CommandError, match="Type it as: look"):
        parse("look at fen")


def test_writing_is_read_on_a_board_or_a_notice_and_in_a_ledger():
    from game.sources import read_at

    assert read_at("the notice board") == "on the notice board"
    assert read_at("the notice at the well") == "on the notice at the well"
    assert read_at("the new ledger") == "in the new ledger"


def test_a_very_long_line_is_refused_without_being_echoed_back():
    sim = Simulation.new("missing_key", seed=0)
    with pytest.raises(CommandError) as e:
        sim.command("ask ada " + "key " * 2000)
    assert len(str(e.value)) < 100 and "8,008 characters" in str(e.value)


def test_a_command_short_of_words_says_how_to_type_it_in_the_players_terms():
    # 'usage: ask RESIDENT CLAIM' read to a playtester as a developer's message
    sim = Simulation.new("missing_key", seed=0)
    for typed, shape in (("ask ada", "ask RESIDENT CLAIM"), ("where", "where is RESIDENT"),
                         ("tell ada key", "tell RESIDENT CLAIM VALUE [anonymously]")):
        with pytest.raises(CommandError) as e:
            sim.command(typed)
        assert str(e.value) == f"Type it as: {shape}. Type help for every command."
