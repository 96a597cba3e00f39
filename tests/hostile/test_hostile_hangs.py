"""No hang, proven outside the test process: the real command, given named pipes where it
expects files (a save, a walkthrough, a scenario), exits 2 at once instead of waiting for a
writer that never comes. (In-process cases are guarded by SIGALRM; this one needs a process
that can be killed.)"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_the_command_line_never_waits_on_a_pipe(tmp_path):
    fifo = tmp_path / "pipe.db"
    os.mkfifo(fifo)
    folder = tmp_path / "scen"
    folder.mkdir()
    os.mkfifo(folder / "scenario.toml")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy")
    for args in (["run", "--load", fifo], ["run", "missing_key", "--commands", fifo],
                 ["run", "missing_key", "--days", "0.02", "--save", fifo],
                 ["validate", folder]):
        r = subprocess.run([sys.executable, "-m", "ui.cli", *map(str, args)], cwd=ROOT,
                           env=env, capture_output=True, text=True, timeout=60)
        assert r.returncode == 2, (args, r.stdout, r.stderr)
        assert "Traceback" not in r.stderr and "regular file" in r.stderr, r.stderr
