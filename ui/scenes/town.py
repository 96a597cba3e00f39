"""The town screen: the map, the right-hand panel (case, people and the belief inspector,
claim view, event log), the dialogue box and the top bar — and what the keys do.

It holds what is selected and open; the session holds the game. The clock advances here, in
`update`, in whole ticks at the chosen speed (and holds while the player types).
"""

from __future__ import annotations

import pygame

from game import PLAYER, clock
from memory import belief_counts

from .. import composer, keys
from .. import theme as T
from ..claimview import ClaimView
from ..session import Session
from ..widgets import base
from ..widgets.case import CasePanel
from ..widgets.claims import ClaimOverlay, ClaimsPanel
from ..widgets.detail import BeliefDetail
from ..widgets.dialogue import Dialogue
from ..widgets.inspector import Inspector
from ..widgets.log import EventLog
from ..widgets.map import TownMap
from ..widgets.mind import MindPanel
from ..widgets.placecard import PlaceCard
from ..widgets.roster import Roster
from ..widgets.topbar import TopBar
from .base import Scene
from .townkeys import TABS, TownKeys

WHEEL = 48
# The panel letters (G, P, N, C, L) that may begin a typed word ("look", "go", "conclude"),
# and how soon a letter after one means it did.
TYPED_AHEAD = frozenset({"tab_case", "tab_people", "notebook", "tab_claims", "tab_log"})
# The letters that open a screen or start something (S, H, R: "search", "help", "read") wait
# that long before doing it, and do nothing if a letter follows.
HELD = frozenset({"slots", "help", "replay"})
# (0.6 s took C then G, pressed half a second apart to switch panels, for the word "cg"; a
# window playtest. A typed word's letters come faster than this.)
AHEAD_SECONDS = 0.4


class TownScene(TownKeys, Scene):
    def __init__(self, app, session: Session) -> None:
        super().__init__(app)
        # Another game's notices are not this one's: "Paused: Tilly treated Mira" stayed over
        # a quick save from before she did (a window playtest).
        app.clear_toasts()
        self.session = session
        self.tab = "case"
        self.selected: str | None = None
        self.belief: tuple[str, str, str] | None = None
        self.claim_view: ClaimView | None = None
        self.place_card: str | None = None
        self.ended = False  # the ending screen has been shown
        self._told: str | None = None  # the last notice toasted
        self.minds_armed = 0.0  # seconds a first press of Open minds waits for the second
        self.ribbon_rect: pygame.Rect | None = None  # the map's ribbon as last drawn
        self.topbar = TopBar(self)
        self.map = TownMap(self)
        self.overlay = ClaimOverlay(self)
        self.card = PlaceCard(self)
        self.dialogue = Dialogue(self)
        # A letter that may begin a typed word: (seconds left, letter, panels before it or
        # None, its action)
        self._ahead: tuple | None = None
        self.case = CasePanel(self)
        self.roster = Roster(self)
        self.inspector = Inspector(self)
        self.mind = MindPanel(self)
        self.detail = BeliefDetail(self)
        self.claims = ClaimsPanel(self)
        self.log = EventLog(self)
        self.rects: dict[str, pygame.Rect] = {}
        self._counts: tuple[int, dict[str, int]] = (-1, {})
        pygame.display.set_caption(f"Hearsay — {session.sim.sc.scenario.title}")

    # -- what is open -----------------------------------------------------------------------

    @property
    def typing(self) -> bool:
        return self.dialogue.focused or self.inspector.filter.focused

    @property
    def belief_key(self) -> tuple[str, str] | None:
        return self.belief[1:] if self.belief else None

    @property
    def panel(self) -> str:
        """Which panel the right-hand side shows: case, people, inspector (a whole mind: your
        notebook, or anyone's in open minds), mind (what you know of someone's mind), belief,
        claims, log."""
        if self.tab == "people":
            # Someone else's belief, its history and evidence, is their whole mind: open minds
            # only (a page left open when open minds is switched off gives way to what you know
            # of their mind).
            if self.belief and (self.session.full_minds or self.belief[0] == PLAYER):
                return "belief"
            if not self.selected:
                return "people"
            full = self.session.full_minds or self.selected == PLAYER
            return "inspector" if full else "mind"
        return self.tab

    def show_tab(self, tab: str) -> None:
        self.tab = tab

    def select(self, rid: str | None) -> None:
        self.selected = rid
        self.belief = None
        if rid is not None:
            self.inspector.open(rid)
        self.tab = "people"

    def unselect(self) -> None:
        self.select(None)

    def open_belief(self, rid: str, subject: str, attribute: str) -> None:
        if self.selected != rid:
            self.select(rid)
        self.belief = (rid, subject, attribute)
        self.detail.offset = 0
        self.tab = "people"

    def close_belief(self) -> None:
        self.belief = None

    def open_claim(self, subject: str, attribute: str) -> None:
        self.claim_view = ClaimView(self.session, subject, attribute)
        self.overlay.replaying = False
        self.tab = "claims"

    def close_claim(self) -> None:
        self.claim_view = None

    def close_place(self) -> None:
        self.place_card = None

    def tip(self, text: str) -> None:
        # The command line's picker covers what is under it: a verb button or a map token
        # hidden there shows no tooltip over the picker's chips (nothing in the picker asks
        # for one).
        if self.dialogue.focused and base.hovered(self.dialogue.popup):
            return
        self.app.tip(text)

    def belief_count(self, rid: str) -> int:
        if self._counts[0] != self.session.stamp:
            self._counts = (self.session.stamp, belief_counts(self.session.sim.store))
        return self._counts[1].get(rid, 0)

    # -- clicks on the map ------------------------------------------------------------------

    def on_resident(self, rid: str) -> None:
        vocab = self.session.sim.names()
        ex = composer.expecting(self.dialogue.line.value, vocab)
        if self.dialogue.focused and ex.kind in ("resident", "anyone") and rid != PLAYER:
            word = composer.short_words(vocab, "residents", rid)
            self.dialogue.line.set(composer.apply(self.dialogue.line.value,
                                                  composer.Choice(rid, word), vocab))
            return
        self.place_card = None
        self.select(rid)

    def on_place(self, pid: str) -> None:
        vocab = self.session.sim.names()
        ex = composer.expecting(self.dialogue.line.value, vocab)
        if self.dialogue.focused and ex.kind == "place":
            word = composer.short_words(vocab, "places", pid)
            self.dialogue.line.set(composer.apply(self.dialogue.line.value,
                                                  composer.Choice(pid, word), vocab))
            return
        self.place_card = None if self.place_card == pid else pid

    # -- commands ---------------------------------------------------------------------------

    def start_verb(self, verb: str) -> None:
        spec = composer.ARGS.get(verb, [])
        if verb in composer.ARGS and not spec:  # 'look': there is nothing more to say
            self.run_command(verb)
            return
        text = f"{verb} "
        if spec[:1] == ["resident"] and self.selected in self.session.here():
            text += f"{self.selected} "
        self.place_card = None
        self.dialogue.start(text)

    def run_command(self, text: str) -> None:
        self.place_card = None
        if self.session.submit(text):
            self.after_command()

    def after_command(self) -> None:
        self.dialogue.follow = True
        self._check_ending()

    def set_speed(self, speed: int) -> None:
        """A speed's button: time runs at it. A command line left open with nothing typed
        on it lets go (time holds only while someone types): clicking 4× after a command
        said "holding while you type" and the clock stood still (a window playtest)."""
        if speed and self.dialogue.focused and not self.dialogue.line.value.strip():
            self.dialogue.focus(False)
        self.session.set_speed(speed)

    # -- the scene --------------------------------------------------------------------------

    def layout(self, size: tuple[int, int]) -> dict[str, pygame.Rect]:
        w, h = size
        right_w = max(440, min(T.RIGHT_W, int(w * 0.42)))
        # The replies' pane as tall as the map can spare (five lines showed too little of a
        # reply, a window playtest); no player: just a note.
        dh = max(T.DIALOGUE_MIN, min(T.DIALOGUE_H, h - T.TOP_H - T.MAP_MIN_H)) \
            if self.session.has_player else 64
        r = {
            "top": pygame.Rect(0, 0, w, T.TOP_H),
            "right": pygame.Rect(w - right_w, T.TOP_H, right_w, h - T.TOP_H),
            "map": pygame.Rect(0, T.TOP_H, w - right_w, h - T.TOP_H - dh),
            "dialogue": pygame.Rect(0, h - dh, w - right_w, dh),
        }
        r["tabs"] = pygame.Rect(r["right"].x, r["right"].y, r["right"].width, 40)
        r["panel"] = pygame.Rect(r["right"].x + T.PAD, r["right"].y + 52,
                                 r["right"].width - 2 * T.PAD, r["right"].height - 52 - T.PAD)
        self.rects = r
        return r

    def _panel_widget(self):
        return {"case": self.case, "people": self.roster, "inspector": self.inspector,
                "mind": self.mind, "belief": self.detail, "claims": self.claims,
                "log": self.log}[self.panel]

    def handle_event(self, e: pygame.event.Event) -> bool:
        if e.type == pygame.MOUSEWHEEL:
            pos = tuple(base.mouse)
            if self.rects and self.rects["right"].collidepoint(pos):
                self._panel_widget().scroll(-e.y * WHEEL)
            elif self.rects and self.rects["dialogue"].collidepoint(pos):
                self.dialogue.scroll(-e.y * WHEEL)
            return True
        if e.type == pygame.KEYDOWN and e.key in keys.FUNCTION_KEYS:
            # Keys that type nothing do what they do while a line has the keys too: F9 in
            # the command line was swallowed without a word (a window playtest).
            b = keys.BY_KEY.get(e.key)
            if b is not None:
                getattr(self, f"do_{b.action}")()
                return True
        if self.panel == "inspector" and self.inspector.handle_event(e):
            return True
        if self.dialogue.handle_event(e):
            return True
        if e.type == pygame.MOUSEBUTTONDOWN and e.button == 1:
            return self._click(e.pos)
        if e.type == pygame.KEYDOWN and not self.typing:
            b = keys.BY_KEY.get(e.key)
            talk = self.session.has_player and not self.session.over
            letter = e.unicode.isalpha() and e.unicode.isprintable() and talk
            ahead, self._ahead = self._ahead, None
            if letter and ahead is not None:
                # A letter hard on a letter's heels: the first began a typed word ("look",
                # "search", "help"). A panel it switched goes back; a screen it would open
                # does not open; the line takes both (the TEXTINPUT that follows types the
                # second). "look" out of the line had switched to the Log (a window playtest).
                first, back = ahead[1], ahead[2]
                if back is not None:
                    self._panels(back)
                self.dialogue.focus(True)
                self.dialogue.line.set(first)
                self._typing_toast()
                return True
            if ahead is not None and ahead[2] is None:
                self._ahead_fire(ahead)  # (another key: the held letter was a shortcut)
            if e.unicode == "?":
                # Shift and / on most keyboards: it opened the command line with "?" in it
                # (a window playtest looked for help there, as the top bar's "?" gives it).
                self.do_help()
                return True
            if b is not None:
                if e.key == pygame.K_SLASH:
                    self.dialogue.swallow = "/"  # the TEXTINPUT that follows is not typed
                if letter and b.action in HELD:
                    # A screen's letter waits a moment, in case it begins a word: "search"
                    # opened the save slots with its S (a review).
                    self._ahead = (AHEAD_SECONDS, e.unicode, None, b.action)
                    return True
                if letter and b.action in TYPED_AHEAD:
                    self._ahead = (AHEAD_SECONDS, e.unicode, self._panels(), b.action)
                getattr(self, f"do_{b.action}")()
                return True
            if e.unicode and e.unicode.isprintable() and not e.unicode.isspace() and talk:
                # A letter that is no shortcut: the player has started typing a command
                # without Enter. The line opens and takes it (the TEXTINPUT that follows
                # types it).
                self.dialogue.focus(True)
                self._typing_toast()
                return True
        return False

    def _panels(self, back: tuple | None = None) -> tuple:
        """What the panel letters change (the tab, who and what is open), to put back when
        the letter turns out to have begun a typed word."""
        if back is not None:
            self.tab, self.selected, self.belief, self.claim_view, replaying = back
            self.overlay.replaying = replaying
            if self.selected is not None:  # (N had opened your own notebook in it)
                self.inspector.open(self.selected)
        return (self.tab, self.selected, self.belief, self.claim_view,
                self.overlay.replaying)

    def _ahead_fire(self, ahead: tuple) -> None:
        """A held screen letter, alone after all: what it does, done now."""
        getattr(self, f"do_{ahead[3]}")()

    def _typing_toast(self) -> None:
        self.app.toast("Typing a command. Out of the command line (Esc, or Space on an "
                       "empty line) letters are shortcut keys: H lists them.", 4.0)

    def _click(self, pos) -> bool:
        for w in (self.card, self.topbar, self.overlay):
            if w.zones.hit(pos):
                return w.click(pos)
        if self.rects["right"].collidepoint(pos):
            action = self.zones.hit(pos)
            if action:
                action()
                return True
            return self._panel_widget().click(pos)
        if self.rects["map"].collidepoint(pos):
            if not self.map.click(pos):
                self.place_card = None
            return True
        return False

    @property
    def still(self) -> bool:
        """Nothing moves until the player acts: the clock stopped, no replay of a claim's
        spread under way, every resident drawn where they are."""
        s = self.session
        return (s.speed == 0 or s.over) and not self.overlay.replaying and self.map.settled()

    def update(self, dt: float) -> None:
        if self._ahead is not None:  # (the frame's time: a letter's moment runs out)
            left = self._ahead[0] - dt
            if left > 0:
                self._ahead = (left, *self._ahead[1:])
            else:
                ahead, self._ahead = self._ahead, None
                if ahead[2] is None:
                    self._ahead_fire(ahead)
        if self.minds_armed > 0:  # (a first press of Open minds waits, while its toast shows)
            self.minds_armed = max(0.0, self.minds_armed - dt)
        self.session.elastic = self.app.elastic  # the interactive loop paces elastically
        if self.app.elastic:
            self.session.window_took(self.app.busy_ms)
        if not self.typing and self.session.advance(dt):
            self._check_ending()
        if self.session.notice and self.session.notice != self._told:
            self._told = self.session.notice  # the clock stopped itself: say why
            if not self.session.over:  # (once over, the ending says it: it outlived the card)
                self.app.toast("Paused: " + self._told, 4.0)
        self.map.update(dt)
        self.overlay.update(dt)
        self.dialogue.update(dt)
        self.inspector.filter.update(dt)

    def _check_ending(self) -> None:
        if self.session.over and not self.ended:
            from .ending import EndingScene

            self.ended = True
            # A letter held for its moment as the story ended is dropped: the town's clock
            # (and the moment's) stops under the ending, and the R pressed as it came was
            # typed before the next line, "rgo apothecary" (a window playtest).
            self._ahead = None
            self.session.set_speed(0)
            self.dialogue.focus(False)  # (the line is not drawn once the story is over)
            self.app.clear_toasts()  # the ending card is not to be covered by earlier notices
            self.app.push(EndingScene(self.app, self))

    def draw(self, surface: pygame.Surface) -> None:
        r = self.layout(surface.get_size())
        self.zones.clear()
        map_r = r["map"]
        if self.claim_view is not None:
            strip = pygame.Rect(map_r.x, map_r.bottom - 78, map_r.width, 78)
            map_r = pygame.Rect(map_r.x, map_r.y, map_r.width, map_r.height - 78)
        self.map.draw(surface, map_r)
        if self.claim_view is not None:
            self.overlay.draw(surface, strip)
        self.ribbon_rect = None  # (notices are stacked below it: app._draw_toasts)
        if self.session.open_minds:
            self._debug_ribbon(surface, map_r)
        elif self.claim_view is not None and not self.claim_view.live:
            self._ribbon(surface, map_r, f"Looking back: {clock.fmt(self.claim_view.at)} — "
                         "End returns to now" + ("" if self.session.has_player else
                                                 " · no player: every mind shown"), T.ACCENT)
        elif not self.session.has_player:
            # Every mind and the truth are on show here too, for want of a player: marked as
            # open minds is (a playtest read the unmarked minds of Nine Neighbours as a leak).
            self._ribbon(surface, map_r, "NO PLAYER — every mind and the truth shown",
                         T.ACCENT)
        self.card.draw(surface, map_r)
        pygame.draw.rect(surface, T.PANEL, r["right"])
        pygame.draw.line(surface, T.BORDER, r["right"].topleft, r["right"].bottomleft)
        self._tabs(surface, r["tabs"])
        self._panel_widget().draw(surface, r["panel"])
        self.dialogue.draw(surface, r["dialogue"])
        self.topbar.draw(surface, r["top"])

    def _tabs(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        x = rect.x + T.PAD
        w = (rect.width - 2 * T.PAD - 3 * 6) // 4
        for tab, label, key in TABS:
            b = pygame.Rect(x, rect.y + 10, w, 32)
            base.button(surface, self.zones, b, label, lambda t=tab: self.show_tab(t),
                        name=f"tab:{tab}", active=self.tab == tab, hint=key)
            x += w + 6

    def _debug_ribbon(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        self._ribbon(surface, rect, "OPEN MINDS — every mind and the truth shown (D to close)",
                     T.BAD)

    def _ribbon(self, surface: pygame.Surface, rect: pygame.Rect, label: str, colour) -> None:
        w = T.width_of(label, "small_bold") + 20
        box = self.ribbon_rect = self.map.free_spot(w, 22)
        base.panel(surface, box, colour, None, radius=11)
        T.text(surface, label, box.center, "small_bold", T.BG, align="center", valign="center")
