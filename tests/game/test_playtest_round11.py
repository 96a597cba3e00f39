"""A CLI playtest of Bad Blood, 2026-12-07: time a walkthrough jumps over is lived, not skipped."""

from game.sim import Simulation
from game.walkthrough import play

GAP = """day 2 08:00 go bakery
+ ask ana ben refused
+ bring ana
+ go mill
12:50 wait 10m
"""


def _played(text: str, to_end: bool = False):
    sim = Simulation.new("bad_blood", seed=0)
    return sim, play(sim, None, text=text, to_end=to_end)


def test_a_timed_line_says_what_was_seen_since_the_last():
    """08:30 go mill, then 12:50: Ana walking off at 11:20 and what Pia said at 10:30 were
    nowhere in the transcript, and the ending counted what was overheard (a playtest)."""
    _, played = _played(GAP)
    step = played.steps[-1]
    assert step["command"] == "wait 10m"
    passed = step["meanwhile"]
    assert passed["from"] == "day 2 08:40" and passed["to"] == "day 2 12:50"
    assert "At 11:20: Ana went her own way." in passed["reply"]
    assert "Pia told Mo" in passed["reply"]
    assert all("meanwhile" not in s for s in played.steps[:-1])  # (no time jumped over)


def test_watching_the_time_pass_changes_nothing_in_the_world():
    sim, _ = _played(GAP)
    quiet = Simulation.new("bad_blood", seed=0)
    # The same ticks as running the clock to each line's time: the world logs agree.
    from game import clock
    quiet.run(until=clock.parse_when("day 2 08:00"))
    for typed in ("go bakery", "ask ana ben refused", "bring ana", "go mill"):
        quiet.command(typed)
    quiet.run(until=clock.parse_when("day 2 12:50"))
    quiet.command("wait 10m")
    assert sim.world.log_hash() == quiet.world.log_hash()


def test_the_story_run_on_to_its_end_is_told_too():
    _, played = _played("day 2 08:00 go mill\n", to_end=True)
    assert played.after is not None
    assert played.after["to"] == "day 4 17:10"
    assert "The story is over" in played.after["reply"]
    assert "after" in played.as_dict()


def test_the_command_line_prints_the_time_passed(tmp_path):
    from click.testing import CliRunner

    from ui.cli import main

    walk = tmp_path / "gap.txt"
    walk.write_text(GAP, encoding="utf-8")
    out = CliRunner().invoke(main, ["run", "bad_blood", "--commands", str(walk)]).output
    assert "  … day 2 08:40 to 12:50, as time went by:" in out
    assert out.index("as time went by") < out.index("> day 2 12:50  wait 10m")
    assert out.count("The story is over: Two tables") == 1  # (told once: not again after)


def test_inspect_names_a_source_as_why_does(tmp_path):
    """A developer's trial: `inspect` said "hearsay" where `why` said "testimony"."""
    from click.testing import CliRunner

    from ui.cli import main

    save = tmp_path / "mk.db"
    run = CliRunner().invoke(main, ["run", "missing_key", "--seed", "1", "--days", "1",
                                    "--save", str(save)])
    assert run.exit_code == 0, run.output
    table = CliRunner().invoke(main, ["inspect", str(save), "-r", "ada", "--claim",
                                      ".moved_by"]).output
    why = CliRunner().invoke(main, ["why", str(save), "ada", "ada_key.moved_by"]).output
    assert "testimony" in why and "│ testimony │" in table and "│ hearsay │" not in table


def test_one_spoken_of_within_a_claim_takes_their_pronoun():
    """'Ben says Ivo owes Ben money — he spoke of himself', on the case board (a playtest)."""
    sim = Simulation.new("bad_blood", seed=0)
    assert sim.say_claim("ivo.owes", "ben", them="ben") == "Ivo owes him money"
    assert sim.say_claim("ivo.owes", "ben") == "Ivo owes Ben money"


def test_a_thing_named_as_many_takes_were():
    """'Ava's shears was moved by Dot' (a window playtest): `plural = true` on the object."""
    sim = Simulation.new("nine_neighbours", seed=0)
    assert sim.say_claim("ava_shears.moved_by", "dot") == "Ava's shears were moved by Dot"
    assert sim.say_claim("ava_shears.location", "missing") == "Ava's shears are missing"
    assert sim.say_claim("ava_shears.moved_by", "dot", me="ava") == "my shears were moved by Dot"
    key = Simulation.new("missing_key", seed=0)
    assert key.say_claim("ada_key.location", "missing") == "Ada's key is missing"


def test_one_standing_by_sees_which_remedy_tilly_gives():
    """'Tilly treated Mira' said not which, and the ending said willowbark (a playtest)."""
    sim = Simulation.new("the_ledger", seed=0)
    from pathlib import Path

    walk = Path("content/scenarios/the_ledger/lose-back-the-ledger.txt")
    played = play(sim, walk)
    given = [e["summary"] for e in sim.world.log(kind="administer")]
    assert given == ["Tilly gave Mira willowbark for the fever"]
    assert "Tilly gave Mira willowbark for the fever" in played.after["reply"]


def test_your_answers_are_apart_from_what_you_showed_or_told():
    """'conclude' landed under "What you have shown or told" (a window playtest)."""
    from ui.casebook import case_board

    sim = Simulation.new("bad_blood", seed=0)
    sim.command("conclude ben refused slight")
    board = case_board(sim).text()
    told = board[board.index("WHAT YOU HAVE SHOWN OR TOLD"):board.index("YOUR ANSWERS")]
    assert "Nothing yet." in told and "concluded" not in told
    assert "you concluded that Ben stayed away from the supper on purpose, as a slight." in board
