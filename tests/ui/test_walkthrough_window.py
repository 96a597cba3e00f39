"""missing_key's winning walkthrough, played through the window's own input handling:
commands typed into the command line, time advanced with the time-control buttons, until the
winning ending screen."""

from pathlib import Path

from game import clock
from game.commands import parse_walkthrough
from ui.scenes.ending import EndingScene
from ui.scenes.title import TitleScene
from ui.scenes.town import TownScene

ROOT = Path(__file__).resolve().parents[2]
WALK = ROOT / "content" / "scenarios" / "missing_key" / "win-show-the-key.txt"


def run_clock_until(ui, minute: int) -> None:
    """Press 16x, let frames pass (one tick each) until `minute`, press pause."""
    t = ui.town
    if t.session.now >= minute:
        return
    ui.click_zone(t.topbar, "speed:16")
    while t.session.now < minute and not t.session.over:
        if t.session.speed == 0:  # the clock stopped itself for a notice: run on
            ui.click_zone(t.topbar, "speed:16")
        ui.frame(1, dt=1 / 16)
    ui.click_zone(t.topbar, "speed:0")


def test_the_winning_walkthrough_played_in_the_window_reaches_the_winning_ending(ui):
    ui.app.replace(TitleScene(ui.app))
    ui.frame()
    title = ui.top
    i = [c.title for c in title.choices].index("The Missing Key")
    ui.click_zone(title, f"scenario:{title.choices[i].title}")
    ui.click_zone(title, "play")
    ui.enter()  # close the briefing
    t = ui.town
    sim = t.session.sim
    start = sim.now
    end = start + sim.sc.scenario.days * clock.DAY + clock.HOUR
    steps = parse_walkthrough(WALK, sim.names(), start, end)
    for step in steps:
        if step.at is not None:
            run_clock_until(ui, step.at)
        assert sim.now == (step.at if step.at is not None else sim.now)
        ui.command(step.command.text)
        assert t.session.transcript[-1].kind != "error", t.session.transcript[-1].text
    assert isinstance(ui.top, TownScene)
    ui.click_zone(t.topbar, "speed:16")
    for _ in range(2000):
        if isinstance(ui.top, EndingScene):
            break
        if t.session.speed == 0:
            ui.click_zone(t.topbar, "speed:16")
        ui.frame(1, dt=0.25)
    ending = ui.top
    assert isinstance(ending, EndingScene), clock.fmt(sim.now)
    assert sim.ending == "cleared" and ending.won
    assert ui.shows("YOU WON") and ui.shows("The key turns up")
    assert any("Dee — ✓ true" in line for line in ending.lines)
    ui.click_zone(ending, "again")  # and a way to start again
    assert isinstance(ui.top, TownScene) and not ui.town.session.over
