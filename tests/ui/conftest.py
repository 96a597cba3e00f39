"""Driving the window headless: a dummy SDL display, and a harness that posts real pygame
events (clicks, keys, typed text) and runs frames, so tests go through the window's own input
handling and then ask the scenes and widgets what the screen holds.
"""

import os

os.environ["SDL_VIDEODRIVER"] = "dummy"
os.environ["SDL_AUDIODRIVER"] = "dummy"
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

import pygame  # noqa: E402
import pytest  # noqa: E402

from ui.app import App  # noqa: E402
from ui.play import build  # noqa: E402


class Harness:
    def __init__(self, app: App):
        self.app = app

    @property
    def top(self):
        return self.app.top

    @property
    def town(self):
        from ui.scenes.town import TownScene

        return self.app.find(TownScene)

    def frame(self, n: int = 1, dt: float = 1 / 60) -> None:
        for _ in range(n):
            self.app.frame(dt)

    def post(self, kind: int, **kw) -> None:
        pygame.event.post(pygame.event.Event(kind, **kw))

    def click(self, pos) -> None:
        pos = (int(pos[0]), int(pos[1]))
        self.post(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
        self.post(pygame.MOUSEBUTTONDOWN, pos=pos, button=1)
        self.post(pygame.MOUSEBUTTONUP, pos=pos, button=1)
        self.frame()

    def click_zone(self, owner, name: str) -> None:
        """Click the middle of what `owner` drew under `name` in the last frame."""
        rect = owner.zones.find(name)
        assert rect is not None, f"{name!r} is not on screen; zones: {owner.zones.names()}"
        self.click(rect.center)

    def key(self, key: int, mod: int = 0, unicode: str = "") -> None:
        self.post(pygame.KEYDOWN, key=key, mod=mod, unicode=unicode, scancode=0)
        self.post(pygame.KEYUP, key=key, mod=mod, unicode=unicode, scancode=0)
        self.frame()

    def press(self, char: str) -> None:
        """A key that types a character: KEYDOWN, then the TEXTINPUT SDL sends with it."""
        key = ord(char.lower())  # pygame's key codes for letters, digits and / are these
        self.post(pygame.KEYDOWN, key=key, mod=0, unicode=char, scancode=0)
        self.post(pygame.TEXTINPUT, text=char)
        self.post(pygame.KEYUP, key=key, mod=0, unicode=char, scancode=0)
        self.frame()

    def type(self, text: str) -> None:
        for ch in text:
            self.post(pygame.TEXTINPUT, text=ch)
        self.frame()

    def enter(self) -> None:
        self.key(pygame.K_RETURN)

    def command(self, text: str, leave: bool = True) -> None:
        """Type a command into the command line and press Enter, as a player would — and,
        `leave`, Esc to leave the line, which stays open for the next command, so that keys
        are shortcuts again."""
        if not self.town.dialogue.focused:  # the briefing's Enter leaves it focused
            self.key(pygame.K_RETURN)  # focus the command line
        assert self.town.dialogue.focused
        self.type(text)
        self.enter()
        if leave and self.town.dialogue.focused and not self.town.dialogue.line.value:
            self.key(pygame.K_ESCAPE)

    def kept_and_fresh(self, widget):
        """The frame just drawn (with `widget`'s kept drawing, ui.widgets.retained) and the same
        frame drawn afresh: (kept pixels, fresh pixels, texts and tooltip the same?, surface).
        The frame is then drawn again as it was, the widget keeping a drawing of its own."""
        from ui import theme
        from ui.widgets import retained

        app = self.app
        surface = app._surface()
        kept = pygame.image.tobytes(surface, "RGB")
        texts, tip = list(theme.drawn), app._tip
        retained.enabled = False
        try:
            app._draw(surface, 0.0)
            fresh = pygame.image.tobytes(surface, "RGB")
            told_alike = theme.drawn == texts and app._tip == tip
        finally:
            retained.enabled = True
        widget.kept.forget()  # the reference drawing was not the kept one's to keep
        app._draw(surface, 0.0)
        return kept, fresh, told_alike, surface

    def texts(self) -> list[str]:
        from ui import theme

        return list(theme.drawn)

    def shows(self, fragment: str) -> bool:
        return any(fragment in t for t in self.texts())


@pytest.fixture
def app(tmp_path):
    a = App((1280, 720), headless=True, saves=tmp_path / "saves")
    yield a
    pygame.quit()


@pytest.fixture
def ui(app):
    return Harness(app)


@pytest.fixture
def town(ui):
    """The missing_key town at its start, paused, drawn once."""
    build(ui.app, "missing_key", seed=0)
    ui.frame(2)
    return ui
