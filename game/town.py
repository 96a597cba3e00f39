"""What the tick's systems see of the town: the protocols they are written against.

The simulation (`game.sim`) runs each tick as a pipeline of systems, each a module with one
entry point, called in order: movement, reading, company (who is where with whom), talk,
perception (memory takes in the tick's evidence), decisions and actions, attention, and the
memory passes. A system is given the town, typed by the protocol below that names what it
uses — never `Simulation` itself: no module of `game/` but `sim.py` (and the package's own
`__init__`) imports `game.sim` (tests/test_layering.py checks it).

`Town` is what the systems that touch most of the town need (talk, decisions, actions, the
player's verbs, the world's events); the small systems take a narrower view.
"""

from __future__ import annotations

import random
from typing import TYPE_CHECKING, Any, Protocol

if TYPE_CHECKING:
    from sqlite_utils import Database

    from memory import Belief, Evidence, EvidenceRecord, MemoryStore, Salient

    from .people import Person
    from .scenario.model import Reaction, Scenario
    from .state import RState
    from .world import Event, World

CROWD_SEEN = 8  # in a crowd, how many see any one thing happen (or are taken in, per hour)


class Residents(Protocol):
    """Who is in the town and what each is doing: enough to move them about."""

    now: int
    people: dict[str, Person]
    state: dict[str, RState]

    @property
    def in_order(self) -> list[str]:
        """Every resident's id (the player's too), in id order."""
        ...

    def move_to(self, rid: str, place: str, at: int) -> None: ...

    def moved(self) -> None: ...


class Attentive(Protocol):
    """Enough to spend and restore attention (§11) and keep the hourly record of it."""

    now: int
    db: Database
    people: dict[str, Person]
    state: dict[str, RState]
    arrivals: dict[str, int]  # pieces of news taken in this tick, by resident
    acting: set[str]  # residents who acted this tick
    thoughts: list[tuple]  # this tick's attention_log rows, not yet written (game.thinking)

    @property
    def in_order(self) -> list[str]: ...

    def count(self, what: str, n: int = 1) -> None: ...


class Town(Residents, Attentive, Protocol):
    """The whole town as the systems that act in it see it."""

    sc: Scenario
    store: MemoryStore
    world: World
    rng: random.Random
    seed: int
    places: dict[str, dict]
    objects: dict[str, dict]
    documents: dict[str, dict]
    attributes: dict[str, Any]
    news: dict[str, int]  # the most important news since each last thought
    pending: list[Evidence]
    ambient: list[Evidence]
    taken_in: dict[str, tuple[str, frozenset[str]]]  # place -> (hour, who), the tick before
    words: Any
    model: Any
    ending: str | None
    has_player: bool

    # -- what is where, and who sees it
    def present(self, place: str) -> list[str]: ...

    def onlookers(self, place: str, exclude: Any = ...) -> list[str]: ...

    # -- the world and memory
    def record(self, ev: Event) -> tuple[int, list[tuple[str, int]]]: ...

    def queue(self, e: Evidence) -> None: ...

    def flush(self) -> None: ...

    def flush_outcomes(self) -> list: ...

    def acted(self, rid: str) -> None: ...

    def attention_of(self, rid: str) -> float: ...

    def tellable(self, rid: str) -> list[Salient]: ...

    def wants_look(self, rid: str) -> list[Belief]: ...

    def held_evidence(self, rid: str, b: Belief) -> EvidenceRecord | None: ...

    # -- the scenario's words and rules (game.naming)
    def name(self, rid: str | None) -> str: ...

    def pronoun(self, rid: str | None) -> Any: ...

    def nverb(self, rid: str | None, base: str) -> str: ...

    def thing(self, ident: str, me: str | None = None, you: str | None = None) -> str: ...

    def their_thing(self, ident: str, rid: str) -> str: ...

    def say_claim(self, claim: str, value: str | None = None, **kw: Any) -> str: ...

    def quoted_told(self, speaker: str, listener: str, claim: str, value: str) -> str | None: ...

    def told_claim(self, speaker: str, listener: str, claim: str, value: str) -> str: ...

    def document_name(self, b: Belief) -> str: ...

    def document_words(self, doc: str | None) -> str: ...

    def value_words(self, value: str, attribute: str | None = None) -> str: ...

    def place_name(self, pid: str) -> str: ...

    def place_label(self, pid: str) -> str: ...

    def where(self, loc: str) -> str: ...

    def importance(self, claim: str) -> int: ...

    def is_actor_attribute(self, attribute: str) -> bool: ...

    def topic(self, attribute: str) -> str: ...

    def reactions_for(self, rid: str) -> list[Reaction]: ...

    def condition(self, text: str) -> bool: ...

    def save_document(self, did: str) -> None: ...


class Game(Town, Protocol):
    """A town being played: what drivers and readers outside the tick use besides (the
    walkthrough player, the reports, the player's verbs and knowledge, the model's words)."""

    templates: dict[str, str]
    transcript: Any
    open_minds_used: bool
    realised: list[str]
    counters: dict[str, int]

    def run(self, *, days: float | None = None, until: int | None = None,
            progress: Any = None) -> None: ...

    def step(self) -> None: ...

    def command(self, cmd: Any, typed: str | None = None) -> Any: ...

    def names(self) -> Any: ...

    def stages_reached(self) -> set[str]: ...

    def attention_log(self, start: int, end: int) -> list[tuple[int, str, str]]: ...
