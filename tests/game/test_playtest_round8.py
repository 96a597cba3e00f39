"""A new player's notes on The Cancelled Meeting's case board: "before that" read backwards,
and the board said Quill "put it up himself" of an answer whose words were "I saw it
myself"."""

from __future__ import annotations

from game.sim import Simulation
from game.walkthrough import play
from ui.casebook import case_board

ASKED = """day 1 08:50 go hall
+ ask quill meeting when
day 1 12:10 ask quill meeting when
day 2 13:10 go inn
+ ask quill meeting when
"""


def test_before_that_goes_back_in_time_and_the_board_says_what_the_reply_said():
    sim = Simulation.new("cancelled_meeting", seed=0)
    got = play(sim, None, to_end=False, text=ASKED)
    last = got.steps[-1]["reply"]
    board = case_board(sim).lines()
    quill = board.index(next(x for x in board if x.startswith("Quill: ")
                             and "13:20 on day 2" in x))
    earlier = board[quill + 1:quill + 3]
    assert earlier[0].startswith("before that: the town meeting is cancelled"), earlier
    assert earlier[1].startswith("before that: the town meeting is on day 2 at six"), earlier
    # The reply's words and the board's agree on how he knew it.
    put = "put it up himself" in board[quill]
    assert put == ("put the notice up myself" in last or "pinned it up myself" in last), \
        (board[quill], last)


def test_the_board_keeps_what_a_notice_said_before_it_changed():
    """The notice board read "day 2 at six", then "cancelled", then "day 3": the case board
    kept only the last, and once the handbill was read not even that (a playtest)."""
    sim = Simulation.new("cancelled_meeting", seed=0)
    play(sim, None, to_end=False, text="day 1 08:00 go square\n+ search\n"
                                       "day 2 13:00 search\n")
    board = case_board(sim).lines()
    at = board.index("When the town meeting is") if "When the town meeting is" in board else \
        next(i for i, x in enumerate(board) if x.lower() == "when the town meeting is")
    block = board[at:at + 6]
    assert any(x.startswith("The notice board said, when you read it") and "day 3 at six" in x
               for x in block), block
    assert any(x.startswith("before that, the notice board said") and "cancelled" in x
               for x in block), block
    assert any(x.startswith("before that, the notice board said") and "day 2 at six" in x
               for x in block), block


def test_came_and_went_names_each_once():
    """"Pat (06:00 to 10:00 on day 3) and Pat (14:00 to 17:50 on day 3)" read as two Pats
    (a playtest): each name once, with all its stays."""
    import re

    sim = Simulation.new("cancelled_meeting", seed=0)
    got = play(sim, None, to_end=False, text="day 1 08:00 go inn\n+ wait until day 2 20:00\n")
    line = next(x for x in got.steps[-1]["reply"].splitlines() if "Came and went" in x)
    names = re.findall(r"(?:: |, | and )([A-Z][a-z]+) \(", line)
    assert names and len(names) == len(set(names)), line
    assert "Pat (10:00 to 14:00 on day 1, 18:00 to 22:00 on day 1 and 10:00 to 14:00 on " \
        "day 2)" in line, line


def test_a_wait_with_a_sign_is_no_wait():
    """`wait -1h` waited an hour (the sign was dropped; a playtest)."""
    import pytest

    from game.commands import CommandError, parse

    for bad in ("-1h", "-1 hour", "+2 hours", "1 hour!"):
        with pytest.raises(CommandError):
            parse(f"wait {bad}")
    assert parse("wait 1 hour").text == "wait 1h"


def test_odd_waits_and_goes_from_a_hostile_input_test():
    import pytest

    from game.commands import CommandError, parse

    sim = Simulation.new("missing_key", seed=0)
    for bad in ("go the", "go to the", "walk into the"):  # walked to The Drowsy Fox
        with pytest.raises(CommandError, match="Go where"):
            sim.parse_typed(bad)
    assert sim.parse_typed("go to the cafe").text == "go cafe"
    for bad in ("wait .5 hours", "wait 1h999", "wait 5. hours"):  # 5 hours, 17h39
        with pytest.raises(CommandError, match="not a duration"):
            parse(bad)
    with pytest.raises(CommandError, match="between 1 minute and 7 days"):
        parse("wait 10081")  # (was "not a duration")
    assert parse("wait 0.5 hours").text == "wait 30"


def test_diff_keeps_a_titles_control_characters_off_the_terminal(tmp_path):
    from click.testing import CliRunner

    from game.scenario.loader import SCENARIOS
    from ui.cli import main

    original = (SCENARIOS / "missing_key" / "scenario.toml").read_text()
    text = original.replace(
        'title = "The Missing Key"', 'title = "The \\u001b[31mMissing\\u0000 Key"', 1)
    (tmp_path / "mk").mkdir()
    (tmp_path / "mk" / "scenario.toml").write_text(text)
    # A control character in a title is refused now, before anything runs (a scenario fuzz)...
    res = CliRunner().invoke(main, ["run", str(tmp_path / "mk"), "--days", "0.2"])
    assert res.exit_code == 2 and "scenario.title" in res.output
    assert "\x1b" not in res.output and "\x00" not in res.output
    # ...and a bidi override, which may be written, is still kept off the terminal by diff.
    (tmp_path / "mk" / "scenario.toml").write_text(original.replace(
        'title = "The Missing Key"', 'title = "The \\u202e[31mMissing Key"', 1))
    for seed in ("1", "2"):
        res = CliRunner().invoke(main, ["run", str(tmp_path / "mk"), "--seed", seed, "--days",
                                        "0.2", "--save", str(tmp_path / f"{seed}.db")])
        assert res.exit_code == 0, res.output
    res = CliRunner().invoke(main, ["diff", str(tmp_path / "1.db"), str(tmp_path / "2.db")])
    assert res.exit_code == 0, res.output
    assert "\u202e" not in res.output
    assert "A: The [31mMissing Key" in res.output
