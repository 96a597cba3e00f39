"""Deterministic across processes: the same scenario, seed and commands give the same output,
byte for byte, whatever Python's string-hash seed is. In one process every test shares one hash
seed, so an order taken from a set of names would pass them all and still differ between two
players' machines; here each run is its own process with its own PYTHONHASHSEED."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
SCEN = ROOT / "content" / "scenarios"


def _run(hash_seed: str, *args: str) -> bytes:
    p = subprocess.run([sys.executable, "-m", "ui.cli", *args], cwd=ROOT, capture_output=True,
                       env={**os.environ, "PYTHONHASHSEED": hash_seed}, timeout=300)
    assert p.returncode == 0, p.stderr.decode()
    return p.stdout


@pytest.mark.parametrize("args", [
    ("run", "cancelled_meeting", "--seed", "2", "--json", "--commands",
     str(SCEN / "cancelled_meeting" / "win-back-to-the-board.txt")),
    ("run", "nine_neighbours", "--seed", "5", "--days", "2"),
    ("run", "bad_blood", "--seed", "3", "--days", "1", "--open-minds", "--notebook"),
])
def test_the_same_run_prints_the_same_bytes_under_any_hash_seed(args):
    first = _run("1", *args)
    assert b"log" in first
    assert _run("2", *args) == first
    assert _run("4242", *args) == first
