"""A reader that stops reading (`hearsay run ... | head -1`) is neither a bug (exit 1) nor bad
input (2): the command ends quietly with 141, the status a shell gives a program SIGPIPE ends
(a playtest had exit 1 and no word) — a command's output, `--help` and `--version` alike. Bad
input still exits 2 when only stdout is closed: its message goes to stderr."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _closed_stdout(*args: str) -> tuple[int, str]:
    # The read end is closed before the command writes a byte, so its first line meets a
    # closed pipe whatever the timing.
    p = subprocess.Popen([sys.executable, "-m", "ui.cli", *args], cwd=ROOT,
                         stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                         env={**os.environ, "PYTHONUNBUFFERED": "1"})
    p.stdout.close()
    err = p.stderr.read().decode()
    return p.wait(timeout=120), err


@pytest.mark.parametrize("args", [("run", "missing_key", "--seed", "1", "--days", "1"),
                                  ("--help",), ("--version",), ("run", "--help")])
def test_a_closed_pipe_ends_the_command_quietly_with_141(args):
    code, err = _closed_stdout(*args)
    assert code == 141
    assert err == ""  # no traceback, no "Exception ignored", no click message


def test_bad_input_still_exits_2_when_only_stdout_is_closed():
    code, err = _closed_stdout("run", "no_such_scenario")
    assert code == 2 and "no such scenario" in err and "Traceback" not in err
