"""Runs measured in a child process: waiting for a child's figures without waiting for ever.

A benchmark runs each town in its own process so that one run's memory and caches do not
colour the next. If the child dies before it sends its figures (killed for memory, or a crash
whose traceback it has printed), `figures` says so and stops the benchmark with exit code 1.
"""

from __future__ import annotations

import multiprocessing as mp
import queue
import sys


def figures(q: mp.Queue, p: mp.process.BaseProcess, what: str) -> dict:
    """What the child `p` puts on `q`; exits naming `what` if it ends without putting it."""
    while True:
        try:
            return q.get(timeout=1.0)
        except queue.Empty:
            if not p.is_alive():
                try:  # it may have sent them just before it ended
                    return q.get(timeout=1.0)
                except queue.Empty:
                    sys.exit(f"{what} ended without its figures (exit code {p.exitcode})")
