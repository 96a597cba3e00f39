"""Sim time: minutes since day 1 00:00, advanced in 10-minute ticks. Never the wall clock.

Times are written for people as "day 3 18:00" (or "18:00" for a time of day); this module
parses and formats them.
"""

from __future__ import annotations

import re

TICK = 10  # minutes per tick
TICKS_PER_HOUR = 60 // TICK
DAY = 24 * 60
HOUR = 60

_WHEN = re.compile(r"^\s*+(?:day\s++(\d{1,6})\s*+,?\s*+)?(\d{1,2}):(\d{2})\s*+$", re.IGNORECASE)
MAX_DAY = 100_000  # sim days: far past any story, and safe in every integer column


class TimeFormatError(ValueError):
    pass


def parse_time_of_day(text: str) -> int:
    """'07:30' -> minutes after midnight."""
    m = re.fullmatch(r"\s*(\d{1,2}):(\d{2})\s*", str(text))
    if not m:
        raise TimeFormatError(f"{text!r} is not a time of day like '07:30'")
    h, mi = int(m.group(1)), int(m.group(2))
    if h > 24 or mi > 59 or (h == 24 and mi):
        raise TimeFormatError(f"{text!r} is not a time of day like '07:30'")
    return h * HOUR + mi


def parse_when(text: str | int) -> int:
    """'day 3 18:00' -> sim minute; a bare '18:00' means day 1; an int is taken as minutes."""
    if isinstance(text, int):
        if text < 0:
            raise TimeFormatError("a time cannot be negative")
        if text > MAX_DAY * DAY:
            raise TimeFormatError(f"{text} minutes is past day {MAX_DAY:,}")
        return text
    m = _WHEN.match(str(text))
    if not m:
        raise TimeFormatError(f"{text!r} is not a time like 'day 3 18:00'")
    day = int(m.group(1) or 1)
    if day < 1:
        raise TimeFormatError(f"{text!r}: days count from 1")
    if day > MAX_DAY:
        raise TimeFormatError(f"{text!r}: days count up to {MAX_DAY:,}")
    return (day - 1) * DAY + parse_time_of_day(f"{m.group(2)}:{m.group(3)}")


def day_of(minute: int) -> int:
    return minute // DAY + 1


def time_of_day(minute: int) -> int:
    return minute % DAY


def fmt(minute: int) -> str:
    """Sim minute -> 'day 3 18:00'."""
    t = time_of_day(minute)
    return f"day {day_of(minute)} {t // HOUR:02d}:{t % HOUR:02d}"


def fmt_clock(minute: int) -> str:
    t = time_of_day(minute)
    return f"{t // HOUR:02d}:{t % HOUR:02d}"


def in_window(tod: int, start: int, end: int) -> bool:
    """Is time of day `tod` within [start, end), where the window may wrap past midnight?"""
    if start <= end:
        return start <= tod < end
    return tod >= start or tod < end


def align(minute: int) -> int:
    """Round down to the tick."""
    return minute - minute % TICK


_TOKEN = re.compile(r"^d(\d{1,6})_(\d{2})(\d{2})$")


def parse_token(value: str) -> int | None:
    """A time written as a claim value, 'd3_1800' -> sim minute; None if it is not one."""
    m = _TOKEN.match(value)
    if not m:
        return None
    return (int(m.group(1)) - 1) * DAY + int(m.group(2)) * HOUR + int(m.group(3))


def token(minute: int) -> str:
    t = time_of_day(minute)
    return f"d{day_of(minute)}_{t // HOUR:02d}{t % HOUR:02d}"
