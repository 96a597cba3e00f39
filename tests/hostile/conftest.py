"""Shared pieces of the hostile-input suite: a good save to damage, and `cli()`, which runs one
command in-process and fails the test on exit 1 (a bug), on a traceback, or on a hang (a
per-case time limit, enforced with SIGALRM so even a blocked read is interrupted)."""

from __future__ import annotations

import contextlib
import hashlib
import signal
import traceback
from pathlib import Path

import pytest
from click.testing import CliRunner

from ui.cli import main

CASE_SECONDS = 30  # far above any case's real cost (~0.1 s): only a hang reaches it


class Hang(Exception):
    """A case ran past CASE_SECONDS."""


@contextlib.contextmanager
def within(seconds: float):
    def alarm(signum, frame):
        raise Hang(f"still running after {seconds} s")

    old = signal.signal(signal.SIGALRM, alarm)
    signal.setitimer(signal.ITIMER_REAL, seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_REAL, 0)
        signal.signal(signal.SIGALRM, old)


def cli(args: list[str], *, timeout: float = CASE_SECONDS, input: str | None = None):
    """Run `hearsay ARGS`; return the result, having asserted exit 0 or 2 — never 1, never a
    traceback, never a hang."""
    with within(timeout):
        res = CliRunner().invoke(main, [str(a) for a in args], input=input)
    if res.exc_info and isinstance(res.exc_info[1], Hang):
        pytest.fail(f"hearsay {' '.join(map(str, args))}: hung")
    if res.exit_code not in (0, 2):
        tb = "".join(traceback.format_exception(*res.exc_info)) if res.exc_info else ""
        pytest.fail(f"hearsay {' '.join(map(str, args))}: exit {res.exit_code}\n"
                    f"{res.output[-2000:]}\n{tb[-4000:]}")
    return res


def digest(path: Path) -> str | None:
    """A file's bytes, as a hash (None if it is not a regular file)."""
    try:
        return hashlib.sha256(path.read_bytes()).hexdigest() if path.is_file() else None
    except OSError:
        return None


@pytest.fixture(scope="session")
def good_save(tmp_path_factory) -> Path:
    """A save of missing_key half a day in, with the player's notebook in it."""
    from game.sim import Simulation

    sim = Simulation.new("missing_key", seed=3)
    for line in ("go cafe", "ask ada ada_key.moved_by", "search", "wait 2h"):
        sim.command(line)
    path = tmp_path_factory.mktemp("good") / "good.db"
    sim.save(path)
    return path


@pytest.fixture(scope="session")
def corpus(tmp_path_factory, good_save) -> dict[str, Path]:
    """The damaged-save corpus (saves.py), built once: name -> file."""
    from .saves import cases, write_evil_folder

    root = tmp_path_factory.mktemp("corpus")
    evil = root / "evil"
    write_evil_folder(evil)
    good = good_save.read_bytes()
    out = {}
    for name, build in cases(evil):
        path = root / f"{name}.db"
        build(path, good)
        out[name] = path
    return out
