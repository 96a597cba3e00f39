"""The Case panel: the brief, then the case board — each open question with the answers heard
(who, the source they gave, when), contradicting accounts side by side, who has not been
asked, what you have shown or told whom, the deadline — and a few words on how to play.
"""

from __future__ import annotations

import pygame

from game import clock

from ..casebook import Page, case_board
from .base import Widget
from .pageview import PageView

HOW = [
    "Go where people are and ask them; click someone to see what they have told you.",
    "Ask 'who' was where at a time to find witnesses; 'where is' someone, to find them.",
    "Show what you find; bring a witness; mediate between two people.",
    "Type names, not ids: '{example}'. Tab completes; errors say what fits; 'help' lists "
    "the verbs, 'look' what is around you.",
    "C colours the town by what people told you. D opens every mind (the ending says so).",
]


def _example(sim) -> str:
    """'ask ana ben refused': this scenario's first resident and first question, in the words
    the command line takes (missing_key's 'ask ada key moved' was shown for every case)."""
    from game import questions, short_words

    v = sim.names()
    qs = questions(sim)
    if not sim.sc.residents or not qs:
        return "ask NAME QUESTION"
    return (f"ask {short_words(v, 'residents', sim.sc.residents[0].id)} "
            f"{short_words(v, 'claims', qs[0])}")


class CasePanel(Widget):
    def __init__(self, town) -> None:
        super().__init__()
        self.town = town
        self.view = PageView()
        self._page: Page | None = None
        self._key = None

    @property
    def lines(self) -> list[str]:
        return self.view.lines

    def scroll(self, dy: int) -> None:
        self.view.scroll(dy)

    def page(self) -> Page:
        s = self.town.session
        key = (s.stamp, id(s), s.open_minds)
        if key != self._key:
            self._page, self._key = self._build(), key
        return self._page

    def _build(self) -> Page:
        s = self.town.session
        sim, info = s.sim, s.sim.sc.scenario
        role = {"detective": "You are the detective.", "mediator": "You are the mediator.",
                "observer": "You watch the town."}.get(info.role, "")
        page = Page()
        page.add("title", info.title)
        start = clock.parse_when(info.start)
        # "at most": a story may end before its days are out ("3 days from 08:00" read as
        # day 4 to a playtester whose story ended at day 3 18:10)
        page.add("sub", f"{role}  At most {info.days} day{'s' if info.days != 1 else ''} "
                 f"from {clock.fmt_clock(start)} on day {clock.day_of(start)}")
        page.add("prose", info.told)
        if s.has_player:
            board = case_board(sim, open_minds=s.open_minds)
            page.blocks += [b for b in board.blocks if b.style != "title"]
            page.add("head", "How to play")
            for h in HOW:
                page.add("dim", "• " + h.replace("{example}", _example(sim)))
        else:
            for g in sim.sc.goals:
                page.add("text", f"◆ {g.text}")
        return page

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.zones.clear()
        self.view.draw(surf, rect, self.page(), self._key)
