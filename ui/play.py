"""`hearsay play`: open the window — or, with --frames/--screenshot, run it headless and save
a PNG, so anyone can look without a display.

On a machine with no display (Linux without DISPLAY or WAYLAND_DISPLAY, and no
SDL_VIDEODRIVER chosen), plain `hearsay play` says so in one line and points to the headless
ways in, instead of failing inside SDL.
"""

from __future__ import annotations

import os
import shlex
import shutil
import sys
from pathlib import Path

from game import clock
from game.commands import said_back


def command_here() -> str:
    """How to run this `hearsay` as typed from the current folder: `.venv/bin/hearsay` in a
    checkout set up by `make play`, `hearsay` when it is on the PATH."""
    exe = Path(sys.argv[0])
    if exe.name != "hearsay":
        return "hearsay"
    try:
        rel = exe.resolve().relative_to(Path.cwd().resolve())
    except (ValueError, OSError):
        found = shutil.which("hearsay")
        return "hearsay" if found and Path(found).resolve() == exe.resolve() else str(exe)
    return str(rel) if len(rel.parts) > 1 else f"./{rel}"


def no_display(scenario: str | None = None, load: str | None = None) -> str:
    """The one line `hearsay play` says where there is no display, with commands that work as
    typed — for the scenario (or save) asked for, when one was."""
    cmd = command_here()
    what = (f"--load {shlex.quote(load)}" if load is not None else
            shlex.quote(scenario) if scenario is not None else "missing_key")
    return (f"hearsay: no display here (DISPLAY and WAYLAND_DISPLAY are unset) — run "
            f"{'it' if scenario or load else 'a scenario'} headless with `{cmd} run {what}`, "
            f"or look at the window with `{cmd} play {what} --frames 60 --screenshot shot.png`")


NO_DISPLAY = no_display()


def has_display() -> bool:
    if os.environ.get("SDL_VIDEODRIVER"):
        return True
    if sys.platform in ("win32", "darwin"):
        return True
    return bool(os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"))


def _claim(session, typed: str, any_claim: bool) -> tuple[str, str]:
    """(subject, attribute) of a claim named as a command names one — by its id or its words
    ("ben refused why") — in play only among the questions the player knows of; a miss names
    the nearest ('ben refused' was told "is not a claim like ada_key.moved_by", another
    story's id; a playtest)."""
    from game import CommandError

    v = session.sim.names()
    with (v.as_author() if any_claim else v.as_guessed()) as words:
        try:
            got = words.claim(typed)
        except CommandError as exc:
            raise PlayInputError(str(exc)) from None
    s, _, a = got.partition(".")
    return s, a


def build(app, scenario=None, *, seed: int = 0, load: str | None = None,
          select: str | None = None, claim: str | None = None, belief: str | None = None,
          debug: bool = False, at: str | None = None, speed: int = 0, tab: str | None = None,
          commands: Path | None = None, show: str | None = None, briefing: bool = False):
    """Set up the app's first scenes as asked; returns the town scene (or None: title)."""
    from .scenes.title import TitleScene
    from .scenes.town import TownScene
    from .session import Session

    if scenario is None and load is None:
        app.replace(TitleScene(app))
        _show(app, None, show)
        return None
    session = Session.load(load) if load else Session.new(scenario, seed)
    # (ids are lowercase; typed commands take any case, and so do these: a fuzzer)
    claim, belief = (x.strip().lower() if x else x for x in (claim, belief))
    if commands is not None:
        from game import play_walkthrough

        if not session.sim.has_player:  # (they were passed over without a word: a playtest)
            raise PlayInputError(f"{session.sim.sc.scenario.id} has no player to give commands to")
        play_walkthrough(session.sim, commands, to_end=False)  # the transcript keeps it all
        session.stamp += 1
    if at is not None:
        until = clock.parse_when(at)
        if until < session.sim.now:
            # (`--at 'day 1 09:00'` in a story that starts on day 2 showed its start, exit 0:
            # a playtest)
            raise PlayInputError(f"--at {at!r} is before the town's time now, "
                             f"{clock.fmt(session.sim.now)}")
        session.sim.run(until=until)
        session.jumped()
    session.open_minds = debug
    town = TownScene(app, session)
    app.replace(town)
    if select:
        from game import resident_named

        select = resident_named(session.sim, select) or select
        if select not in session.sim.people:
            raise PlayInputError(f"no resident {select!r} (residents: "
                             f"{', '.join(sorted(session.sim.people))})")
        town.select(select)
    if belief:
        if not select and not session.has_player:
            # ("You hold no belief…", of a town with nobody playing: a playtest)
            raise PlayInputError(f"{session.sim.sc.scenario.title} has no player: say whose "
                                 "belief with --select RESIDENT")
        who = select or "player"
        s, a = _claim(session, belief, debug or not session.has_player)
        # Whether a resident holds one is their mind's to say: in play, refused or not told
        # whether Fen knows where the key is (an audit); their panel shows what you know.
        mind = who == "player" or debug or not session.has_player
        if not mind:
            from game.knowledge import known_claims

            if f"{s}.{a}" not in known_claims(session.sim):  # (as --claim: a fuzzer)
                raise PlayInputError(f"{said_back(belief)!r} is not a question you know of (with "
                                 "--open-minds: any)")
        if mind and session.sim.store.belief(who, s, a, history=False) is None:
            holder = "You hold" if who == "player" else f"{session.sim.name(who)} holds"
            raise PlayInputError(f"{holder} no belief about {session.sim.say_claim(f'{s}.{a}')} "
                             f"({s}.{a}) yet (`hearsay "
                             f"inspect SAVE {who}` lists them)")
        town.open_belief(who, s, a)
    if claim:
        s, a = _claim(session, claim, debug or not session.has_player)
        claim = f"{s}.{a}"
        if (debug or not session.has_player) and not session.sim.store.believers(s, a) and \
                session.sim.world.fact(s, a) is None:
            raise PlayInputError(f"nobody holds a belief about {said_back(claim)!r} yet, and the "
                             "world has no such fact (try one from `hearsay inspect`)")
        if not (debug or not session.has_player):
            from game.knowledge import known_claims

            # In play, a question the player knows of, refused alike whether or not the
            # scenario has it — as a typed one is.
            if claim not in known_claims(session.sim):
                raise PlayInputError(f"{said_back(claim)!r} is not a question you know of (with "
                                 "--open-minds: any)")
        town.open_claim(s, a)
    if tab:
        town.tab = tab
    session.set_speed(speed)
    if session.over:
        town._check_ending()
    if briefing and session.has_player and not session.over:
        # (`play --at` past the ending drew the brief over the ending card: a window playtest)
        from .scenes.briefing import BriefingScene

        app.push(BriefingScene(app, town))
    _show(app, town, show)
    return town


def _show(app, town, show: str | None) -> None:
    if show is None:
        return
    from .scenes.help import HelpScene
    from .scenes.menu import MenuScene
    from .scenes.slots import SlotsScene

    if show == "help":
        app.push(HelpScene(app, town is None or town.session.has_player))
    elif show == "slots":
        app.push(SlotsScene(app, town))
    elif show == "menu" and town is not None:
        app.push(MenuScene(app, town))
    elif show == "briefing" and town is not None:
        from .scenes.briefing import BriefingScene

        app.push(BriefingScene(app, town))
    elif show == "command" and town is not None:
        if not town.session.has_player:  # (it was passed over without a word: a playtest)
            raise PlayInputError(f"{town.session.sim.sc.scenario.id} has no player: there is "
                                 "no command line to show")
        town.do_command()


class PlayInputError(ValueError):
    """What `play` was asked that cannot be (a resident, question or time that is not, a
    save that cannot be read, a walkthrough's bad line): bad input, exit 2. Raised only
    while the window is set up as asked — a ValueError once it runs is a bug of ours, exit
    1 (all of them were exit 2, and a window that could not draw a name said so as bad
    input naming nothing; a scenario fuzz)."""


class WindowError(RuntimeError):
    """SDL would not open a window (or a headless surface): the machine's, not ours."""


def _app(size: tuple[int, int], **kw):
    import pygame

    from .app import App

    try:
        return App(size, **kw)
    except pygame.error as exc:
        raise WindowError(f"cannot open a window: {exc}") from None


def _built(app, **kw):
    """`build`, its refusals as PlayInputError."""
    from game import CommandError, SaveError, WalkthroughError
    from game.clock import TimeFormatError
    from game.model import ModelConfigError

    try:
        return build(app, **kw)
    except PlayInputError:
        raise
    # What was asked that cannot be — a save, a walkthrough's line, a time — and nothing
    # else: any ValueError was bad input, and a bug in a walkthrough's run went out as one
    # (exit 2, no traceback; a review).
    except (SaveError, CommandError, WalkthroughError, TimeFormatError,
            ModelConfigError) as exc:
        raise PlayInputError(str(exc)) from None


def screenshot(path: Path, frames: int, size: tuple[int, int], **kw) -> Path:
    """Run `frames` frames headless and save the screen to `path`."""
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
    app = _app(size, headless=True, saves=kw.pop("saves", None))
    _built(app, **kw)
    app.run_frames(max(1, frames))
    out = app.screenshot(path)
    import pygame

    pygame.quit()
    return out


def window(size: tuple[int, int], **kw) -> None:
    """Open the window and play until it is closed."""
    app = _app(size)
    _built(app, briefing=kw.pop("briefing", True), **kw)
    app.run()
