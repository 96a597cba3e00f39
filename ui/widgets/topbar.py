"""The bar across the top: the scenario, the clock and its controls (pause, 1×, 4×, 16×, one
tick), the time left to the next deadline, and the save, open-minds and help buttons.
"""

from __future__ import annotations

import pygame

from game import clock

from .. import theme as T
from . import glyphs
from .base import Widget, button, hovered

SPEED_LABELS = {0: "", 1: "1×", 4: "4×", 16: "16×"}


class TopBar(Widget):
    def __init__(self, town) -> None:
        super().__init__()
        self.town = town

    def draw(self, surf: pygame.Surface, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self.zones.clear()
        town, s = self.town, self.town.session
        pygame.draw.rect(surf, T.PANEL, rect)
        pygame.draw.line(surf, T.BORDER, rect.bottomleft, (rect.right, rect.bottom - 1))
        cy = rect.centery

        # game buttons, from the right
        bx = rect.right - T.PAD
        for label, action, name, active in (
                ("?", town.do_help, "help", False),
                ("Open minds", town.do_debug, "debug", s.open_minds),
                ("Saves", town.do_slots, "slots", False),
                ("Menu", town.do_menu, "menu", False)):
            w = 34 if label == "?" else T.width_of(label, "ui_bold") + 22
            r = pygame.Rect(bx - w, cy - 15, w, 30)
            button(surf, self.zones, r, label, action, name=name, active=active)
            if hovered(r):
                tips = {"help": "Every key (H)", "debug": "Every mind and the truth (D)",
                        "slots": "Save and load (S, F5, F9)", "menu": "Restart, scenarios, quit"}
                town.tip(tips[name])
            bx = r.x - 6
        right_edge = bx - 12

        # the logo, left
        x = rect.x + T.PAD
        logo = T.text(surf, "Hearsay", (x, cy), "logo", T.ACCENT, valign="center")

        # the clock and its controls: centred, but never into the buttons
        controls_w = 62 + 36 + 3 * 50 + 38
        note_w = 200
        cx = rect.centerx - (controls_w + note_w) // 2 + 40
        cx = min(cx, right_edge - controls_w - 120)
        cx = max(cx, logo.right + 24)
        T.text(surf, s.sim.sc.scenario.title, (logo.right + 12, cy), "ui", T.DIM,
               width=cx - logo.right - 28, valign="center")
        T.text(surf, f"Day {clock.day_of(s.now)}", (cx, cy - 9), "small_bold", T.DIM,
               valign="center")
        T.text(surf, clock.fmt_clock(s.now), (cx, cy + 8), "clock", T.TEXT, valign="center")
        x = cx + 62
        for speed in (0, 1, 4, 16):
            r = pygame.Rect(x, cy - 15, 46 if speed else 36, 30)
            active = s.speed == speed
            button(surf, self.zones, r, SPEED_LABELS[speed] or " ",
                   lambda v=speed: town.set_speed(v), name=f"speed:{speed}", active=active)
            if speed == 0:
                glyphs.pause_icon(surf, r.center, T.BG if active else T.TEXT, 12)
            x = r.right + 4
        r = pygame.Rect(x, cy - 15, 34, 30)
        button(surf, self.zones, r, " ", town.do_step, name="step")
        if hovered(r):
            town.tip("Let ten minutes pass (.)")
        glyphs.step_icon(surf, r.center, T.TEXT, 12)
        x = r.right + 10
        room = right_edge - x
        if s.over:
            notes, col = ("the story is over", "over"), T.ACCENT
        elif town.typing and s.speed:
            notes, col = ("holding while you type", "holding"), T.ACCENT
        elif s.speed and town.app.top is not town:  # a menu, help or a card over the town
            notes, col = ("holding while this is open", "holding"), T.ACCENT
        elif s.speed == 0:
            notes, col = ("paused — Space to run", "paused"), T.FAINT
        else:
            notes, col = (f"running at {SPEED_LABELS[s.speed]}", "running"), T.GOOD
        if room > 40:
            # In a narrow window the short words, whole ("paused — Space t…" and "2d 8h
            # left — dead…" at 960 wide: a window playtest), before words cut.
            T.text(surf, self._fitting(notes, room), (x, cy - 8), "small", col,
                   valign="center", width=room)
            left = self.deadline()
            if left:
                short = left.split(" — ")[0]
                T.text(surf, self._fitting((left, short), room), (x, cy + 8), "small", T.DIM,
                       valign="center", width=room)

    @staticmethod
    def _fitting(words: tuple[str, ...], room: int) -> str:
        """The first of `words` (longest first) that fits `room` pixels, else the last."""
        return next((w for w in words if T.width_of(w, "small") <= room), words[-1])

    def deadline(self) -> str:
        """'41h to day 3 18:00' for the nearest goal deadline still ahead."""
        s = self.town.session
        if s.over:  # no time is left to anyone once the story has ended (a playtest)
            return ""
        ahead = []
        for g in s.sim.sc.goals:
            by = getattr(g, "by", None)
            if by:
                t = clock.parse_when(by)
                if t >= s.now:
                    ahead.append(t)
        if not ahead:
            return ""
        t = min(ahead)
        hours = (t - s.now) // 60
        # ("0h left" was read with half an hour to go, and "1h left" with an hour and fifty
        # minutes, just after "Two hours left": window playtests.) Close to it, the minutes.
        minutes = (t - s.now) % 60
        # Days and hours from a day out, one way all along ("2d 0h", then "47h", then "5h 30m"
        # read as three clocks: a window playtest).
        left = f"{t - s.now} min" if hours < 1 else \
            f"{hours}h {minutes:02d}m" if hours < 6 and minutes else \
            f"{hours}h" if hours < 24 else \
            f"{hours // 24}d {hours % 24}h" if hours % 24 else f"{hours // 24}d"
        return f"{left} left — deadline {clock.fmt(t)}"
