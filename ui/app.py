"""The pygame-ce window: a stack of scenes, a main loop, and headless frames for screenshots.

`App.frame(dt)` is one turn of the loop — events to the top scene, `update(dt)`, draw from the
topmost opaque scene up, flip. The simulation clock lives in the town scene's session and
advances in fixed 10-minute ticks whatever the frame rate. Below `theme.MIN_SIZE` the screen is
drawn at that size and scaled down, so a small window never squeezes panels into each other.
"""

from __future__ import annotations

import os
import time
from pathlib import Path

import pygame

from . import theme as T
from .widgets import base

FPS = 60
SIZE = (1280, 720)
# A window with nothing moving (the clock paused, no glide or replay under way, no message
# showing) and no input for IDLE_AFTER seconds stops drawing 60 frames a second: it waits for
# the next event, and draws at most every IDLE_WAIT_MS meanwhile (a caret still blinks). Any
# input wakes it at once. Drawing a still screen 60 times a second cost a fifth of a core
# (a paused frame is ~3 ms), on a software display more than half.
IDLE_AFTER = 1.0
IDLE_WAIT_MS = 100


def _icon() -> pygame.Surface:
    """The window icon: a speech bubble in the game's amber."""
    s = pygame.Surface((32, 32), pygame.SRCALPHA)
    pygame.draw.rect(s, T.ACCENT, (2, 4, 28, 19), border_radius=8)
    pygame.draw.polygon(s, T.ACCENT, [(9, 21), (17, 21), (8, 29)])
    for x in (10, 16, 22):
        pygame.draw.circle(s, T.BG, (x, 13), 2)
    return s


def default_saves() -> Path:
    """Where save slots go: $HEARSAY_SAVES, else the project's saves/ folder when running
    from a checkout, else ./saves."""
    if os.environ.get("HEARSAY_SAVES"):
        return Path(os.environ["HEARSAY_SAVES"])
    here = Path(__file__).resolve().parents[1] / "saves"
    return here if here.is_dir() else Path.cwd() / "saves"


class App:
    def __init__(self, size: tuple[int, int] = SIZE, *, saves: str | Path | None = None,
                 headless: bool = False) -> None:
        if headless:
            os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
            os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
        if not pygame.font.get_init():
            T.reset()  # a previous window's fonts died with it
        pygame.display.init()
        pygame.font.init()
        self.window = pygame.display.set_mode(size, pygame.RESIZABLE)
        pygame.display.set_caption("Hearsay")
        pygame.display.set_icon(_icon())
        pygame.key.set_repeat(380, 35)
        self.scenes: list = []
        self.running = True
        self.saves = Path(saves) if saves is not None else default_saves()
        self.canvas: pygame.Surface | None = None
        self.scale = 1.0
        self.offset = (0, 0)
        self.frames = 0
        # The interactive loop (`run`) lets a heavy tick land a frame or a few late rather than
        # hold a frame up (ui.session, elastic pacing); headless frames keep strict pacing, so
        # what a test's frames show follows from the frames alone.
        self.elastic = False
        self.clock = time.perf_counter  # what a frame's time is measured by
        self.busy_ms = 0.0  # what the last frame took, events to flip
        self.events = 0  # how many input events the last frame handled
        self.quiet = 0.0  # seconds the window has been still, with no input (`turn`)
        self._tip: str | None = None
        self._tip_quiet = False  # a click or a key since the pointer last moved
        self._toasts: list[list] = []  # [text, seconds left]
        # A character whose key answered a question (Y, N): the text SDL sends after the key
        # is not typed into the line under the question (ui.scenes.confirm).
        self.swallow = ""

    # -- the stack --------------------------------------------------------------------------

    @property
    def top(self):
        return self.scenes[-1] if self.scenes else None

    def push(self, scene) -> None:
        self.scenes.append(scene)

    def pop(self):
        return self.scenes.pop() if self.scenes else None

    def replace(self, scene) -> None:
        """Clear the stack and start over with `scene` (a new game, the title screen)."""
        self.scenes = [scene]

    def find(self, cls):
        """The topmost scene of a class, or None."""
        for s in reversed(self.scenes):
            if isinstance(s, cls):
                return s
        return None

    def quit(self) -> None:
        self.running = False

    def ask_quit(self) -> None:
        """Quit — asking first when the game open has play not saved (Ctrl+Q, the menu's
        Quit): quitting lost it without a word (a playtest). Asked again, it quits."""
        from .scenes.confirm import ConfirmScene

        if isinstance(self.top, ConfirmScene) and self.top.quitting:
            self.quit()
            return
        session = next((s.session for s in self.scenes if getattr(s, "session", None)), None)
        if session is None or not session.unsaved:
            self.quit()
            return
        self.push(ConfirmScene(self, "Quit without saving?", session.unsaved_words(), "Quit",
                               self.quit, quitting=True))

    def tip(self, text: str) -> None:
        """Show a tooltip by the pointer this frame — unless the pointer has not moved since
        a click or a key: a pointer left resting on a button after clicking a chip beside it
        put that button's tooltip over the command line (a playtest)."""
        if not self._tip_quiet:
            self._tip = text

    def toast(self, text: str, seconds: float = 2.6) -> None:
        """A short message at the top of the screen ("Saved to slot 1"); one already showing
        is shown for longer, not twice."""
        for t in self._toasts:
            if t[0] == text:
                t[1] = max(t[1], seconds)
                return
        self._toasts.append([text, seconds])

    def drop_toast(self, text: str) -> None:
        """Take one message down before its time (what it asked for has been done)."""
        self._toasts = [t for t in self._toasts if t[0] != text]

    def clear_toasts(self) -> None:
        """Drop the messages still showing (the ending card is not to be covered by a
        'Paused: …' notice from the minutes before it)."""
        self._toasts.clear()

    # -- the loop ---------------------------------------------------------------------------

    def _surface(self) -> pygame.Surface:
        win = pygame.display.get_surface()
        w, h = win.get_size()
        mw, mh = T.MIN_SIZE
        if w >= mw and h >= mh:
            self.canvas, self.scale, self.offset = None, 1.0, (0, 0)
            return win
        size = (max(w, mw), max(h, mh))
        if self.canvas is None or self.canvas.get_size() != size:
            self.canvas = pygame.Surface(size)
        self.scale = min(w / size[0], h / size[1])
        self.offset = ((w - int(size[0] * self.scale)) // 2, (h - int(size[1] * self.scale)) // 2)
        return self.canvas

    def _to_canvas(self, e: pygame.event.Event) -> pygame.event.Event:
        if self.canvas is None or not hasattr(e, "pos"):
            return e
        x = (e.pos[0] - self.offset[0]) / self.scale
        y = (e.pos[1] - self.offset[1]) / self.scale
        d = dict(e.dict)
        d["pos"] = (int(x), int(y))
        return pygame.event.Event(e.type, d)

    def frame(self, dt: float = 1 / FPS, events: list | None = None) -> None:
        """One turn of the loop: events, update, draw."""
        t0 = self.clock()
        surface = self._surface()
        events = pygame.event.get() if events is None else events
        self.events = len(events)
        for e in events:
            e = self._to_canvas(e)
            if e.type == pygame.QUIT:
                self.quit()
                continue
            if hasattr(e, "pos") and e.type != pygame.MOUSEWHEEL:
                base.mouse[:] = e.pos
            if e.type == pygame.MOUSEMOTION:
                self._tip_quiet = False
            elif e.type in (pygame.MOUSEBUTTONDOWN, pygame.KEYDOWN):
                self._tip_quiet = True
            if e.type == pygame.TEXTINPUT and self.swallow:
                skip, self.swallow = e.text == self.swallow, ""
                if skip:
                    continue
            elif e.type == pygame.KEYDOWN:
                self.swallow = ""
            if e.type == pygame.KEYDOWN and e.key == pygame.K_q and e.mod & pygame.KMOD_CTRL:
                self.ask_quit()
                continue
            if self.top is not None:
                self.top.handle_event(e)
        if self.top is not None:
            self.top.update(dt)
        self._draw(surface, dt)
        self.frames += 1
        self.busy_ms = (self.clock() - t0) * 1000

    def _draw(self, surface: pygame.Surface, dt: float) -> None:
        T.begin_frame()
        self._tip = None
        surface.fill(T.BG)
        start = 0
        for i, s in enumerate(self.scenes):
            if s.opaque:
                start = i
        for s in self.scenes[start:]:
            s.draw(surface)
        self._draw_toasts(surface, dt)
        if self._tip:
            self._draw_tip(surface, self._tip)
        if self.canvas is not None:
            win = pygame.display.get_surface()
            win.fill(T.BG)
            size = (int(self.canvas.get_width() * self.scale),
                    int(self.canvas.get_height() * self.scale))
            win.blit(pygame.transform.smoothscale(self.canvas, size), self.offset)
        pygame.display.flip()

    def _draw_tip(self, surface: pygame.Surface, text: str) -> None:
        lines = T.wrap(text, "small", 320)
        lh = T.line_height("small")
        w = max(T.width_of(s, "small") for s in lines) + 16
        h = lh * len(lines) + 10
        x, y = base.mouse[0] + 14, base.mouse[1] + 18
        sw, sh = surface.get_size()
        if base.mouse[1] > sh * 0.6:  # low on the screen: above the pointer, off the line
            y = base.mouse[1] - h - 10
        x, y = min(x, sw - w - 4), min(y, sh - h - 4)
        r = pygame.Rect(x, y, w, h)
        base.shadow(surface, r, 4)
        base.panel(surface, r, T.RAISED, T.ACCENT)
        for i, s in enumerate(lines):
            T.text(surface, s, (x + 8, y + 5 + i * lh), "small", T.TEXT)

    def _draw_toasts(self, surface: pygame.Surface, dt: float) -> None:
        # Over the map when the scene has one, wrapped to it: a long "Paused: …" ran across
        # the panel's tabs and was cut off ("…back to…", a window playtest).
        # The town's map under an overlay too: over the Saves card a "Paused: …" took the
        # whole window's width and ran on into the panel (a window playtest).
        area = next((r for sc in reversed(self.scenes)
                     if (r := (getattr(sc, "rects", None) or {}).get("map")) is not None),
                    surface.get_rect())
        y = T.TOP_H + 10
        # Below the map's ribbon (open minds, no player) when it is at the top: notices
        # covered it for their few seconds (a playtest's screenshot).
        ribbon = getattr(self.top, "ribbon_rect", None)
        if ribbon is not None and ribbon.top < y + 60:
            y = max(y, ribbon.bottom + 6)
        lh = T.line_height("ui_bold") + 2
        for t in self._toasts:
            t[1] -= dt
            lines = T.wrap(t[0], "ui_bold", area.width - 60)[:3]
            w = max(T.width_of(s, "ui_bold") for s in lines) + 28
            r = pygame.Rect(0, y, w, 30 + (len(lines) - 1) * lh)
            r.centerx = area.centerx
            base.shadow(surface, r, 4)
            base.panel(surface, r, T.RAISED, T.ACCENT, radius=15)
            top = r.centery - (len(lines) - 1) * lh // 2
            for i, s in enumerate(lines):
                T.text(surface, s, (r.centerx, top + i * lh), "ui_bold", T.TEXT,
                       align="center", valign="center")
            y = r.bottom + 6
        self._toasts = [t for t in self._toasts if t[1] > 0]

    def still(self) -> bool:
        """Nothing on screen moves without input: the top scene says so (the scenes beneath
        an overlay get no `update`), and no message is counting down."""
        return not self._toasts and self.top is not None and self.top.still

    def turn(self, clock) -> None:
        """One pass of the interactive loop: a frame at FPS, or, once the window has been
        still with no input for IDLE_AFTER, the next event (or IDLE_WAIT_MS) first."""
        if self.quiet >= IDLE_AFTER:
            first = pygame.event.wait(IDLE_WAIT_MS)
            events = [] if first.type == pygame.NOEVENT else [first]
            events += pygame.event.get()
            dt = clock.tick() / 1000.0
        else:
            events = None
            dt = clock.tick(FPS) / 1000.0
        self.frame(min(dt, 0.25), events)
        self.quiet = 0.0 if self.events or not self.still() else self.quiet + dt

    def run(self) -> None:
        """The interactive loop, until the window is closed."""
        clock = pygame.time.Clock()
        self.elastic = True
        while self.running and self.scenes:
            self.turn(clock)
        pygame.quit()

    def run_frames(self, n: int, dt: float = 1 / FPS) -> None:
        """Run `n` frames as fast as they draw (headless screenshots, tests, benchmarks)."""
        for _ in range(n):
            if not self.running:
                break
            self.frame(dt)

    def screenshot(self, path: str | Path) -> Path:
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(pygame.display.get_surface(), str(path))
        return path
