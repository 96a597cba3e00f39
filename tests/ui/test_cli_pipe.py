"""A reader that stops reading (`hearsay run ... | head -1`) is neither a bug (exit 1) nor bad
input (2): the command ends quietly with 141, the status a shell gives a program SIGPIPE ends
(a playtest had exit 1 and no word)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_a_closed_pipe_ends_the_run_quietly_with_141():
    # The read end is closed before the run writes a byte, so its first line meets a closed
    # pipe whatever the timing.
    p = subprocess.Popen([sys.executable, "-m", "ui.cli", "run", "missing_key", "--seed", "1",
                          "--days", "1"], cwd=ROOT, stdout=subprocess.PIPE,
                         stderr=subprocess.PIPE, env={**os.environ, "PYTHONUNBUFFERED": "1"})
    p.stdout.close()
    err = p.stderr.read().decode()
    assert p.wait(timeout=120) == 141
    assert err == ""  # no traceback, no "Exception ignored", no click message
