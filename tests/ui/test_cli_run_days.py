"""`hearsay run --commands F --days D` stops D days from the start (a playtest found --days
silently ignored beside --commands: every walkthrough ran to the ending), and a save made
there goes on with --load."""

from __future__ import annotations

import json

from click.testing import CliRunner

from ui.cli import main


def _run(*args: str) -> dict:
    res = CliRunner().invoke(main, ["run", *args, "--json"])
    assert res.exit_code == 0, res.output
    return json.loads(res.output)


def test_days_beside_commands_stops_there_and_a_save_goes_on(tmp_path):
    first = tmp_path / "first.txt"
    first.write_text("day 1 09:00  go inn\n+  look\n")
    stopped = _run("missing_key", "--seed", "1", "--commands", str(first), "--days", "0.25",
                   "--save", str(tmp_path / "s.db"))
    assert stopped["time"] == "day 1 15:00" and stopped["ending"] is None
    assert [s["command"] for s in stopped["walkthrough"]["steps"]] == ["go inn", "look"]
    then = tmp_path / "then.txt"
    then.write_text("day 1 16:00  go cafe\n")
    went_on = _run("--load", str(tmp_path / "s.db"), "--commands", str(then), "--days", "0.5")
    assert went_on["time"] == "day 2 03:00"
    assert went_on["walkthrough"]["steps"][0]["time"] == "day 1 16:00"
    # Without --days a walkthrough runs to the ending, as it always has.
    ended = _run("missing_key", "--seed", "1", "--commands", str(first))
    assert ended["walkthrough"]["ending"] == ended["ending"]["id"] == "barred"
    # Days that run past the ending reach it, and the walkthrough says which.
    past = _run("missing_key", "--seed", "1", "--commands", str(first), "--days", "9")
    assert past["walkthrough"]["ending"] == past["ending"]["id"] == "barred"


def test_the_world_as_it_was_is_marked_as_such():
    """What `run` lists is what the player saw; where it lists the world itself — with open
    minds, or in a scenario without a player — a heading says so before the first event."""
    played = CliRunner().invoke(main, ["run", "missing_key", "--days", "1"])
    assert played.exit_code == 0 and "you saw nothing notable happen" in played.output
    assert "accused" not in played.output
    opened = CliRunner().invoke(main, ["run", "missing_key", "--days", "1", "--open-minds"])
    lines = opened.output.splitlines()
    head = lines.index("  what happened (open minds: the world as it was):")
    assert "accused" in lines[head + 1]
    nobody = CliRunner().invoke(main, ["run", "nine_neighbours", "--days", "1"])
    lines = nobody.output.splitlines()
    head = lines.index("  what happened (no player in this scenario: the world as it was):")
    assert "moved" in lines[head + 1]
    longer = CliRunner().invoke(main, ["run", "nine_neighbours", "--days", "3", "--json"])
    notable = json.loads(longer.output)["world_events"]
    lines = CliRunner().invoke(main, ["run", "nine_neighbours", "--days", "3"]).output
    lines = lines.splitlines()
    head = lines.index("  what happened (no player in this scenario: the world as it was):")
    assert notable > 15 and lines[head + 1].startswith("  … ")
    assert lines[head + 1].endswith(" earlier not shown (--events all lists them)")
    assert sum(1 for x in lines if x.startswith("  day ")) == 15
    counted = CliRunner().invoke(main, ["run", "missing_key", "--days", "1", "--report",
                                        "mechanisms"])
    assert "  mechanisms (what every resident's memory did, for authors):" in counted.output


def test_a_seed_that_is_not_a_whole_number_says_so():
    for bad, why in (("abc", "is not a whole number"), ("1.5", "is not a whole number"),
                     ("1e23", "is not a whole number"), (str(2**63), "is out of range")):
        res = CliRunner().invoke(main, ["run", "missing_key", "--seed", bad])
        assert res.exit_code == 2 and f"'{bad}' {why}" in res.output, res.output
    assert _run("missing_key", "--days", "0.01", "--seed", str(-(2**63)))["seed"] == -(2**63)
    assert _run("missing_key", "--days", "0.01", "--seed", "0" * 30 + "7")["seed"] == 7
    huge = CliRunner().invoke(main, ["run", "missing_key", "--seed", "9" * 5000])
    assert huge.exit_code == 2 and "is out of range" in huge.output
    assert len(huge.output) < 400  # (not the 5,000 digits echoed back)


def test_a_run_to_an_ending_tells_how_it_ended_once(tmp_path):
    """With no commands, the summary gave the ending's title only (a playtest never read
    that Mira was given willowbark); where a step's reply told it, it is not told twice."""
    out = CliRunner().invoke(main, ["run", "the_ledger", "--seed", "2"]).output
    assert "  ending: The ledger wins (lost)" in out
    assert "gave her" in out and "willowbark for the fever" in out
    assert "    You found out 0 of 2 (what you missed, shown now the story is over):" in out
    (walk := tmp_path / "w.txt").write_text("day 1 08:00  wait until day 3 20:00\n")
    out = CliRunner().invoke(main, ["run", "the_ledger", "--seed", "2", "--commands",
                                    str(walk)]).output
    # (the ending's own words: "willowbark for the fever" is also what one standing by
    # saw Tilly give, in the post-mortem's "what people did")
    assert out.count("gave her willowbark for the fever") == 1
    assert "The story ended at 14:10 on day 2, before the time you waited for." in out


def test_a_notice_pinned_up_in_front_of_you_is_among_what_you_saw():
    """The player starts at the square where Quill pins both notices: the summary said "you
    saw nothing notable happen" (a playtest), while a wait there told of both."""
    out = CliRunner().invoke(main, ["run", "cancelled_meeting", "--seed", "1"]).output
    lines = out.splitlines()
    head = lines.index("  what you saw happen:")
    assert "Quill pinned up a notice: the meeting is cancelled" in lines[head + 1]
    assert "Quill pinned up a new notice" in lines[head + 2]


def test_a_negative_seed_is_a_world_of_its_own():
    """Python seeds a Random with an integer's absolute value: --seed -1 ran the world of
    --seed 1 (a playtest). Non-negative seeds keep their worlds."""
    worlds = {sd: _run("missing_key", "--days", "0.5", "--seed", str(sd))["log_sha256"]
              for sd in (1, -1, 2, -2)}
    assert len(set(worlds.values())) == 4
    assert _run("missing_key", "--days", "0.5", "--seed", "-1")["log_sha256"] == worlds[-1]


def test_a_treatment_watched_is_among_what_you_saw(tmp_path):
    """A playtest stood in the shop all of day 2 and watched Tilly give Mira willowbark; the
    summary said "you saw nothing notable happen"."""
    (walk := tmp_path / "w.txt").write_text("day 1 08:00 go apothecary\n"
                                            "+ wait until day 2 11:30\n")
    out = CliRunner().invoke(main, ["run", "the_ledger", "--commands", str(walk)]).output
    lines = out.splitlines()
    head = lines.index("  what you saw happen:")
    assert "Tilly gave Mira willowbark for the fever" in lines[head + 1]  # (which remedy)


def test_open_minds_prints_what_everyone_believes():
    """`run --open-minds` said "every mind and the truth were shown" and showed none (a
    playtest): each question the endings turn on, with what is so and who holds what."""
    out = CliRunner().invoke(main, ["run", "missing_key", "--seed", "1", "--days", "1",
                                    "--open-minds"]).output
    assert "  what everyone believes (open minds: every mind and what is so):" in out
    assert "    Who moved Ada's key — really Dee" in out
    assert any(line.startswith("      Dee ✓: ") and "Fen" in line for line in out.splitlines())
    played = CliRunner().invoke(main, ["run", "missing_key", "--seed", "1", "--days", "1",
                                       "--json"]).output
    assert "minds" not in json.loads(played) and "really" not in played


def test_a_generated_towns_minds_are_printed_a_dozen_questions_at_most():
    """A generated town's summary printed every mind on each of its hundreds of questions:
    1,800 lines (an author's run). The first dozen, and how many more --json holds."""
    from ui.cli import MINDS_SHOWN

    res = CliRunner().invoke(main, ["run", "--residents", "40", "--days", "0.5",
                                    "--events", "0"])
    assert res.exit_code == 0, res.output
    listed = _run("--residents", "40", "--days", "0.5", "--events", "0")["minds"]
    assert len(listed) > MINDS_SHOWN
    assert f"    … and {len(listed) - MINDS_SHOWN:,} more questions (--json lists every one)" \
        in res.output
    shown = [m["question"] for m in listed[:MINDS_SHOWN + 1]]
    lines = [ln.partition(" — really ")[0] for ln in res.output.splitlines()]
    said = [q for q in shown if f"    {q[:1].upper()}{q[1:]}" in lines]
    assert said == shown[:MINDS_SHOWN]
