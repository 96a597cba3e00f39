"""The scenario format, as pydantic models: what an author may write, and what each key means.

`docs/scenario-format.md` documents every key with an example; a test checks the two agree.
Unknown keys are kept (pydantic `extra="allow"`) so the loader can warn about them with their
line instead of crashing; a missing or misspelt *required* key is an error.
"""

from __future__ import annotations

import re
import typing
from typing import Annotated, Literal

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    StrictBool,
    create_model,
    field_validator,
    model_validator,
)

from game import phrase
from game.clock import MAX_DAY, TimeFormatError, parse_time_of_day, parse_when
from memory import MemoryParams

Ident = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*$", max_length=60)]
ClaimRef = Annotated[str, Field(pattern=r"^\??[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$",
                                max_length=122)]
Fraction = Annotated[float, Field(ge=0.0, le=1.0)]
# Bounds on what ends up in words and in memory: names and short words stay short (a
# resident's memory holds values of at most 200 characters); long text is for the screen.
Name = Annotated[str, Field(min_length=1, max_length=100)]
Words = Annotated[str, Field(max_length=200)]
Phrase = Annotated[str, Field(max_length=200)]
Value = Annotated[str, Field(min_length=1, max_length=200)]


def _topic(v: str) -> str:
    """A trust topic is named (memory refuses a blank one, and a run that validate passed
    stopped on it: a hostile-input test)."""
    if not v.strip() or "\x00" in v:
        raise ValueError("a topic needs a word or two (it is blank)" if "\x00" not in v else
                         "a topic must not contain a NUL character")
    return v


Topic = Annotated[str, Field(max_length=200), AfterValidator(_topic)]
MAX_TEXT = 20_000

SOURCE_KINDS = ("firsthand", "witnessed", "declared", "document", "hearsay", "inferred",
                "implanted")
PLACE_KINDS = ("cafe", "market", "square", "home", "inn", "hall", "board", "shop", "clinic",
               "mill", "farm", "church", "school", "garden", "away", "other")
EVENT_KINDS = ("move_object", "take_object", "say", "announce", "post_notice", "happen", "edit")
EDITS = ("implant", "distort", "suppress")
ACTIONS = ("ask", "look", "confront", "accuse", "report", "avoid", "attend", "administer",
           "break_off", "reconcile", "wait")
WORDED_ACTS = ("avoid", "break_off", "reconcile", "administer")  # a reaction's `text` words


class Strict(BaseModel):
    model_config = ConfigDict(extra="allow", str_strip_whitespace=True, str_max_length=MAX_TEXT,
                              allow_inf_nan=False)

    @field_validator("*", mode="before")
    @classmethod
    def _no_bool_for_a_number(cls, v: object, info) -> object:
        # `days = true` ran as one day, `honesty = true` as 1.0: pydantic reads true as 1 (a
        # fuzzer). Only a flag may be true or false.
        if isinstance(v, bool):
            field = cls.model_fields.get(info.field_name)
            if field is not None and "bool" not in repr(field.annotation).lower():
                raise ValueError(_not_a_flag(info.field_name, repr(field.annotation)))
        if isinstance(v, str):
            field = cls.model_fields.get(info.field_name)
            if field is not None and _numeric_only(field.annotation):
                # `x = "0.5"` was read as 0.5: pydantic takes a number's digits in quotes (an
                # author's trial), and "lots" was refused as a number unquoted: so is this.
                shown = v if len(v) <= 40 else v[:37] + "..."
                raise ValueError(f"must be a number, unquoted (not {shown!r})")
            _drawable(v, info.field_name)
        elif isinstance(v, dict) and any(isinstance(x, str) for x in v.values()):
            # a table of numbers with one in quotes (`trust = { bo = "0.6" }`; a review)
            field = cls.model_fields.get(info.field_name)
            args = typing.get_args(field.annotation) if field is not None else ()
            if len(args) == 2 and _numeric_only(args[1]):
                key, bad = next((k, x) for k, x in v.items() if isinstance(x, str))
                shown = bad if len(bad) <= 40 else bad[:37] + "..."
                raise ValueError(f"{key!r} must be a number, unquoted (not {shown!r})")
        if isinstance(v, dict) and info.field_name == "values":
            # an attribute's `values`: words shown, as any field's (a table of a model is
            # checked field by field as it is read)
            for key, words in v.items():
                if isinstance(words, str):
                    try:
                        _drawable(words, "a value")
                    except ValueError as exc:
                        raise ValueError(f"{key!r}: {exc}") from None
        return v


def _numeric_only(annotation) -> bool:
    """Whether a field takes only a number (or nothing): int, float, Annotated or optional."""
    import types
    import typing

    if annotation in (int, float):
        return True
    args = typing.get_args(annotation)
    origin = typing.get_origin(annotation)
    if origin is typing.Annotated:
        return _numeric_only(args[0])
    if origin in (typing.Union, types.UnionType):
        kinds = [a for a in args if a is not type(None)]
        return bool(kinds) and all(_numeric_only(a) for a in kinds)
    return False


def _drawable(v: str, field: str) -> None:
    """Words the screen can draw: no control character but a line break or a tab (a NUL in
    a resident's name passed validate and stopped the window: "A null character was found
    in the text"), and a name or title with something to see (one of zero-width characters
    only drew nothing: "Text has zero width"; a scenario fuzz)."""
    import unicodedata

    bad = next((c for c in v if unicodedata.category(c) == "Cc" and c not in "\n\t\r"), None)
    if bad is not None:
        raise ValueError(f"it holds a control character (U+{ord(bad):04X}), which cannot be "
                         "shown")
    if field in ("name", "title", "role", "a value") and v and not any(
            unicodedata.category(c)[0] in "LNPS" for c in v):
        raise ValueError("it has no letter one can see (only spaces or invisible characters)")


# Keys that hold a time ("day 3 18:00"), and those that hold a time of day ("07:30").
TIME_KEYS = ("at", "by", "start", "from", "to")


def _not_a_flag(name: str, annotation: str) -> str:
    """What a key takes instead of true or false: a number, words or a time (`days = true`
    was told "a number or words", and `days = "two"` is refused)."""
    numeric = "int" in annotation or "float" in annotation
    words = "str" in annotation
    if name in TIME_KEYS and words:
        return 'must be a time in quotes, like "day 1 09:00", not true or false'
    if numeric and not words:
        return "must be a number, not true or false"
    if words and not numeric:
        return "must be words in quotes, not true or false"
    return "must be a number or words, not true or false"


_LONG_DAY = re.compile(r"^\s*day\s+(\d{7,})\b", re.IGNORECASE)


def check_when(v: str | int) -> int:
    """`clock.parse_when`, saying of a day past the last ("day 99999999999999 18:00", too
    many digits for the clock's pattern) that days count up to MAX_DAY, as of day 100001,
    rather than that it is no time at all."""
    if isinstance(v, str) and (m := _LONG_DAY.match(v)) and int(m.group(1)) > MAX_DAY:
        raise TimeFormatError(f"{v!r}: days count up to {MAX_DAY:,}")
    return parse_when(v)


def _when(v: object) -> object:
    if isinstance(v, str | int):
        try:
            check_when(v)
        except TimeFormatError as exc:
            raise ValueError(str(exc)) from None
    return v


def _tod(v: object) -> object:
    if isinstance(v, str):
        try:
            parse_time_of_day(v)
        except TimeFormatError as exc:
            # A day's own moment where a daily time goes (an author's trial wrote a schedule
            # entry "day 1 06:00"): say where such a moment is written.
            hint = " (this repeats every day; somewhere else on one day is a resident's " \
                "`visits` or `away` entry, from and to 'day N HH:MM')" \
                if v.strip().lower().startswith("day") else ""
            raise ValueError(f"{exc}{hint}") from None
    return v


class BriefTold(Strict):
    """An answer the brief tells the player of ("Ana has decided he meant it as a slight"):
    theirs to name from the first minute, as if heard — and whose account it is, if anyone's
    (`by`). It is not put in their memory: they were told of it, not convinced."""

    claim: ClaimRef
    value: Value
    by: Ident | None = None


class ScenarioInfo(Strict):
    """The scenario's own table. `brief` is the player's; `premise` may give the game away."""

    id: Ident
    title: Annotated[str, Field(min_length=1, max_length=200)]
    premise: str = Field(min_length=1)  # the whole story, for authors and the debug view
    brief: str | None = None  # what the player is told at the start (default: the premise)
    # The answers the brief names, each the player's to type from the start (`BriefTold`):
    # "tell ana ben refused slight" was refused until someone said "slight", though the brief
    # had (a playtest).
    brief_tells: list[BriefTold] = []
    role: Literal["detective", "mediator", "observer"] = "observer"
    start: str = "day 1 07:00"
    days: int = Field(default=3, ge=1, le=365)
    revision: Literal["rules", "noisy_or"] = "rules"
    default_trust: Fraction = 0.6
    # Residents can notice a memory edit: when later evidence gives one away, a world event
    # says so ("Fen realises her memory of ... was not her own"). Off: only memory knows.
    noticing: StrictBool = False

    _v_start = field_validator("start")(_when)

    @property
    def told(self) -> str:
        """What the player is told: the brief, or else the premise."""
        return " ".join((self.brief or self.premise).split())


def _phrase(fields: frozenset[str]):
    def check(v: object) -> object:
        if isinstance(v, str):
            try:
                phrase.parse(v, fields)
            except phrase.PhraseError as exc:
                raise ValueError(str(exc)) from None
        return v
    return check


class Attribute(Strict):
    nature: Literal["state", "event"] = "event"
    topic: Topic | None = None
    label: Phrase | None = None  # how words render it: "{subject} is at {value}"
    about: Phrase | None = None  # what it is about, as a noun phrase: "where {subject} is"
    actor: StrictBool = False  # the value is the person who did it ("moved_by")
    importance: Annotated[int, Field(ge=0, le=10)] = 3
    values: dict[Words, Words] = {}  # words for values: { d3_1800 = "day 3 at six" }

    _v_label = field_validator("label")(_phrase(phrase.LABEL_FIELDS))
    _v_about = field_validator("about")(_phrase(phrase.ABOUT_FIELDS))


class Place(Strict):
    id: Ident
    name: Name
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
    memory: Fraction = 0.7  # how well they remember: low, and weak memories come back wrong


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


class Motive(Strict):
    """Why a liar lies, as data — and what others know of it (the rivalry, the debt, the
    friendship), which they say when asked."""

    kind: Literal["protect_self", "protect_friend", "harm_rival", "gain"]
    about: Ident | None = None  # the friend protected, the rival harmed, whom they gain from
    reason: str = ""  # in words, for authors and the debug view
    known_to: list[Ident] = []  # residents who know of it
    claim: ClaimRef | None = None  # what they know (default by kind: "bo.rival_of" = about)
    value: str | None = None  # ...and its value (default: about)


class Lie(Strict):
    claim: ClaimRef
    value: Value
    basis: Literal["saw", "heard", "reckon"] = "saw"
    to: list[Ident] | Literal["anyone"] = "anyone"
    motive: Motive | None = None
    alibi: Ident | None = None  # protect_self: where they say they were (default: home)


class Resident(Strict):
    id: Ident
    name: Name
    role: Words = ""
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
    topic: Topic = "*"
    value: Fraction


class Statement(Strict):
    claim: ClaimRef
    value: Value


class Object(Strict):
    id: Ident
    name: Name
    owner: Ident | None = None
    location: str = Field(min_length=1)  # "place", "place.spot", or a resident id (carried)
    shows: list[Statement] = []  # what seeing it establishes, first-hand (a clue)
    readable: StrictBool = False  # a note or letter: showing it is document evidence
    portable: StrictBool = True  # the player can take it
    text: str = ""  # what it says or looks like, for the screen
    # Not named in the brief, nor a question on the case board, until the player has met it:
    # seen it, or heard it named (a clue under the judging table is the story's secret; the
    # brief listed it, with "where a bake-off entry card is" to ask about: an author).
    secret: StrictBool = False
    # Its name takes "are" and "were": "Ava's shears were moved by Dot" ("was"; a playtest).
    plural: StrictBool = False


class Document(Strict):
    id: Ident
    name: Name
    place: Ident
    says: list[Statement] = []
    text: str = ""


class Fact(Strict):
    claim: ClaimRef
    value: Value


class InitialBelief(Strict):
    resident: Ident
    claim: ClaimRef
    value: Value
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
    heard_from: Ident | None = None  # say / announce, basis "heard": whom they had it from
    origin: Ident | None = None  # say / announce, basis "heard": who first said it
    by: Literal["word", "letter"] = "word"  # say: spoken in one place, or a letter to target
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
    value: Value


class Reaction(Strict):
    id: Ident
    who: list[Ident] | Literal["anyone"] = "anyone"
    believes: Believes
    action: Literal[ACTIONS]  # type: ignore[valid-type]
    target: str | None = None
    place: Ident | None = None
    once: StrictBool = True
    when: str | None = None  # a condition that must also hold (see the conditions language)
    verify: list[Literal["look", "ask_teller", "ask_subject", "wait"]] = [
        "look", "ask_teller", "ask_subject", "wait"]
    effects: list[Statement] = []  # world facts the action changes when it happens
    # What those there see of how things stand as it is done, changing nothing: Tilly, giving
    # Mira something for the fever, knows she has one (she answered "no idea" after; a
    # playtest). Each must be so when the act happens.
    reveals: list[Statement] = []
    place_from: ClaimRef | None = None  # attend: the claim whose held value is the place
    # What the act looks like to those who see it, with {actor} and {target}: "{actor} gave
    # {target} feverfew, not willowbark". Without it an act says only its verb ("Tilly
    # treated Mira"), and two reactions with one action looked alike.
    text: Phrase | None = None

    _v_text = field_validator("text")(_phrase(phrase.ACT_FIELDS))

    @model_validator(mode="after")
    def _worded_act(self):
        # (accepted and ignored for the others, which have words of their own: a review)
        if self.text is not None and self.action not in WORDED_ACTS:
            raise ValueError(f"text words only an act of {', '.join(WORDED_ACTS)}; a "
                             f"reaction to {self.action} says what it does in its own words")
        # Accepted and ignored on an accusation, a look, a report… (an author's fine that
        # never came: an author's trial): only these acts change or show anything.
        for name in ("effects", "reveals"):
            if getattr(self, name) and self.action not in WORDED_ACTS:
                raise ValueError(
                    f"{name} take effect only on an act of {', '.join(WORDED_ACTS)}; a "
                    f"reaction to {self.action} changes and shows nothing of its own (to "
                    "make something so when it happens, use administer)")
        return self


class Ending(Strict):
    id: Ident
    title: Annotated[str, Field(min_length=1, max_length=200)]
    text: str = Field(min_length=1)
    win: StrictBool = False
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
    name: Name = "You"
    start: Ident  # the place the player starts in
    note: str = ""  # shown at the start, under the premise


def _memory_table() -> type[Strict]:
    """The `[memory]` table: every number of the memory model (`memory.MemoryParams`), each
    optional with the design note's default; an unknown key is a warning like anywhere else."""
    fields = {name: (f.annotation, f) for name, f in MemoryParams.model_fields.items()}
    return create_model("MemoryTable", __base__=Strict, **fields)  # type: ignore[call-overload]


MemoryTable = _memory_table()


class Scenario(Strict):
    scenario: ScenarioInfo
    memory: MemoryTable = MemoryTable()  # type: ignore[valid-type]
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

    def memory_params(self) -> MemoryParams:
        """The memory model's numbers for this scenario: the defaults, with `[memory]`'s."""
        known = {k: v for k, v in self.memory.model_dump().items()
                 if k in MemoryParams.model_fields}
        return MemoryParams(**known)
