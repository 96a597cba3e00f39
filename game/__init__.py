"""The town: world, clock, residents, scenarios, simulation, player verbs, saves, narration.

game depends on memory and never imports pygame.

The public API other packages import is `__all__` below. Each name is loaded from its module
on first use (PEP 562), so `from game import clock` does not pull in the simulation, and
`hearsay --help` stays quick.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

# public name -> (module, attribute in it; None: the module itself)
_EXPORTS = {
    "clock": ("clock", None),
    "PLAYER": ("player", "PLAYER"),
    "VERBS": ("commands", "VERBS"),
    "CommandError": ("commands", "CommandError"),
    "WalkthroughError": ("commands", "WalkthroughError"),
    "parse": ("commands", "parse"),
    "Simulation": ("sim", "Simulation"),
    "SaveError": ("save", "SaveError"),
    "ScenarioError": ("scenario", "ScenarioError"),
    "load_scenario": ("scenario", "load_scenario"),
    "shipped_names": ("scenario.loader", "shipped_names"),
    "resident_named": ("vocab", "resident_named"),
    "generated_town": ("generate", "generated_town"),
    "play_walkthrough": ("walkthrough", "play"),
    "first_dormancy": ("report", "first_dormancy"),
    "mechanisms": ("report", "mechanisms"),
    "SaveInfo": ("queries", "SaveInfo"),
    "peek_save": ("queries", "peek_save"),
    "positions_at": ("queries", "positions_at"),
    "looks_round": ("queries", "looks_round"),
    "restart": ("queries", "restart"),
    "seen_events": ("queries", "seen_events"),
    "started_from": ("queries", "started_from"),
    # what the player knows, and the words for it (issue 9)
    "said": ("knowledge", "said"),
    "Said": ("knowledge", "Said"),
    "questions": ("knowledge", "questions"),
    "known_values": ("knowledge", "known_values"),
    "brief_tells": ("knowledge", "brief_tells"),
    "known_claims": ("knowledge", "known_claims"),
    "and_list": ("player", "and_list"),
    "here_now": ("player", "here_now"),
    "own_way": ("player", "own_way"),
    "followers": ("player", "followers"),
    "asleep_here": ("player", "asleep_here"),
    "put_it_up": ("player", "put_it_up"),
    "clue_behind": ("player", "clue_behind"),
    "seen_summary": ("knowledge", "seen_summary"),
    "seen_wrongly": ("knowledge", "seen_wrongly"),
    "last_whereabouts": ("knowledge", "last_whereabouts"),
    "last_visits": ("knowledge", "last_visits"),
    "unanswered": ("knowledge", "unanswered"),
    "refusals": ("knowledge", "refusals"),
    "seen_since": ("knowledge", "seen_since"),
    "done_by_player": ("knowledge", "done_by_player"),
    "notable": ("knowledge", "notable"),
    "sure_words": ("knowledge", "sure_words"),
    "answers": ("knowledge", "answers"),
    "told_minutes": ("knowledge", "told_minutes"),
    "gave": ("sources", "gave"),
    "told_by": ("sources", "told_by"),
    "read_at": ("sources", "read_at"),
    "origin_name": ("sources", "origin_name"),
    "KIND_WORDS": ("sources", "KIND_WORDS"),
    "clue_seen": ("acts", "clue_seen"),
    "short_words": ("vocab", "short_words"),
    "split_words": ("vocab", "words"),
    "notices": ("pacing", "notices"),
    "overheard": ("pacing", "overheard"),
    # memory edits and comparing towns (issue 14)
    "edit_memory": ("edits", "edit"),
    "undo_edit": ("edits", "undo"),
    "EDIT_KINDS": ("edits", "KINDS"),
    "realised": ("edits", "realised"),
    "diff_towns": ("diff", "diff"),
    "plots": ("plots", None),
    "last_event": ("pacing", "last_event"),
    # balance: sweeps over seeds, random players, the post-mortem of an ending (issue 11)
    "sweep": ("sweep", None),
    "post_mortem": ("postmortem", "post_mortem"),
    "random_walkthrough": ("randomplayer", "random_walkthrough"),
    "evals": ("evals", None),  # the seeds' experiments beside their baselines (issue 15)
}

__all__ = [
    "EDIT_KINDS",
    "KIND_WORDS",
    "PLAYER",
    "VERBS",
    "CommandError",
    "Said",
    "SaveError",
    "SaveInfo",
    "ScenarioError",
    "Simulation",
    "WalkthroughError",
    "answers",
    "clock",
    "clue_seen",
    "diff_towns",
    "done_by_player",
    "edit_memory",
    "evals",
    "first_dormancy",
    "gave",
    "generated_town",
    "last_event",
    "last_visits",
    "notable",
    "put_it_up",
    "clue_behind",
    "last_whereabouts",
    "load_scenario",
    "mechanisms",
    "notices",
    "overheard",
    "origin_name",
    "parse",
    "peek_save",
    "play_walkthrough",
    "plots",
    "positions_at",
    "looks_round",
    "post_mortem",
    "questions",
    "known_claims",
    "known_values",
    "brief_tells",
    "and_list",
    "here_now",
    "own_way",
    "followers",
    "asleep_here",
    "random_walkthrough",
    "realised",
    "resident_named",
    "restart",
    "said",
    "seen_events",
    "seen_summary",
    "seen_wrongly",
    "shipped_names",
    "short_words",
    "started_from",
    "split_words",
    "sure_words",
    "sweep",
    "read_at",
    "told_by",
    "told_minutes",
    "unanswered",
    "undo_edit",
    "refusals",
    "seen_since",
]


def __getattr__(name: str):
    try:
        module, attr = _EXPORTS[name]
    except KeyError:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}") from None
    value = import_module(f"{__name__}.{module}")
    if attr is not None:
        value = getattr(value, attr)
    globals()[name] = value
    return value


def __dir__() -> list[str]:
    return sorted(set(globals()) | set(__all__))


if TYPE_CHECKING:
    from . import clock, evals, plots, sweep
    from .acts import clue_seen
    from .commands import VERBS, CommandError, WalkthroughError, parse
    from .diff import diff as diff_towns
    from .edits import KINDS as EDIT_KINDS
    from .edits import edit as edit_memory
    from .edits import realised
    from .edits import undo as undo_edit
    from .generate import generated_town
    from .knowledge import (
        Said,
        answers,
        done_by_player,
        last_visits,
        last_whereabouts,
        notable,
        questions,
        refusals,
        said,
        seen_summary,
        seen_wrongly,
        sure_words,
        told_minutes,
        unanswered,
    )
    from .pacing import last_event, notices
    from .player import PLAYER, clue_behind, put_it_up
    from .postmortem import post_mortem
    from .queries import (
        SaveInfo,
        peek_save,
        positions_at,
        restart,
        seen_events,
        started_from,
    )
    from .randomplayer import random_walkthrough
    from .report import first_dormancy, mechanisms
    from .save import SaveError
    from .scenario import ScenarioError, load_scenario
    from .scenario.loader import shipped_names
    from .sim import Simulation
    from .sources import KIND_WORDS, gave, origin_name, read_at, told_by
    from .vocab import resident_named, short_words
    from .vocab import words as split_words
    from .walkthrough import play as play_walkthrough
