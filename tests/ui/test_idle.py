"""A still window stops drawing sixty frames a second, and input wakes it at once
(`App.turn`): the loop is driven turn by turn with a counting clock and the real event queue."""

import pygame

from ui import app as app_mod
from ui.scenes.title import TitleScene


class Clock:
    """Stands in for pygame's Clock: every tick reports `ms`; records the frame rate asked."""

    def __init__(self, ms: int = 16):
        self.ms = ms
        self.asked: list[int] = []

    def tick(self, fps: int = 0) -> int:
        self.asked.append(fps)
        return self.ms


def waits(monkeypatch) -> list[int]:
    """Record each wait for an event (its timeout), then wait for real."""
    seen: list[int] = []
    real = pygame.event.wait

    def wait(timeout: int = 0):
        seen.append(timeout)
        return real(timeout)

    monkeypatch.setattr(pygame.event, "wait", wait)
    return seen


def until_quiet(app, clock, limit: int = 500) -> int:
    for n in range(limit):
        if app.quiet >= app_mod.IDLE_AFTER:
            return n
        app.turn(clock)
    raise AssertionError(f"still not quiet after {limit} turns (quiet {app.quiet:.2f} s)")


def test_a_paused_town_goes_quiet_then_input_wakes_it(town, monkeypatch):
    app, t = town.app, town.town
    seen = waits(monkeypatch)
    clock = Clock()
    assert t.session.speed == 0 and app.still()
    n = until_quiet(app, clock)
    assert n >= app_mod.IDLE_AFTER * 1000 // clock.ms  # a second of frames at full rate first
    assert seen == [] and set(clock.asked) == {app_mod.FPS}
    frames = app.frames
    app.turn(clock)
    assert seen == [app_mod.IDLE_WAIT_MS]  # waited for input, and drew once meanwhile
    assert app.frames == frames + 1 and app.quiet >= app_mod.IDLE_AFTER
    # The pointer moves: the wait returns it, the frame handles it, full rate again.
    town.post(pygame.MOUSEMOTION, pos=(640, 300), rel=(1, 1), buttons=(0, 0, 0))
    app.turn(clock)
    assert len(seen) == 2 and app.events >= 1 and app.quiet == 0.0
    asked = len(clock.asked)
    app.turn(clock)
    assert len(seen) == 2 and clock.asked[asked:] == [app_mod.FPS]


def test_a_key_pressed_while_quiet_is_acted_on(town, monkeypatch):
    app, t = town.app, town.town
    waits(monkeypatch)
    clock = Clock()
    until_quiet(app, clock)
    town.post(pygame.KEYDOWN, key=pygame.K_3, mod=0, unicode="3", scancode=0)
    app.turn(clock)
    assert t.session.speed == 16 and not app.still() and app.quiet == 0.0


def test_a_running_clock_keeps_the_window_at_full_rate(town, monkeypatch):
    app, t = town.app, town.town
    seen = waits(monkeypatch)
    clock = Clock()
    t.session.set_speed(16)
    now = t.session.sim.now
    for _ in range(120):
        app.turn(clock)
    assert seen == [] and app.quiet == 0.0 and t.session.sim.now > now


def test_what_moves_without_input_keeps_the_window_drawing(town, ui):
    app, t = town.app, town.town
    assert app.still()
    app.toast("Saved to slot 1", 0.5)  # a message counting down
    assert not app.still()
    town.frame(40)  # 0.67 s: gone
    assert app.still()
    rid, p = next(iter(t.map.shown.items()))
    p[0] += 30  # a resident gliding to where they are
    assert not app.still()
    town.frame(90)
    assert app.still()
    t.overlay.replaying = True  # a claim's spread replaying hour by hour
    assert not t.still
    t.overlay.replaying = False
    app.push(TitleScene(app))  # its network pulses
    assert not app.still()
