"""Text for a terminal: whatever a scenario, a save or a command line put in a name must not
drive the terminal. `clean` removes control characters (C0 but newline and tab, DEL, C1) and
the bidirectional overrides that reorder what is shown; every line the CLI prints goes
through it.
"""

from __future__ import annotations

import re

_UNSAFE = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u202a-\u202e\u2066-\u2069]")


def clean(text: object) -> str:
    return _UNSAFE.sub("", str(text))
