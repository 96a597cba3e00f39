"""A misbehaving model, driven through the command line: `hearsay run SCENARIO --commands FILE`
with `say` lines, HEARSAY_MODEL_URL pointing at the fake server (test_model_server.py).

The model is optional, so a model that fails never stops the run: each `say` is refused with
a line that says why, and the run goes on to its ending with exit 0 (as a player at the window
would expect). What must hold for every misbehaviour: never a traceback, never a wait past the
verb's budget, nothing the guard refuses in memory — the save's memory tables are those of the
same run without a model — and the world log the same as without a model. A model that
behaves gives the same world log and memory, run after run."""

from __future__ import annotations

import json
import os
import sqlite3
import subprocess
import sys
import time
from pathlib import Path

import pytest

from .conftest import cli
from .test_model_server import BAD_READINGS, CASES, FakeModel, answer, hang, reading, status

ROOT = Path(__file__).resolve().parents[2]
BUDGET = 0.5
WALK = """day 1 09:00  go cafe
+            wait 10m
+            say Ada, it was Dee who moved your key
+            ask ada ada_key.moved_by
+            say Dee moved it, Ada: I heard so
+            tell ada ada_key.moved_by cy
+            say I was wrong, Ada, it was Dee who took your key
"""
SAYS = [3, 5, 7]  # the walkthrough's lines that are `say`s
MEMORY = ("claims", "evidence", "belief_rows", "belief_versions", "belief_facts",
          "belief_premises", "trust", "trust_changes", "memory_edits")


def memory(save: Path) -> dict[str, list]:
    with sqlite3.connect(save) as db:
        return {t: sorted(db.execute(f"SELECT * FROM {t}").fetchall(), key=repr)
                for t in MEMORY}


def play(tmp_path: Path, name: str, walk: str = WALK) -> tuple[dict, dict, float, str]:
    """Run missing_key (seed 0) with `walk`; return its JSON summary, the save's memory, how
    long it took, and what it printed on stderr."""
    commands = tmp_path / f"{name}.txt"
    commands.write_text(walk, encoding="utf-8")
    save = tmp_path / f"{name}.db"
    t = time.monotonic()
    res = cli(["run", "missing_key", "--seed", "0", "--commands", commands, "--save", save,
               "--json"])
    took = time.monotonic() - t
    assert res.exit_code == 0, res.output[-2000:]
    assert "Traceback" not in res.output, res.output[-2000:]
    return json.loads(res.stdout), memory(save), took, res.stderr


@pytest.fixture(scope="module")
def bare(tmp_path_factory):
    """The same run with no model at all: what every misbehaving model's run must equal."""
    mp = pytest.MonkeyPatch()
    mp.delenv("HEARSAY_MODEL_URL", raising=False)
    try:
        return play(tmp_path_factory.mktemp("bare"), "bare")
    finally:
        mp.undo()


@pytest.fixture
def fake(monkeypatch):
    f = FakeModel()
    f.env(monkeypatch, BUDGET)
    yield f
    f.close()


def refusals(summary: dict) -> list[str]:
    steps = summary["walkthrough"]["steps"]
    said = [s for s in steps if s["command"].startswith("say ")]
    assert [s["line"] for s in said] == SAYS
    assert not any(s["ok"] for s in said)
    return [s["reply"] for s in said]


# Through the whole command line, one of each kind of failure (every one of them is run
# through the game in test_model_server.py; here each costs a process's worth of run).
THROUGH_THE_CLI = ["hang", "a byte at a time", "garbage stream", "endless 100 continue",
                   "closed mid-body", "http 401", "http 500", "redirect loop", "invalid json",
                   "content prose", "gzip lie", "body over 1 MiB"]
READ_THROUGH_THE_CLI = ["a claim the player never heard of", "a value the player did not say",
                        "a sight the player never had", "a 1 MB value",
                        "control characters in the value", "extra fields", "a hidden spot",
                        "the player as listener"]


@pytest.mark.parametrize("name", THROUGH_THE_CLI)
def test_a_misbehaving_server_never_stops_the_run(fake, tmp_path, bare, name):
    behaviour, why = CASES[name]
    fake.default = behaviour
    summary, mem, took, err = play(tmp_path, name)
    replies = refusals(summary)
    assert why in replies[0], replies[0]
    for reply in replies:
        assert reply.startswith("(What you said was heard, but the model's reading was "
                                "refused: "), reply
    # Two failures in a row (the say, then the rewording of Ada's answer), then a rest.
    assert took < 2 * BUDGET + 6, f"{took:.1f} s"
    assert err == "", err[-2000:]
    assert summary["log_sha256"] == bare[0]["log_sha256"]
    assert mem == bare[1], "a refused reading reached memory"


def test_the_cli_cases_are_cases():
    assert set(THROUGH_THE_CLI) <= set(CASES) and set(READ_THROUGH_THE_CLI) <= set(BAD_READINGS)


@pytest.mark.parametrize("name", READ_THROUGH_THE_CLI)
def test_a_reading_the_guard_refuses_never_reaches_the_save(fake, tmp_path, bare, name):
    content, why = BAD_READINGS[name]
    fake.default = answer(content)
    summary, mem, _, err = play(tmp_path, name)
    replies = refusals(summary)
    assert why in replies[0], replies[0]
    assert err == "", err[-2000:]
    assert summary["log_sha256"] == bare[0]["log_sha256"]
    assert mem == bare[1], "a refused reading reached memory"


def test_a_behaving_model_gives_the_same_run_every_time(fake, tmp_path, bare):
    """The same scenario, seed, commands and model answers: the same world log and the same
    memory; the readings are in it, each citing its spoken line."""
    fake.default = answer(reading())
    first = play(tmp_path, "first")
    second = play(tmp_path, "second")
    assert first[0]["log_sha256"] == second[0]["log_sha256"]
    assert first[1] == second[1]
    steps = [s for s in first[0]["walkthrough"]["steps"] if s["command"].startswith("say ")]
    assert all(s["ok"] for s in steps), steps
    assert first[1] != bare[1]  # Ada was told, in memory only
    with sqlite3.connect(tmp_path / "first.db") as db:
        spoken = [f"w{i}" for (i,) in db.execute(
            "SELECT id FROM world_log WHERE kind = 'speak' ORDER BY id")]
        cited = [e for (e,) in db.execute(
            "SELECT event FROM evidence WHERE kind = 'hearsay' AND resident = 'ada' "
            "AND teller = 'player' AND value = 'dee' ORDER BY id")]
    assert len(spoken) == 3 and set(cited) == set(spoken)


def test_a_model_that_stops_answering_midway_costs_one_budget_and_a_rest(fake, tmp_path, bare):
    """A server that answers, then hangs for good: two verbs wait out their budget, then it
    is rested and the run goes on at once."""
    fake.queue.append(answer(reading()))
    fake.default = hang
    summary, _, took, _ = play(tmp_path, "midway", WALK + "+ say Ada, Dee it was\n" * 20)
    steps = [s for s in summary["walkthrough"]["steps"] if s["command"].startswith("say ")]
    assert steps[0]["ok"] and not any(s["ok"] for s in steps[1:])
    assert "did not answer within this verb's time for it (0.5 s" in steps[1]["reply"]
    assert "failed twice in a row" in steps[-1]["reply"]
    assert took < 3 * BUDGET + 6, f"{took:.1f} s"


def _real(args: list, env: dict, timeout: float) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "ui.cli", *map(str, args)], cwd=ROOT,
                          env=env, capture_output=True, text=True, timeout=timeout)


@pytest.mark.parametrize("name", ["hang", "a byte at a time", "garbage stream",
                                  "content a list"])
def test_the_real_command_ends_on_time_with_a_clean_terminal(tmp_path, name):
    """Outside the test process (a process that can be killed): the run ends within its
    budgets, exit 0, nothing on stderr — not pydantic's warnings, not a thread's traceback
    as the process exits with a call still abandoned on it."""
    server = FakeModel(CASES[name][0])
    try:
        commands = tmp_path / "walk.txt"
        commands.write_text(WALK, encoding="utf-8")
        env = dict(os.environ, HEARSAY_MODEL_URL=server.url, HEARSAY_MODEL="fake",
                   HEARSAY_MODEL_BUDGET="1")
        t = time.monotonic()
        r = _real(["run", "missing_key", "--commands", commands], env, timeout=60)
        took = time.monotonic() - t
    finally:
        server.close()
    assert r.returncode == 0, r.stderr[-2000:]
    assert r.stderr == "", r.stderr[-2000:]
    assert "refused" in r.stdout and "Traceback" not in r.stdout
    assert took < 2 * 1 + 10, f"{took:.1f} s"


def test_a_dead_address_is_a_refusal_not_a_wait(tmp_path, monkeypatch, bare):
    """Nothing listening at the model's address: refused at once, and said so."""
    import socket

    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        port = s.getsockname()[1]  # (closed again: nothing listens there)
    monkeypatch.setenv("HEARSAY_MODEL_URL", f"http://user:secret@127.0.0.1:{port}/v1")
    monkeypatch.setenv("HEARSAY_MODEL", "fake")
    summary, mem, took, _ = play(tmp_path, "dead")
    replies = refusals(summary)
    assert f"the model at 127.0.0.1:{port} could not be reached" in replies[0], replies[0]
    assert not any("secret" in r for r in replies)
    assert took < 6 and mem == bare[1]


def test_a_bad_key_is_told_on_every_say_until_the_rest(fake, tmp_path):
    fake.default = status(401)
    summary, _, _, _ = play(tmp_path, "key")
    replies = refusals(summary)
    assert "HTTP 401 (it refused the key: check HEARSAY_MODEL_KEY)" in replies[0]
    assert "failed twice in a row" in replies[-1] and "HTTP 401" in replies[-1]


@pytest.mark.parametrize("var, value, said", [
    ("HEARSAY_MODEL_BUDGET", "abc", "HEARSAY_MODEL_BUDGET 'abc': seconds of model time"),
    ("HEARSAY_MODEL_BUDGET", "0.5s", "a number more than 0 and at most 600"),
    ("HEARSAY_MODEL_BUDGET", "0", "a number more than 0"),
    ("HEARSAY_MODEL_BUDGET", "nan", "a number more than 0"),
    ("HEARSAY_MODEL_BUDGET", "inf", "a number more than 0"),
    ("HEARSAY_MODEL_BUDGET", "100000", "at most 600"),
    ("HEARSAY_MODEL_KEY", "s3cret\nkey", "HEARSAY_MODEL_KEY: a key is ASCII"),
    ("HEARSAY_MODEL_KEY", "clé-s3cret", "HEARSAY_MODEL_KEY: a key is ASCII"),
    ("HEARSAY_MODEL_KEY", "s3cret key", "no spaces"),
    ("HEARSAY_MODEL", "llama\x1b[2J", "HEARSAY_MODEL 'llama\\x1b[2J': a model's name"),
    ("HEARSAY_MODEL", "m" * 300, "at most 200 characters"),
    # a URL with no name turned the model off without a word (a model fuzz)
    ("HEARSAY_MODEL", "", "HEARSAY_MODEL_URL is set but HEARSAY_MODEL is not"),
    ("HEARSAY_MODEL", "   ", "HEARSAY_MODEL_URL is set but HEARSAY_MODEL is not"),
    ("HEARSAY_MODEL", " llama ", "no spaces before or after it"),
])
def test_a_malformed_model_setting_is_bad_input_for_every_command(monkeypatch, var, value,
                                                                   said):
    """A budget that was no number was taken silently as 8 s; a key with a newline failed
    every call as 'broke off its answer', one with an accent as UnicodeEncodeError. Like a
    malformed URL: exit 2 before anything runs, saying which setting and why — the key itself
    never shown."""
    monkeypatch.setenv("HEARSAY_MODEL_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("HEARSAY_MODEL", "fake")
    monkeypatch.setenv(var, value)
    for args in (["brief", "missing_key"], ["run", "missing_key", "--days", "0.01"]):
        res = cli(args)
        assert res.exit_code == 2 and said in res.stderr, res.stderr
        assert "s3cret" not in res.output and "Traceback" not in res.output


@pytest.mark.parametrize("var, value, said", [
    ("ALL_PROXY", "socks5://127.0.0.1:1", "and ALL_PROXY"),
    ("SSL_CERT_FILE", "/nonexistent/ca.pem", "and SSL_CERT_FILE"),
    ("http_proxy", "::x", "and http_proxy"),
])
def test_proxy_and_certificate_settings_the_client_cannot_use_are_bad_input(monkeypatch, var,
                                                                            value, said):
    """A SOCKS proxy with no package for it, a certificate file that is not there: exit 1 with
    a traceback from every command that made a game (a fuzz run); and a bad proxy was blamed
    on HEARSAY_MODEL_URL. Exit 2, naming what the environment holds."""
    monkeypatch.setenv("HEARSAY_MODEL_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("HEARSAY_MODEL", "fake")
    monkeypatch.setenv(var, value)
    res = cli(["run", "missing_key", "--days", "0.01"])
    assert res.exit_code == 2, res.output
    assert "the model's client could not be set up" in res.stderr and said in res.stderr
    assert "Traceback" not in res.output


@pytest.mark.parametrize("var, value", [("HEARSAY_MODEL_BUDGET", ""), ("HEARSAY_MODEL_KEY", ""),
                                        ("HEARSAY_MODEL_BUDGET", " 2 ")])
def test_an_empty_or_padded_setting_is_no_error(monkeypatch, var, value):
    monkeypatch.setenv("HEARSAY_MODEL_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("HEARSAY_MODEL", "fake")
    monkeypatch.setenv(var, value)
    assert cli(["brief", "missing_key"]).exit_code == 0


@pytest.mark.parametrize("route", ["win-bring-the-witness", "lose-fan-the-rumour"])
def test_a_model_that_rewords_leaves_a_shipped_routes_world_log_alone(fake, monkeypatch,
                                                                      route):
    """Words never touch the world log: a shipped walkthrough gives the same log with a model
    rewording what residents say (and it did reword) as with none."""
    from game.scenario.loader import SCENARIOS

    walk = SCENARIOS / "missing_key" / f"{route}.txt"
    fake.default = answer("Bo swore to me Cy took it. Fairly sure of that, Bo.")
    with_model = json.loads(cli(["run", "missing_key", "--commands", walk, "--json"]).stdout)
    monkeypatch.delenv("HEARSAY_MODEL_URL")
    without = json.loads(cli(["run", "missing_key", "--commands", walk, "--json"]).stdout)
    assert with_model["log_sha256"] == without["log_sha256"]
    assert with_model["ending"] == without["ending"]
    if route == "win-bring-the-witness":  # (it asks Ada, who answers in the model's words)
        assert any("Bo swore to me" in s["reply"] for s in with_model["walkthrough"]["steps"])
