"""The scenario format, as pydantic models: what an author may write, and what each key means.

`docs/scenario-format.md` documents every key with an example; a test checks the two agree.
Unknown keys are kept (pydantic `extra="allow"`) so the loader can warn about them with their
line instead of crashing; a missing or misspelt *required* key is an error.
"""

from __future__ import annotations

from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, field_validator

from game.clock import TimeFormatError, parse_time_of_day, parse_when

Ident = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=60)]
ClaimRef = Annotated[str, Field(pattern=r"^\??[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$")]
Fraction = Annotated[float, Field(ge=0.0, le=1.0)]

SOURCE_KINDS = ("firsthand", "witnessed", "declared", "document", "hearsay", "inferred",
                "implanted")
PLACE_KINDS = ("cafe", "market", "square", "home", "inn", "hall", "board", "shop", "clinic",
               "mill", "farm", "church", "school", "garden", "away", "other")
EVENT_KINDS = ("move_object", "take_object", "say", "announce", "post_notice", "happen", "edit")
EDITS = ("implant", "distort", "suppress")
ACTIONS = ("ask", "look", "confront", "accuse", "report", "avoid", "attend", "administer",
           "break_off", "reconcile", "wait")


class Strict(BaseModel):
    model_config = ConfigDict(extra="allow", str_strip_whitespace=True)


def _when(v: object) -> object:
    if isinstance(v, str | int):
        try:
            parse_when(v)
        except TimeFormatError as exc:
            raise ValueError(str(exc)) from None
    return v


def _tod(v: object) -> object:
    if isinstance(v, str):
        try:
            parse_time_of_day(v)
        except TimeFormatError as exc:
            raise ValueError(str(exc)) from None
    return v


class ScenarioInfo(Strict):
    """The scenario's own table. `brief` is the player's; `premise` may give the game away."""

    id: Ident
    title: str = Field(min_length=1)
    premise: str = Field(min_length=1)  # the whole story, for authors and the debug view
    brief: str | None = None  # what the player is told at the start (default: the premise)
    role: Literal["detective", "mediator", "observer"] = "observer"
    start: str = "day 1 07:00"
    days: int = Field(default=3, ge=1, le=365)
    revision: Literal["rules", "noisy_or"] = "rules"
    default_trust: Fraction = 0.6
    # Residents can notice a memory edit: when later evidence gives one away, a world event
    # says so ("Fen realises her memory of ... was not her own"). Off: only memory knows.
    noticing: bool = False

    _v_start = field_validator("start")(_when)

    @property
    def told(self) -> str:
        """What the player is told: the brief, or else the premise."""
        return " ".join((self.brief or self.premise).split())


class Attribute(Strict):
    nature: Literal["state", "event"] = "event"
    topic: str | None = None
    label: str | None = None  # how words render it: "{subject} is at {value}"
    about: str | None = None  # what it is about, as a noun phrase: "where {subject} is"
    actor: bool = False  # the value is the person who did it ("moved_by")
    importance: Annotated[int, Field(ge=0, le=10)] = 3
    values: dict[str, str] = {}  # words for values: { d3_1800 = "day 3 at six" }


class Place(Strict):
    id: Ident
    name: str = Field(min_length=1)
    kind: Literal[PLACE_KINDS] = "other"  # type: ignore[valid-type]
    x: Fraction = 0.5
    y: Fraction = 0.5
    spots: list[Ident] = []
    hidden: list[Ident] = []  # spots a plain look around misses; search them by name


class Traits(Strict):
    talkativeness: Fraction = 0.5
    credulity: Fraction = 0.5
    honesty: Fraction = 0.8
    curiosity: Fraction = 0.5


class ScheduleEntry(Strict):
    at: str
    place: Ident

    _v_at = field_validator("at")(_tod)


class Sleep(Strict):
    start: str = Field(default="22:00", alias="from")
    end: str = Field(default="06:00", alias="to")

    _v = field_validator("start", "end")(_tod)


class Absence(Strict):
    start: str = Field(alias="from")
    end: str = Field(alias="to")
    place: Ident

    _v = field_validator("start", "end")(_when)


class Lie(Strict):
    claim: ClaimRef
    value: str = Field(min_length=1)
    basis: Literal["saw", "heard", "reckon"] = "saw"
    to: list[Ident] | Literal["anyone"] = "anyone"


class Resident(Strict):
    id: Ident
    name: str = Field(min_length=1)
    role: str = ""
    home: Ident
    traits: Traits = Traits()
    schedule: list[ScheduleEntry] = []
    sleep: Sleep = Sleep()
    away: list[Absence] = []
    visits: list[Absence] = []  # somewhere else than the schedule says, awake and in town
    trust: dict[Ident, Fraction] = {}
    relationships: dict[Ident, Annotated[float, Field(ge=-1.0, le=1.0)]] = {}
    lies: list[Lie] = []
    note: str = ""  # the author's note; shown in the debug view only
    pronoun: Literal["she", "he", "they"] = "they"  # how the player's words refer to them


class TrustEntry(Strict):
    listener: Ident
    teller: Ident
    topic: str = "*"
    value: Fraction


class Statement(Strict):
    claim: ClaimRef
    value: str = Field(min_length=1)


class Object(Strict):
    id: Ident
    name: str = Field(min_length=1)
    owner: Ident | None = None
    location: str = Field(min_length=1)  # "place", "place.spot", or a resident id (carried)
    shows: list[Statement] = []  # what seeing it establishes, first-hand (a clue)
    readable: bool = False  # a note or letter: showing it is document evidence
    portable: bool = True  # the player can take it
    text: str = ""  # what it says or looks like, for the screen


class Document(Strict):
    id: Ident
    name: str = Field(min_length=1)
    place: Ident
    says: list[Statement] = []
    text: str = ""


class Fact(Strict):
    claim: ClaimRef
    value: str = Field(min_length=1)


class InitialBelief(Strict):
    resident: Ident
    claim: ClaimRef
    value: str = Field(min_length=1)
    kind: Literal[SOURCE_KINDS]  # type: ignore[valid-type]
    at: str | int | None = None
    event: str | None = None
    document: Ident | None = None
    teller: Ident | None = None
    origin: Ident | None = None
    chain: list[Ident] | None = None
    basis: Literal["saw", "heard", "reckon"] | None = None
    premises: list[ClaimRef] = []
    confidence: Annotated[int, Field(ge=0, le=100)] | None = None
    importance: Annotated[int, Field(ge=0, le=10)] | None = None

    _v_at = field_validator("at")(_when)


class ScheduledEvent(Strict):
    id: Ident
    at: str | int
    kind: Literal[EVENT_KINDS]  # type: ignore[valid-type]
    place: Ident | None = None
    actor: Ident | None = None
    target: Ident | None = None
    object: Ident | None = None
    to: str | None = None
    document: Ident | None = None
    says: list[Statement] = []
    effects: list[Statement] = []
    reveals: list[Statement] = []
    seen_as: list[Statement] = []
    basis: Literal["saw", "heard", "reckon"] = "saw"
    when: str | None = None
    text: str = ""
    # kind = "edit": an author's edit of the target's memory at this time (no world event)
    edit: Literal[EDITS] | None = None  # type: ignore[valid-type]
    claim: ClaimRef | None = None
    value: str | None = None  # implant, distort: the value put in
    confidence: Annotated[int, Field(ge=0, le=100)] | None = None

    _v_at = field_validator("at")(_when)


class Believes(Strict):
    claim: ClaimRef
    value: str = Field(min_length=1)


class Reaction(Strict):
    id: Ident
    who: list[Ident] | Literal["anyone"] = "anyone"
    believes: Believes
    action: Literal[ACTIONS]  # type: ignore[valid-type]
    target: str | None = None
    place: Ident | None = None
    once: bool = True
    when: str | None = None  # a condition that must also hold (see the conditions language)
    verify: list[Literal["look", "ask_teller", "ask_subject", "wait"]] = [
        "look", "ask_teller", "ask_subject", "wait"]
    effects: list[Statement] = []  # world facts the action changes when it happens
    place_from: ClaimRef | None = None  # attend: the claim whose held value is the place


class Ending(Strict):
    id: Ident
    title: str = Field(min_length=1)
    text: str = Field(min_length=1)
    win: bool = False
    when: str | None = None  # required unless `at` is given (then: "true")
    at: str | int | None = None
    explain: list[ClaimRef] = []  # claims whose believers the ending screen shows

    _v_at = field_validator("at")(_when)


class Stage(Strict):
    """A stage of what the player has found out (Ink's knowledge chains): reached once its
    condition holds, and reached for good."""

    id: Ident
    text: str = Field(min_length=1)
    when: str


class Goal(Strict):
    id: Ident
    text: str = Field(min_length=1)
    by: str | int | None = None

    _v_by = field_validator("by")(_when)


class Player(Strict):
    name: str = "You"
    start: Ident  # the place the player starts in
    note: str = ""  # shown at the start, under the premise


class Scenario(Strict):
    scenario: ScenarioInfo
    player: Player | None = None
    attributes: dict[Ident, Attribute] = {}
    places: list[Place] = Field(min_length=1)
    residents: list[Resident] = Field(min_length=1)
    trust: list[TrustEntry] = []
    objects: list[Object] = []
    documents: list[Document] = []
    facts: list[Fact] = []
    beliefs: list[InitialBelief] = []
    events: list[ScheduledEvent] = []
    reactions: list[Reaction] = []
    goals: list[Goal] = []
    stages: list[Stage] = []
    endings: list[Ending] = []
