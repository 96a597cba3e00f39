"""Walkthrough mutants and hostile command lines: `run --commands` and `play --commands` on
broken, absurd and hostile walkthroughs, and every numeric option given nan, inf and absurd
values — exit 0 or 2, never 1, never a hang, with the line named."""

from __future__ import annotations

import os
import random
import re

import pytest

from game.scenario.loader import SCENARIOS

from .conftest import cli

WIN = (SCENARIOS / "missing_key" / "win-show-the-key.txt").read_text(encoding="utf-8")
FIFO = object()


def _mutants() -> list[tuple[str, object]]:
    lines = [ln for ln in WIN.splitlines() if ln.strip() and not ln.startswith("#")]
    out: list[tuple[str, object]] = [
        ("unknown-verb", "day 1 09:00 dance\n"),
        ("unknown-resident", "day 1 09:00 ask zed ada_key.moved_by\n"),
        ("unknown-place", "day 1 09:00 go moon\n"),
        ("unknown-object", "+ take moon_rock\n"),
        ("bad-claim", "+ ask ada notaclaim\n"),
        ("day-zero", "day 0 09:00 go cafe\n"),
        ("day-huge", "day 99999999999999999999 09:00 go cafe\n"),
        ("day-far", "day 99999 09:00 go cafe\n"),
        ("bad-clock", "day 1 25:99 go cafe\n"),
        ("before-start", "day 1 06:00 go cafe\n"),
        ("out-of-order", "day 1 12:00 go cafe\nday 1 10:00 go market\n"),
        ("after-end", "day 9 09:00 go cafe\n"),
        ("wait-huge", "+ wait 99999999999h\n"),
        ("wait-nan", "+ wait nan\n"),
        ("wait-inf", "+ wait inf\n"),
        ("wait-float", "+ wait 1e308\n"),
        ("wait-digits", "+ wait " + "9" * 5000 + "\n"),
        ("wait-zero", "+ wait 0\n"),
        ("who-bad-time", "+ who ada day 1 99:99\n"),
        ("who-huge-day", "+ who ada day 999999 09:00\n"),
        ("tell-bad-value", "+ tell ada ada_key.moved_by DEE!\n"),
        ("mediate-self", "+ mediate ada ada ada_key.moved_by\n"),
        ("conclude-nonsense", "+ conclude ada_key.moved_by nobody\n"),
        ("say-long", "+ say " + "word " * 5000 + "\n"),
        ("say-empty", "+ say\n"),
        ("no-time", "go cafe\n"),
        ("plus-alone", "+\n"),
        ("empty", ""),
        ("only-comments", "# nothing\n\n   # at all\n"),
        ("long-line", "+ go " + "c" * 100_000 + "\n"),
        ("megabyte-line", "+ " + "x" * 1_100_000 + "\n"),
        ("nul", "+ go ca\x00fe\n"),
        ("escape-codes", "+ go \x1b[31mcafe\x1b[0m\n"),
        ("tabs", "day 1 09:00\tgo\tcafe\n"),
        ("crlf", WIN.replace("\n", "\r\n")),
        ("not-utf8", b"+ go caf\xe9\n"),
        ("binary", bytes(range(256)) * 10),
        ("folder", "FOLDER"),
        ("fifo", FIFO),
        ("missing", "MISSING"),
        ("the-winning-one", WIN),
    ]
    rng = random.Random(7)
    verbs = ["go", "wait", "ask", "why", "who", "tell", "show", "search", "take", "bring",
             "mediate", "conclude", "say", "fly"]
    words = ["ada", "bo", "cafe", "cafe.drawer", "ada_key", "ada_key.moved_by", "dee", "2h",
             "day", "1", "09:00", "+", "anonymously", "zz", "-1", "1e9", "ÿ", "\u202e"]
    for i in range(30):
        ls = list(lines)
        k = rng.randrange(len(ls))
        op = rng.choice(["delete", "duplicate", "swap", "garble", "reverse"])
        if op == "delete":
            del ls[k]
        elif op == "duplicate":
            ls.insert(k, ls[k])
        elif op == "swap":
            j = rng.randrange(len(ls))
            ls[k], ls[j] = ls[j], ls[k]
        elif op == "reverse":
            ls.reverse()
        else:
            ls[k] = "+ " + rng.choice(verbs) + " " + " ".join(
                rng.choice(words) for _ in range(rng.randrange(4)))
        out.append((f"random-{i:02d}-{op}", "\n".join(ls) + "\n"))
    return out


MUTANTS = _mutants()


def _write(path, body) -> None:
    if body is FIFO:
        os.mkfifo(path)
    elif body == "FOLDER":
        path.mkdir()
    elif body == "MISSING":
        pass
    elif isinstance(body, bytes):
        path.write_bytes(body)
    else:
        path.write_text(body, encoding="utf-8")


@pytest.mark.parametrize("part", range(2))
def test_every_walkthrough_mutant_exits_0_or_2(tmp_path, part):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    for name, body in MUTANTS[part::2]:
        path = tmp_path / f"{name}.txt"
        _write(path, body)
        res = cli(["run", "missing_key", "--commands", path])
        if res.exit_code == 2:
            assert str(path) in res.output or "--commands" in res.output, (name, res.output)
            assert "\x1b" not in res.output
        if name in ("unknown-verb", "day-zero", "bad-clock", "out-of-order", "wait-nan",
                    "wait-digits", "nul", "escape-codes"):
            assert res.exit_code == 2 and re.search(rf"{re.escape(path.name)}:\d+:",
                                                     res.output), (name, res.output)
        if name == "the-winning-one":
            assert res.exit_code == 0 and "(won)" in res.output
        if name in ("fifo", "folder", "missing", "binary", "long-line", "say-long",
                    "unknown-verb", "tabs"):
            p = cli(["play", "missing_key", "--commands", path, "--frames", "1",
                     "--screenshot", tmp_path / "shot.png"])
            assert p.exit_code in (0, 2)


@pytest.mark.parametrize("args", [
    ["run", "missing_key", "--days", "nan"], ["run", "missing_key", "--days", "inf"],
    ["run", "missing_key", "--days", "-inf"], ["run", "missing_key", "--days", "1e308"],
    ["run", "missing_key", "--days", "-1"], ["run", "missing_key", "--days", "0"],
    ["run", "missing_key", "--days", "abc"], ["run", "missing_key", "--seed", str(2**64)],
    ["run", "missing_key", "--seed", "1e3"], ["run", "--residents", "1000000000"],
    ["run", "--residents", "-5"], ["run", "--residents", "nan"],
    ["play", "missing_key", "--frames", "0"], ["play", "missing_key", "--frames", "1e9"],
    ["play", "missing_key", "--frames", "1", "--size", "0x0"],
    ["play", "missing_key", "--frames", "1", "--size", "99999x99999"],
    ["play", "missing_key", "--frames", "1", "--size", "nanxinf"],
    ["play", "missing_key", "--frames", "1", "--at", "day 999999999 10:00"],
    ["run", "--load"], ["inspect"], ["why", "x"], ["report"],
    ["run", "missing_key", "--save", "/proc/version"],
    ["run", "missing_key", "--days", "0.02", "--save", "/proc/no-such-folder/x/y.db"],
    ["edit", "no-such.db", "--undo", "9999999999999999999999"],  # (was OverflowError)
    ["sweep", "missing_key", "--show-random", "0:9223372036854775808"],  # (escaped, exit 1)
    ["sweep", "missing_key", "--show-random", "０:０"],  # full-width digits
])
def test_absurd_numbers_and_targets_are_bad_input(args, tmp_path):
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    res = cli(args)
    assert res.exit_code == 2, res.output
    assert "Traceback" not in res.output


def test_days_says_the_range_it_accepts():
    res = cli(["run", "missing_key", "--days", "-1"])
    assert res.exit_code == 2 and "from 0 to 3650" in res.output, res.output
    res = cli(["run", "missing_key", "--days", "0"])
    assert res.exit_code == 2 and "more than 0 (0 only with --commands)" in res.output


def test_days_0_with_commands_stops_when_the_last_is_done(tmp_path):
    """Stepping through a game with --save/--load cost a tick after every step, even after a
    `look` that takes no time (--days 0.001: a playtest); --days 0 stops where it is."""
    walk = tmp_path / "w.txt"
    walk.write_text("+ go cafe\n+ look\n", encoding="utf-8")
    save = tmp_path / "s.db"
    res = cli(["run", "missing_key", "--commands", walk, "--days", "0", "--save", save])
    assert res.exit_code == 0 and "now day 1 09:10 (1 tick)" in res.output, res.output
    look = tmp_path / "l.txt"
    look.write_text("+ look\n", encoding="utf-8")
    res = cli(["run", "--load", save, "--commands", look, "--days", "0"])
    assert res.exit_code == 0 and "now day 1 09:10" in res.output, res.output


def test_a_byte_order_mark_starts_a_walkthrough_as_windows_editors_write_it(tmp_path):
    walk = tmp_path / "bom.txt"
    walk.write_bytes(b"\xef\xbb\xbf" + b"day 1 09:00 go cafe\n+ ask ada ada_key.moved_by\n")
    res = cli(["run", "missing_key", "--commands", walk, "--days", "0.1"])
    assert res.exit_code == 0, res.output
    assert "go cafe" in res.output
    inside = tmp_path / "inside.txt"  # only a leading one: elsewhere it is still refused
    inside.write_bytes(b"day 1 09:00 go cafe\n+ \xef\xbb\xbfask ada ada_key.moved_by\n")
    res = cli(["run", "missing_key", "--commands", inside, "--days", "0.1"])
    assert res.exit_code == 2 and "inside.txt:2: a control character (U+FEFF)" in res.output


def test_a_walkthrough_not_in_utf8_names_its_line_and_column_for_run_and_sweep(tmp_path):
    """`sweep --commands` said "--commands: cannot read it: 'utf-8' codec can't decode byte
    0xff in position 15" — no file, no line (a hostile-input try)."""
    walk = tmp_path / "latin1.txt"
    walk.write_bytes(b"day 1 09:00 look\nday 1 09:10 go caf\xe9\n")
    for args in (["run", "missing_key"], ["sweep", "missing_key", "--seeds", "1",
                                          "--random-players", "0", "--jobs", "1"]):
        res = cli([*args, "--commands", walk])
        assert res.exit_code == 2, res.output
        assert "latin1.txt:2: not UTF-8 text (byte 0xe9 at column 19)" in res.output, res.output


def test_a_step_too_late_names_when_the_story_is_over(tmp_path):
    """missing_key's goals are due at day 3 18:00 and its last ending comes, whatever
    happened, at 18:10: a step then or later can do nothing and is refused, saying so."""
    walk = tmp_path / "late.txt"
    for when, ok in (("day 99 09:00", False), ("day 3 18:10", False), ("day 3 18:00", True)):
        walk.write_text(f"{when} go cafe\n")
        res = cli(["run", "missing_key", "--commands", walk])
        if ok:
            assert res.exit_code == 0, res.output
        else:
            assert res.exit_code == 2, res.output
            assert "the story is over at day 3 18:10, so a step can be at day 3 18:00 at " \
                "the latest" in res.output, res.output


def test_a_bad_save_folder_is_found_before_the_run(tmp_path):
    """The whole run is not wasted: a --save whose folder cannot be made fails at once."""
    blocker = tmp_path / "file"
    blocker.write_text("x")
    res = cli(["run", "missing_key", "--save", blocker / "sub" / "x.db"])
    assert res.exit_code == 2 and "not a folder" in res.output
    assert "world log" not in res.output  # nothing ran


def test_control_characters_never_reach_the_terminal(tmp_path):
    """Names with bidi overrides and rich markup are printed as plain text; one with an
    escape code is refused before anything runs (a control character cannot be shown)."""
    from .scenarios import BASE, write

    refused = write(tmp_path / "ctl", BASE.replace(
        'name = "Bo"', 'name = "Bo\\u001b]0;pwned\\u0007"'), {}).parent
    res = cli(["validate", refused])
    assert res.exit_code == 2 and "residents" in res.output and "control character" in \
        res.output and not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f]", res.output)
    text = BASE.replace('name = "Bo"', 'name = "Bo]0;pwned\\u202e[bold]x[/]"')
    folder = write(tmp_path / "esc", text, {}).parent
    walk = tmp_path / "w.txt"
    walk.write_text("day 1 09:00 go market\n+ ask bo ada_key.moved_by\n")
    save = tmp_path / "esc.db"
    outs = [cli(["validate", folder]).output, cli(["brief", folder]).output,
            cli(["run", folder, "--days", "1", "--save", save]).output,
            cli(["run", folder, "--commands", walk]).output,
            cli(["inspect", save, "-r", "ada"]).output,
            cli(["inspect", save, "-r", "bo", "--json"]).output,
            cli(["why", save, "ada", "ada_key.moved_by"]).output]
    for out in outs:
        assert not re.search("[\x00-\x08\x0b-\x1f\x7f-\x9f\u202a-\u202e]", out), out[:500]
    assert any("Bo]0;pwned[bold]x[/]" in o for o in outs)  # shown, as plain text


@pytest.mark.parametrize("url", ["http://[::1", "http://127.0.0.1:1/\n", "file:///etc/passwd",
                                 "http://127.0.0.1:99999/v1", "not a url"])
def test_a_malformed_model_url_is_bad_input_for_every_command(url, monkeypatch):
    """'http://[::1' crashed every command that builds a game, with httpx's InvalidURL
    (a hostile-input test): the environment is input too."""
    monkeypatch.setenv("HEARSAY_MODEL_URL", url)
    monkeypatch.setenv("HEARSAY_MODEL", "m")
    for args in (["brief", "missing_key"], ["run", "missing_key", "--days", "0.02"]):
        res = cli(args)
        assert res.exit_code == 2 and "HEARSAY_MODEL_URL" in res.output, res.output
        assert "Traceback" not in res.output


def test_a_walkthrough_of_endless_timeless_commands_is_refused_by_its_count(tmp_path):
    """`help` and `look` take no game time: a megabyte of '+ help' ran for a minute and
    printed 173 MB (a hostile-input test). A walkthrough has at most MAX_STEPS commands."""
    from game.commands import MAX_STEPS

    walk = tmp_path / "help.txt"
    walk.write_text("+ help\n" * (MAX_STEPS + 1), encoding="utf-8")
    res = cli(["run", "missing_key", "--commands", walk])
    assert res.exit_code == 2 and f"help.txt:{MAX_STEPS + 1}:" in res.output, res.output[:300]
    assert f"at most {MAX_STEPS:,} commands" in res.output
    walk.write_text("+ look\n" * 30, encoding="utf-8")
    assert cli(["run", "missing_key", "--commands", walk, "--days", "0.02"]).exit_code == 0


def test_odd_input_is_named_for_what_it_is(tmp_path):
    """A no-break space was 'a control character', and a save given to validate 'not UTF-8
    text' (a hostile-input test)."""
    walk = tmp_path / "nb.txt"
    walk.write_text("+ go\u00a0cafe\n", encoding="utf-8")
    res = cli(["run", "missing_key", "--commands", walk])
    assert res.exit_code == 2 and "no-break or other odd space (U+00A0)" in res.output
    save = tmp_path / "s.db"
    assert cli(["run", "missing_key", "--days", "0.02", "--save", save]).exit_code == 0
    res = cli(["validate", save])
    assert res.exit_code == 2 and "an SQLite database (a save?), not a scenario" in res.output
