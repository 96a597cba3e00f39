"""What the town screen's keys do (the table is `ui.keys`; each binding's action names a
`do_<action>` method here), and saving and loading from the town. Mixed into `TownScene`.
"""

from __future__ import annotations

from pathlib import Path

import pygame

from game import PLAYER

ARM_SECONDS = 4.0  # how long a first press of "Open minds" waits for the second (its toast's)
ARM_WORDS = ("Open minds shows every mind and the truth, and the ending will say you looked: "
             "press D, or click it, again to open them.")

TABS = (("case", "Case", "G"), ("people", "People", "P"), ("claims", "Claims", "C"),
        ("log", "Log", "L"))


class TownKeys:
    def do_pause(self) -> None:
        self.session.toggle_pause()

    def do_speed1(self) -> None:
        self.session.set_speed(1)

    def do_speed4(self) -> None:
        self.session.set_speed(4)

    def do_speed16(self) -> None:
        self.session.set_speed(16)

    def do_step(self) -> None:
        self.session.set_speed(0)
        if not self.session.over:
            self.session.step()
            self.session.take_notice()
            self._check_ending()

    def do_command(self) -> None:
        if self.session.has_player and not self.session.over:
            self.dialogue.focus(True)

    def do_next_tab(self) -> None:
        order = [t for t, _, _ in TABS]
        self.tab = order[(order.index(self.tab) + 1) % len(order)]

    def do_back(self) -> None:
        if self.place_card:
            self.place_card = None
        elif self.belief:
            self.belief = None
        elif self.selected and self.tab == "people":
            self.unselect()
        elif self.claim_view and self.tab == "claims":
            self.close_claim()
        else:
            self.do_menu()

    def do_tab_case(self) -> None:
        self.tab = "case"

    def do_tab_people(self) -> None:
        self.tab = "people"

    def do_notebook(self) -> None:
        if self.session.has_player:
            self.select(PLAYER)

    def do_tab_claims(self) -> None:
        if self.tab == "claims" and self.claim_view is not None:
            self.close_claim()  # C again closes it (it did nothing: a window playtest)
            return
        self.tab = "claims"
        if self.claim_view is None:
            rows = self.claims.claims()
            if rows:
                self.open_claim(rows[0][0], rows[0][1])

    def do_tab_log(self) -> None:
        self.tab = "log"

    def _page(self) -> int:
        return self.rects.get("panel", pygame.Rect(0, 0, 0, 400)).height - 60

    def do_page_up(self) -> None:
        self._panel_widget().scroll(-self._page())

    def do_page_down(self) -> None:
        self._panel_widget().scroll(self._page())

    def do_back_hour(self) -> None:
        if self.claim_view:
            self.overlay._step(-60)

    def do_forward_hour(self) -> None:
        if self.claim_view:
            self.overlay._step(60)

    def do_replay(self) -> None:
        self.overlay.replay()

    def do_live(self) -> None:
        if self.claim_view:
            self.claim_view.seek(None)

    def do_debug(self) -> None:
        s = self.session
        # (Once the story is over there is nothing to spoil and the ending says nothing of
        # it: asked twice, "the ending will say you looked" was untrue there, and a second
        # click four seconds on did nothing: a window playtest.)
        if not s.open_minds and s.has_player and not s.sim.open_minds_used and \
                not s.over and not self.minds_armed > 0:
            # Once, asked twice: one stray click on "Open minds" showed a blind playtester
            # every mind and the truth, and the ending said they had looked.
            self.minds_armed = ARM_SECONDS
            self.app.toast(ARM_WORDS, ARM_SECONDS)
            return
        self.minds_armed = 0.0
        # The question is answered: it stood over the answer, and after open minds was off
        # again (a window playtest).
        self.app.drop_toast(ARM_WORDS)
        self.session.open_minds = not self.session.open_minds
        self.app.toast("Open minds: every mind and the truth — the ending will say you looked"
                       if self.session.open_minds and self.session.has_player and not s.over
                       else "Open minds: every mind and the truth" if self.session.open_minds
                       and self.session.has_player else
                       "Open minds: the truth shown" if self.session.open_minds else
                       "Open minds off: what you know")

    def do_quicksave(self) -> None:
        self.save(self.app.saves / "quick.sqlite")

    def do_quickload(self) -> None:
        path = self.app.saves / "quick.sqlite"
        if not path.exists():
            self.app.toast("No quick save yet (F5 saves)")
            return
        self.ask_to_load(path)

    def do_slots(self) -> None:
        from .slots import SlotsScene

        self.app.push(SlotsScene(self.app, self))

    def do_help(self) -> None:
        from .help import HelpScene

        self.app.push(HelpScene(self.app, self.session.has_player))

    def do_menu(self) -> None:
        from .menu import MenuScene

        self.app.push(MenuScene(self.app, self))

    def do_screenshot(self) -> None:
        n = len(list(self.app.saves.glob("screenshot-*.png"))) + 1
        path = self.app.screenshot(self.app.saves / f"screenshot-{n}.png")
        self.app.toast(f"Screenshot saved: {path.name}")

    # -- saves ----------------------------------------------------------------------------

    def save(self, path: Path) -> None:
        from game import SaveError

        try:
            self.session.save(path)
        except SaveError:  # the save module never writes over what it cannot read
            self.app.toast(f"Not saved: {path.name} is unreadable and is left as it is")
            return
        except OSError as exc:
            self.app.toast(f"Could not save: {exc}")
            return
        from ..slotnames import slot_label

        self.app.toast(f"Saved to {slot_label(path)}")

    def if_nothing_lost(self, question: str, yes: str, action, first: str = "") -> None:
        """Do `action` — or, when it would throw away play not saved, ask first (Enter or Y
        does it, Esc or N does not): F9 threw an hour's play away without a word (a playtest).
        `first`: a sentence the question says before what would be lost."""
        if not self.session.unsaved:
            action()
            return
        from .confirm import ConfirmScene

        detail = " ".join(w for w in (first, self.session.unsaved_words()) if w)
        self.app.push(ConfirmScene(self.app, question, detail, yes, action))

    def ask_to_load(self, path: Path) -> None:
        """Load a save, asking first if play not saved would be lost."""
        from game import clock, peek_save

        from ..slotnames import slot_label

        info = peek_save(path)
        if info is None:  # not a save that loads: the load says why, and nothing is lost
            self.load(path)
            return
        name = "the quick save" if path.stem == "quick" else slot_label(path)
        first = f"{name[:1].upper()}{name[1:]} is at {clock.fmt(info.now)}" + (
            ", after its ending." if info.ending else ".")
        self.if_nothing_lost(f"Load {name}?", "Load", lambda: self.load(path), first)

    def load(self, path: Path) -> None:
        from ..slotnames import slot_label
        from .slots import open_save

        if open_save(self.app, path):
            self.app.toast(f"Loaded {slot_label(path)}")
