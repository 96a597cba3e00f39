"""`benchmarks/levers.py` takes out what each way says it takes out, and only that: the
figures issue 13's decision rests on are of the towns they name."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_each_way_takes_out_its_part():
    got = subprocess.run([sys.executable, str(ROOT / "benchmarks" / "levers.py"),
                          "--residents", "8", "--days", "2"],
                         capture_output=True, text=True, timeout=300, cwd=ROOT)
    assert got.returncode == 0, got.stderr
    rows = {}
    for line in got.stdout.splitlines():
        for way in ("as it is", "no beliefs about tellers", "no sightings",
                    "no recall as they talk", "neither"):
            if line.startswith(way) and not line[len(way):len(way) + 1].isalpha():
                # CPU s, ratio, day 2, last, last/2, evidence, beliefs, indexed, postings
                rows.setdefault(way, line[len(way):].split())
    assert set(rows) == {"as it is", "no beliefs about tellers", "no sightings",
                         "no recall as they talk", "neither"}, got.stdout
    evidence = {w: int(r[5].replace(",", "")) for w, r in rows.items()}
    indexed = {w: int(r[7].replace(",", "")) for w, r in rows.items()}
    assert float(rows["as it is"][1]) == 1.0
    # Beliefs about tellers and sightings are evidence: without them, fewer rows.
    assert evidence["no beliefs about tellers"] < evidence["as it is"]
    assert evidence["no sightings"] < evidence["as it is"]
    assert evidence["neither"] < min(evidence["no beliefs about tellers"],
                                     evidence["no sightings"])
    # Recall indexes what it is asked for: a town that never recalls as it talks (and has
    # no player to ask) indexes nothing.
    assert indexed["as it is"] > 0
    assert indexed["no recall as they talk"] == 0
