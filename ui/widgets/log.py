"""The event log: what the player took part in or witnessed, oldest first, in words that hold
only what they perceived — with the notices for which the clock stopped itself — and in open
minds every world event, backstory included. Rows wrap; only those in view are drawn, and the
log follows the newest event unless the player has scrolled back.
"""

from __future__ import annotations

import bisect

import pygame

from game import clock, seen_summary

from .. import theme as T
from .base import Widget, clamp_scroll, scrollbar

KIND_COLOURS = {
    "talk": T.TEAL, "ask": T.TEAL, "why": T.TEAL, "ask_who": T.TEAL, "reply": T.TEAL,
    "mediate": T.TEAL, "show": T.GOOD, "take_object": T.GOOD, "look": T.GOOD,
    "stage": T.ACCENT, "conclude": T.ACCENT, "ending": T.ACCENT,
    "accuse": T.BAD, "avoid": T.BAD, "break_off": T.BAD, "report": T.BAD,
    "reconcile": T.GOOD, "bring": T.TEAL, "happen": T.DIM, "move_object": T.DIM,
    "notice": T.ACCENT,
}
TIME_W = 92


class EventLog(Widget):
    def __init__(self, town) -> None:
        super().__init__()
        self.town = town
        self.offset = 0
        self.follow = True
        self._key = None
        self._tops: list[int] = []
        self._lines: list[list[str]] = []
        self._events: list[dict] = []
        self.shown: list[str] = []  # summaries drawn last frame (tests)

    def scroll(self, dy: int) -> None:
        self.offset += dy
        self.follow = False

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.zones.clear()
        s = self.town.session
        everything = s.open_minds or not s.has_player
        T.text(surf, "Event log", (rect.x, rect.y), "head", T.TEXT)
        sub = ("every world event (open minds)" if s.open_minds else "everything in town"
               if not s.has_player else "what you took part in or saw; ‖ marks what the "
               "running clock stops for (a wait runs on)")
        T.text(surf, sub, (rect.x, rect.y + 24), "small", T.DIM)
        body = pygame.Rect(rect.x, rect.y + 48, rect.width, rect.height - 48)
        events = s.log()
        notes = [e for e in s.transcript if e.kind == "notice"] if s.has_player else []
        width = body.width - TIME_W - 16
        key = (len(events), len(notes), width, everything, id(s))
        if key != self._key:
            self._layout(self._merge(events, notes, everything), width)
            self._key = key
        content = self._tops[-1] if self._tops else 0
        if self.follow:
            self.offset = content
        self.offset = clamp_scroll(self.offset, content, body.height)
        if self.offset >= content - body.height:
            self.follow = True
        clip = surf.get_clip()
        surf.set_clip(body)
        lh = T.line_height("small")
        first = max(0, bisect.bisect_right(self._tops, self.offset) - 1)
        self.shown = []
        for i in range(first, len(self._events)):
            y = body.y + self._tops[i] - self.offset
            if y > body.bottom:
                break
            ev = self._events[i]
            col = KIND_COLOURS.get(ev["kind"], T.DIM)
            backstory = ev["data"].get("backstory") if isinstance(ev["data"], dict) else False
            T.text(surf, clock.fmt(ev["at"]), (body.x, y + 1), "small", T.FAINT)
            pygame.draw.circle(surf, col, (body.x + TIME_W - 6, y + 8), 4)
            for j, line in enumerate(self._lines[i]):
                T.text(surf, line, (body.x + TIME_W + 4, y + j * lh), "small",
                       T.DIM if backstory else T.TEXT)
            self.shown.append(ev["summary"])
        if not self._events:
            # (a town with no player has no one to talk: its log is the town's; a playtest)
            T.text(surf, "Nothing yet. Talk to people; what you see and hear is logged here."
                   if self.town.session.has_player else
                   "Nothing yet. What happens in town is logged here as it happens.",
                   (body.x, body.y + 8), "small", T.FAINT, width=body.width)
        surf.set_clip(clip)
        scrollbar(surf, body, self.offset, content)

    def _merge(self, events: list[dict], notes: list, everything: bool) -> list[dict]:
        """Seen events in the player's words (everything, in open minds), with the notices
        after the events they are about."""
        sim = self.town.session.sim
        rows = [dict(ev, summary=ev["summary"] if everything else seen_summary(sim, ev))
                for ev in events]
        order = {ev["id"]: i for i, ev in enumerate(rows)}
        keyed = [((ev["at"], i, 0), ev) for i, ev in enumerate(rows)]
        marked: set[int] = set()
        for n in notes:
            i = order.get(n.event, len(rows)) if n.event is not None else len(rows)
            if i < len(rows):
                # The event the clock stopped for is marked where it stands, not listed a
                # second time as its notice ("Joss told Tilly…" twice: a window playtest).
                if i not in marked:
                    marked.add(i)
                    rows[i]["summary"] = "‖ " + rows[i]["summary"]
                continue
            keyed.append(((n.at, i, 1), {"id": None, "at": n.at, "kind": "notice",
                                          "summary": "‖ " + n.text, "data": {}}))
        return [ev for _, ev in sorted(keyed, key=lambda kv: kv[0])]

    def _layout(self, events: list[dict], width: int) -> None:
        self._events = list(events)
        self._lines, self._tops = [], [0]
        lh = T.line_height("small")
        for ev in self._events:
            lines = T.wrap(_sentence(ev["summary"]), "small", width)
            self._lines.append(lines)
            self._tops.append(self._tops[-1] + len(lines) * lh + 6)


def _sentence(s: str) -> str:
    s = s.strip()
    return (s[:1].upper() + s[1:]) if s else s
