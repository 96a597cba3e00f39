"""Hearsay's faces: the pygame window, the command line and the HTML report.

ui reads game state and sends commands; it never changes beliefs itself.
"""

import os as _os

_os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")  # no banner on `hearsay` commands
