"""Save and load slots: six numbered slots and the quick save, each a SQLite file in the
saves folder, shown with its scenario and time. Opened from the town (save or load) or from
the title screen (load only).
"""

from __future__ import annotations

import datetime as dt
from pathlib import Path

import pygame

from game import clock, peek_save

from .. import theme as T
from ..slotnames import SLOTS, slot_path
from ..widgets.base import button, panel, shadow
from .base import Overlay


def open_save(app, path: Path) -> bool:
    """Replace whatever is showing with the town in this save; a bad save is a toast, and the
    file is left as it was (the save module refuses it read-only)."""
    from game import SaveError, ScenarioError

    from ..session import Session
    from .town import TownScene

    try:
        session = Session.load(path)
    except (SaveError, ScenarioError, OSError) as exc:
        app.toast(f"Could not load: {exc}")
        return False
    app.replace(TownScene(app, session))
    return True


class SlotsScene(Overlay):
    def __init__(self, app, town=None) -> None:
        super().__init__(app)
        self.town = town  # None: from the title screen, loading only
        self.rows: list[tuple[str, str]] = []
        # What each slot's file held when last read, by its size and modification time: the
        # list is drawn every frame, and reading a save opens and checks the file.
        self._peeked: dict[Path, tuple[tuple[int, int, int], object]] = {}

    def _peek(self, path: Path):
        """The save's SaveInfo (None: unreadable) and its mtime, or None if there is none."""
        try:
            st = path.stat()
        except OSError:
            return None
        key = (st.st_mtime_ns, st.st_size, st.st_ino)
        got = self._peeked.get(path)
        if got is None or got[0] != key:
            got = self._peeked[path] = (key, peek_save(path))
        return got[1], st.st_mtime

    def save(self, slot: str) -> None:
        """Save to a slot — asking first when it holds a save, which this one replaces."""
        path = slot_path(self.app.saves, slot)
        held = self._peek(path)
        if held and held[0] is not None:
            from ..slotnames import slot_label
            from .confirm import ConfirmScene

            desc = dict(self.rows).get(slot, "")
            self.app.push(ConfirmScene(
                self.app, f"Save over {slot_label(path)}?",
                f"It holds {desc or 'a save'}; this game, at "
                f"{clock.fmt(self.town.session.now)}, replaces it.", "Save over it",
                lambda: self._save(path)))
            return
        self._save(path)

    def _save(self, path: Path) -> None:
        self.town.save(path)
        self.close()

    def load(self, slot: str) -> None:
        path = slot_path(self.app.saves, slot)
        if self.town is not None:
            self.town.ask_to_load(path)
        else:
            open_save(self.app, path)

    def draw(self, surface: pygame.Surface) -> None:
        self.dim(surface)
        self.zones.clear()
        sw, sh = surface.get_size()
        w, h = min(680, sw - 60), 110 + 52 * len(SLOTS)
        card = pygame.Rect((sw - w) // 2, (sh - h) // 2, w, h)
        shadow(surface, card, 10, 14)
        panel(surface, card, T.PANEL, T.ACCENT, radius=14)
        title = "Save or load" if self.town is not None else "Load a saved game"
        T.text(surface, title, (card.x + 26, card.y + 18), "big", T.TEXT)
        T.text(surface, f"in {self.app.saves}", (card.x + 26, card.y + 58), "small", T.FAINT,
               width=w - 170)
        button(surface, self.zones, (card.right - 120, card.y + 22, 96, 30), "Close  Esc",
               self.close, name="close")
        y = card.y + 86
        self.rows = []
        for slot, label in SLOTS:
            path = slot_path(self.app.saves, slot)
            peeked = self._peek(path)
            info, mtime = peeked if peeked else (None, 0.0)
            r = pygame.Rect(card.x + 20, y, w - 40, 44)
            pygame.draw.rect(surface, T.RAISED, r, border_radius=8)
            T.text(surface, label, (r.x + 14, r.y + 6), "ui_bold", T.TEXT)
            if info:
                when = dt.datetime.fromtimestamp(mtime).strftime("%d %b %H:%M")
                # The story by its title, from the save's own scenario (not a file of that
                # name where the game runs), else its id.
                desc = f"{info.title or info.scenario} · {clock.fmt(info.now)}" + (
                    " · ended" if info.ending else "") + f" · saved {when}"
            elif peeked:  # not a save we can read: shown, never loaded or written over
                desc = "unreadable — left as it is; move the file away to use this slot"
            else:
                desc = "empty"
            T.text(surface, desc, (r.x + 14, r.y + 25), "small", T.DIM if info else T.FAINT,
                   width=r.width - 220)
            self.rows.append((slot, desc))
            # Each button in its own place whether the slot is empty or not: Save moved left
            # once a slot was filled and Load took its place, and a click where Save had been
            # loaded the slot (a window playtest).
            if info:
                button(surface, self.zones, (r.right - 88, r.y + 8, 76, 28), "Load",
                       lambda s=slot: self.load(s), name=f"load:{slot}", style="small_bold")
            if self.town is not None and (info or not peeked):
                button(surface, self.zones, (r.right - 172, r.y + 8, 76, 28), "Save",
                       lambda s=slot: self.save(s), name=f"save:{slot}", style="small_bold",
                       active=True)
            y += 52
