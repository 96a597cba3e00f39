"""The comparison tools refuse what they cannot use before they spend minutes: an unknown
commit, a baseline that is no file of digests (a FIFO would hang the read), absurd sizes —
exit 2 with what was wrong, no traceback."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]


def _run(script: str, *args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, str(ROOT / "benchmarks" / script), *args],
                          capture_output=True, text=True, timeout=60, cwd=ROOT)


@pytest.mark.parametrize("args, said", [
    (("--against", "no-such-commit-here"), "no such commit"),
    (("--residents", "0"), "--residents 2..5000"),
    (("--days", "1000"), "--days 0..60"),
    (("--one", "/nonexistent", "10", "1"), "a Hearsay tree"),
    (("--one", ".", "ten", "1"), "two whole numbers"),
])
def test_ab_refuses(args, said):
    got = _run("ab.py", *args)
    assert got.returncode == 2
    assert said in got.stderr and "Traceback" not in got.stderr


def test_equivalence_refuses(tmp_path):
    fifo = tmp_path / "fifo"
    os.mkfifo(fifo)
    garbage = tmp_path / "g.json"
    garbage.write_text('{"a": 1}')
    for args, said in [(("--against", "no-such-commit-here"), "no such commit"),
                       (("--baseline", str(fifo)), "not a file"),
                       (("--baseline", str(tmp_path / "missing.json")), "not a file"),
                       (("--baseline", str(garbage)), "not digests"),
                       (("--jobs", "0"), "--jobs 1..64")]:
        got = _run("equivalence.py", *args)
        assert got.returncode == 2, args
        assert said in got.stderr and "Traceback" not in got.stderr, (args, got.stderr)
