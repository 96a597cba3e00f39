"""What a save's rows must mean, not only hold: the save gate's last look at the content
(`game.savecheck.check_rows` calls `row_problem` once the rows are of their columns' types;
`check_times` its checks against the clock, once the clock is known to be right).

A checksum says a save is as it was written; it says nothing of a save written by hand, or of
an old save written before checksums (save version 1) — a fuzzer's crafted rows passed the
gate and then crashed commands (a held value no candidate has, rank -7, a half-life of 0, a
resident's state with "x" for attention) or loaded as nonsense (beliefs of nobody, a claim
that is not there, a kind 'bogus'). So every row that something reads is held here to what
the code that writes it can write:

- **who and what it names**: residents, claims, places exist (in SQL, one pass a table for
  its columns' checks however many rows: a 100-resident save's gate costs ~0.1 s more);
- **closed sets**: source kinds, ranks, states, access, natures, world-log kinds;
- **ranges**: confidences, half-lives, times not after the save's clock (one tick's slack);
- **what rows must be together**: one belief of a claim for a resident, one stay open for
  each, an edit's memory the one its evidence went into, an undo of the same memory's edit;
- **the JSON inside rows**: a belief's candidates (shape, and the held value among them); a
  person's spec and a resident's state, read with pydantic models (the scenario's own types
  for traits, ids, claims and lies' motives).

Columns and tables a save's older migrations do not have yet are skipped; everything else an
old save holds is checked as a new one's is. `row_problem` answers the first problem as
"table.column, row N: what is wrong" (the gate's words), or None; nothing here writes.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Annotated, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from memory.access import ACTIVE, DORMANT, UNRECALLABLE
from memory.args import MAX_INT, MAX_TIME
from memory.driver import sqlite3
from memory.kinds import RANK_NAMES, Basis, SourceKind, State

from .attention import FULL, REDUCED, SKIP
from .people import ASLEEP, AWAKE, AWAY, WALKING

# (from the memory's own enums: a kind added there is one a save may hold)
SOURCE_KINDS = tuple(k.value for k in SourceKind)
RANKS = tuple(sorted(RANK_NAMES))
STATES = tuple(k.value for k in State)
ACCESS = (ACTIVE, DORMANT, UNRECALLABLE)
BASES = tuple(k.value for k in Basis)
NATURES = ("state", "event")
RECALL = ("free", "cue")  # memory.lifecycle
STATUSES = (AWAKE, ASLEEP, AWAY, WALKING)
DEPTHS = (FULL, REDUCED, SKIP)
# What the world log is written with (the loader's list, which a test holds to every kind the
# game writes) — imported where used: the scenario package comes with its models.
MINUTES_A_DAY = 24 * 60
SLACK = 10  # minutes past the clock a row may stand at (a tick: game.clock.TICK)
MAX_CONFIDENCE = 100
MAX_NAME = 100  # characters of a name, as a scenario's (game.scenario.model)
BIG = MAX_INT // 2  # no id a save holds is near the memory's limit: the next one must fit


# -- the JSON inside rows, as models --------------------------------------------------------


def _models():
    """The models of a person's spec and a resident's state (made once, on first use: the
    scenario's types come with the scenario package)."""
    global _SPEC, _STATE, _SNAPSHOT
    if _SPEC is not None:
        return _SPEC, _STATE
    from game.scenario.model import ClaimRef, Fraction, Ident, Motive, Traits, Value

    strict = ConfigDict(extra="forbid", strict=True, allow_inf_nan=False)
    trait = Literal[tuple(Traits.model_fields)]  # type: ignore[misc]
    minute = Annotated[int, Field(ge=0, lt=MINUTES_A_DAY)]
    when = Annotated[int, Field(ge=0, le=MAX_TIME)]
    name = Annotated[str, Field(max_length=200)]

    class Lie(BaseModel):
        model_config = strict
        value: Value
        basis: Literal["saw", "heard", "reckon"] = "saw"
        to: list[Ident] | Literal["anyone"] = "anyone"
        motive: Motive | None = None
        alibi: Ident | None = None

    class Spec(BaseModel):
        model_config = strict
        traits: dict[trait, Fraction]  # type: ignore[valid-type]
        schedule: list[tuple[minute, Ident]]
        sleep: tuple[minute, minute]
        away: list[tuple[when, when, Ident]]
        visits: list[tuple[when, when, Ident]] = []
        lies: dict[ClaimRef, Lie]
        note: str = ""
        pronoun: Literal["she", "he", "they"] = "they"

    from game.support import ACTION_CLASS

    # What the game does with an intent (game.pursuit): an act it knows, for a purpose it
    # knows, about a claim it can read — an edited save with `"action": "bogus"` or a claim
    # with no dot passed here and crashed the next tick (a fuzz run).
    claim = Annotated[str, Field(pattern=r"^[a-z][a-z0-9_]*\.[a-z][a-z0-9_]*$",
                                 max_length=122)]

    class Intent(BaseModel):
        model_config = strict
        action: Literal[(*sorted(ACTION_CLASS), "stay")]  # type: ignore[valid-type]
        purpose: Literal["act", "verify", "plan"]
        reaction: name
        claim: claim  # type: ignore[valid-type]
        value: name
        since: when
        expires: when
        target: name | None = None
        place: name | None = None
        via: name | None = None
        says: name | None = None

    # Keys the game composes of several ids ("reaction:claim:value", "hearer|claim|value"):
    # each part may be as long as its own kind allows, so the whole is allowed their sum (at
    # 200 a value of 187 characters, honest, made a save this gate refused; a review).
    composed = Annotated[str, Field(max_length=1000)]
    counts = dict[composed, int]  # type: ignore[valid-type]

    class State(BaseModel):
        model_config = strict
        place: Ident
        status: Literal[STATUSES] = "awake"  # type: ignore[valid-type]
        intent: Intent | None
        cooldown: counts = {}
        fired: list[composed] = []  # type: ignore[valid-type]
        verified: counts = {}
        told: list[composed] = []  # type: ignore[valid-type]
        read: counts = {}
        passed_over: counts = {}
        following: Ident | None = None
        follow_until: when = 0
        attention: Annotated[float, Field(ge=-1.0, le=MINUTES_A_DAY)] = -1.0
        depth: Literal[DEPTHS] = "full"  # type: ignore[valid-type]
        sighted_slot: name = ""
        sighted: list[name] = []
        noticed: Annotated[int, Field(ge=0)] = 0
        sighted_place: name = ""
        found_out: list[composed] = []  # type: ignore[valid-type]

    class Snapshot(BaseModel):  # a belief before or after an author's edit (memory.edits)
        model_config = strict
        value: Annotated[str, Field(min_length=1)]
        confidence: Annotated[int, Field(ge=0, le=MAX_CONFIDENCE)]
        state: Literal[STATES]  # type: ignore[valid-type]
        since: when
        # (a suppressed memory's is set far back, before the start: memory.edits)
        last_evoked_at: Annotated[int, Field(ge=-MAX_TIME, le=MAX_TIME)]
        access: Literal[ACCESS]  # type: ignore[valid-type]
        candidates: list[list]

    _SPEC, _STATE, _SNAPSHOT = Spec, State, Snapshot
    return Spec, State


_SPEC: type[BaseModel] | None = None
_STATE: type[BaseModel] | None = None
_SNAPSHOT: type[BaseModel] | None = None


def _invalid(exc: ValidationError) -> str:
    err = exc.errors(include_url=False)[0]
    where = ".".join(str(x) for x in err["loc"]) or "it"
    return f"{where}: {err['msg']}"


# -- the checks -----------------------------------------------------------------------------


class _Save:
    """What the checks need to know of a save: its tables and their columns, and its clock."""

    def __init__(self, conn: sqlite3.Connection):
        self.conn = conn
        self.tables = {r[0] for r in conn.execute(
            "SELECT name FROM sqlite_master WHERE type = 'table'")}
        self._cols: dict[str, set[str]] = {}
        now = conn.execute("SELECT value FROM world_meta WHERE key = 'now'").fetchone()
        self.now = int(now[0]) if now else 0

    def has(self, table: str, col: str | None = None) -> bool:
        if table not in self.tables:
            return False
        if col is None:
            return True
        if table not in self._cols:
            self._cols[table] = {r[0] for r in self.conn.execute(
                "SELECT name FROM pragma_table_info(?)", (table,))}
        return col in self._cols[table]

    def first(self, sql: str, params: tuple = ()) -> tuple | None:
        return self.conn.execute(sql + " LIMIT 1", params).fetchone()


def _in(values) -> str:
    return "(" + ", ".join(repr(v) for v in values) + ")"


PEOPLE = "(SELECT id FROM people)"
PLACES = "(SELECT id FROM places)"
CLAIMS = "(SELECT id FROM claims)"


def _show(x: object) -> str:
    s = "".join(ch if ch.isprintable() else "?" for ch in repr(x))
    return s if len(s) <= 60 else s[:57] + "..."


CLOCK = "clock"  # a check against the save's clock: made once the clock itself is checked


def _column_checks(s: _Save) -> Iterator[tuple]:
    """(table, column, condition a bad row meets, what is wrong with it[, CLOCK])."""
    # A belief's row: `belief_rows`, or `beliefs` in a save from before it was a view.
    beliefs = "belief_rows" if s.has("belief_rows") else "beliefs"
    late = s.now + SLACK
    for table in (beliefs, "evidence"):
        if not s.has(table):
            continue
        yield table, "resident", f"resident NOT IN {PEOPLE}", "is no one in the town"
        yield table, "claim_id", f"claim_id NOT IN {CLAIMS}", "is no claim of the save"
        yield table, "kind", f"kind NOT IN {_in(SOURCE_KINDS)}", "is not a kind of source"
        yield table, "rank", f"rank NOT IN {_in(RANKS)}", "is not a provenance rank (0 to 5)"
        if s.has(table, "teller"):
            yield (table, "teller", f"teller IS NOT NULL AND teller NOT IN {PEOPLE}",
                   "is no one in the town")
    if s.has(beliefs):
        for col in ("since", "created_at", "last_evidence_at"):
            if s.has(beliefs, col):
                yield (beliefs, col, f"{col} < 0 OR {col} > {late}",
                       f"is not a minute between 0 and the save's clock ({s.now})", CLOCK)
        if s.has(beliefs, "access"):
            yield beliefs, "access", f"access NOT IN {_in(ACCESS)}", "is not a memory's access"
        if s.has(beliefs, "half_life"):
            yield (beliefs, "half_life", f"NOT (half_life > 0 AND half_life <= {MAX_TIME})",
                   "is not a half-life (more than 0 minutes)")
        for col in ("aged", "exposures", "uses", "sources", "unjudged", "evidence_count"):
            if s.has(beliefs, col):
                # (one at the top of the integer range overflowed the next count: a save
                # fuzz)
                yield (beliefs, col, f"{col} < 0 OR {col} >= {BIG}",
                       "is not a count (negative, or past any the memory reaches)")
        for col in ("importance", "judged_importance"):  # (epistemics §7: 0 to 10)
            if s.has(beliefs, col):
                yield (beliefs, col, f"{col} IS NOT NULL AND {col} NOT BETWEEN 0 AND 10",
                       "is not an importance (0 to 10)")
        if s.has(beliefs, "updated_at"):
            yield (beliefs, "updated_at", f"updated_at < 0 OR updated_at > {late}",
                   f"is not a minute between 0 and the save's clock ({s.now})", CLOCK)
        if s.has(beliefs, "last_evoked_at"):  # (a suppressed memory's is far back: edits)
            yield (beliefs, "last_evoked_at",
                   f"last_evoked_at < {-MAX_TIME} OR last_evoked_at > {late}",
                   f"is not a minute before the save's clock ({s.now})", CLOCK)
    for table in (beliefs, "evidence"):  # (ids the memory can name: memory.args)
        if s.has(table):
            yield (table, "id", f"id < 1 OR id >= {BIG}", "is not an id the memory writes")
    if s.has("evidence", "founds"):
        yield ("evidence", "founds", f"founds IS NOT NULL AND (founds < 1 OR founds >= {BIG})",
               "is not an id the memory writes")
    if s.has("belief_versions"):
        yield ("belief_versions", "at", f"at < 0 OR at > {late}",
               f"is not a minute between 0 and the save's clock ({s.now})", CLOCK)
        yield ("belief_versions", "confidence", f"confidence NOT BETWEEN 0 AND {MAX_CONFIDENCE}",
               "is not a confidence (0 to 100)")
        yield ("belief_versions", "state", f"state NOT IN {_in(STATES)}",
               "is not a belief's state")
    if s.has("memory_edits"):
        yield ("memory_edits", "at", f"at < 0 OR at > {late}",
               f"is not a minute between 0 and the save's clock ({s.now})", CLOCK)
        # (an edit of 500 % was shown as "58 → 500"; one undoing itself, or a later one, was
        # listed as done: a save fuzz)
        yield ("memory_edits", "confidence", "confidence IS NOT NULL AND confidence NOT "
               f"BETWEEN 0 AND {MAX_CONFIDENCE}", "is not a confidence (0 to 100)")
        yield ("memory_edits", "undoes", "undoes IS NOT NULL AND (undoes >= id OR undoes NOT "
               "IN (SELECT id FROM memory_edits))", "is no earlier edit to undo")
        yield ("memory_edits", "value", "kind IN ('implant') AND value IS NULL",
               "is missing (an implant puts in a value)")
    if s.has("edit_discoveries"):
        yield ("edit_discoveries", "resident", f"resident NOT IN {PEOPLE}",
               "is no one in the town")
        yield ("edit_discoveries", "at", f"at < 0 OR at > {late}",
               f"is not a minute between 0 and the save's clock ({s.now})", CLOCK)
        yield ("edit_discoveries", "how", "how NOT IN ('first-hand', 'document', 'testimony')",
               "is not how an edit is found out")
        yield ("edit_discoveries", "edit_id", "edit_id NOT IN (SELECT id FROM memory_edits)",
               "is no edit of the save")
    for table, col in (("fact_history", "at"), ("trust_changes", "at"), ("transcript", "at"),
                       ("decisions", "at"), ("lookback_passes", "at"), ("presence", "since")):
        if s.has(table, col):
            yield (table, col, f"{col} < 0 OR {col} > {late}",
                   f"is not a minute between 0 and the save's clock ({s.now})", CLOCK)
    if s.has("presence", "until"):
        yield ("presence", "until", f"until IS NOT NULL AND (until < since OR until > {late})",
               f"is not a minute between its since and the save's clock ({s.now})", CLOCK)
    if s.has("memory_event_rows", "at"):  # (a suppressed memory's crossings are far back)
        yield ("memory_event_rows", "at", f"at < {-MAX_TIME} OR at > {late}",
               f"is not a minute before the save's clock ({s.now})", CLOCK)
    if s.has("facts"):
        yield ("facts", "version", f"version < 0 OR version >= {BIG}",
               "is not a fact's version (negative, or past any the world reaches)")
        # (with the facts deleted, the winning walkthrough's search found nothing, exit 0;
        # a save fuzz)
        yield ("objects", "id", "id NOT IN (SELECT subject FROM facts WHERE attribute = "
               "'location')", "has no place in the world's facts (where is it?)")
        yield ("facts", "since", f"since < 0 OR since > {late}",
               f"is not a minute between 0 and the save's clock ({s.now})", CLOCK)
    if s.has("evidence"):
        yield ("evidence", "at", f"at < 0 OR at > {late}",
               f"is not a minute between 0 and the save's clock ({s.now})", CLOCK)
        yield ("evidence", "confidence", f"confidence NOT BETWEEN 0 AND {MAX_CONFIDENCE}",
               "is not a confidence (0 to 100)")
        if s.has("evidence", "after_confidence"):
            yield ("evidence", "after_confidence", "after_confidence IS NOT NULL AND "
                   f"after_confidence NOT BETWEEN 0 AND {MAX_CONFIDENCE}",
                   "is not a confidence (0 to 100)")
        if s.has("evidence", "after_state"):
            yield ("evidence", "after_state",
                   f"after_state IS NOT NULL AND after_state NOT IN {_in(STATES)}",
                   "is not a belief's state")
        yield ("evidence", "basis", f"basis IS NOT NULL AND basis NOT IN {_in(BASES)}",
               "is not a teller's basis")
    yield "claims", "nature", f"nature NOT IN {_in(NATURES)}", "is not a claim's nature"
    # (a dot parts a claim's subject from its attribute: "ada_key.x" listed a claim that
    # `why` could then not find, and said "did you mean" the very same words; a save fuzz)
    yield ("claims", "subject", "instr(subject, '.') > 0",
           "is not a claim's subject (a dot parts subject from attribute)")
    # Where a thing is: a place, a spot of one, or someone who carries it (the key "nowhere",
    # or in a spot the café has not, loaded as a case nobody could solve; a save fuzz).
    yield ("facts", "value", f"attribute = 'location' AND value NOT IN {PLACES} AND value "
           f"NOT IN {PEOPLE} AND NOT EXISTS (SELECT 1 FROM places p, json_each(p.spots) j "
           "WHERE p.id || '.' || j.value = facts.value)",
           "is no place, spot of one or person (where is it?)")
    for col in ("subject", "attribute"):  # (a claim names something: memory.args)
        yield "claims", col, f"trim({col}) = ''", "is empty"
    yield "people", "name", "trim(name) = ''", "is empty (a resident has a name)"
    yield "places", "name", "trim(name) = ''", "is empty (a place has a name)"
    # Flags the memory writes as 0 or 1 (7 in each loaded and was saved again; a save fuzz),
    # and no memory is its own premise (a loop there, too).
    for table, cols in ((beliefs, ("stale", "recheck", "wants_look", "indexed",
                                   "misremembered", "looked_back", "lazy")),
                        ("evidence", ("judged", "by_player"))):
        for col in cols:
            if s.has(table, col):
                yield table, col, f"{col} NOT IN (0, 1)", "is not a flag (0 or 1)"
    if s.has("belief_premises", "premise_id"):
        yield ("belief_premises", "premise_id", "premise_id = belief_id",
               "is the memory itself (a memory is not its own premise)")
    # Names as long as a scenario's may be: one of 30,000 letters made each command take
    # seconds, and 600,000 hung the window (a save fuzz).
    for table in ("people", "places", "objects", "documents"):
        if s.has(table, "name"):
            yield (table, "name", f"length(name) > {MAX_NAME}",
                   f"is longer than a name may be ({MAX_NAME} characters)")
    yield ("people", "is_player", "is_player NOT IN (0, 1) OR (is_player = 1 AND id != "
           "'player')", "is not whether this is the player (0, or 1 for 'player')")
    # (an affinity of 1e999 stopped the run: "Total of weights must be finite"; a save fuzz)
    yield ("relationships", "affinity", "NOT (affinity BETWEEN -1.0 AND 1.0)",
           "is not an affinity (-1 to 1)")
    for table in ("claims", "attributes"):
        if s.has(table, "recall"):
            yield table, "recall", f"recall NOT IN {_in(RECALL)}", "is not a way of recall"
    yield "trust", "listener", f"listener NOT IN {PEOPLE}", "is no one in the town"
    yield "trust", "teller", f"teller NOT IN {PEOPLE}", "is no one in the town"
    yield ("objects", "owner", f"owner IS NOT NULL AND owner NOT IN {PEOPLE}",
           "is no one in the town")
    yield "documents", "place", f"place NOT IN {PLACES}", "is no place in the town"
    yield "people", "home", f"home NOT IN {PLACES}", "is no place in the town"
    for col in ("x", "y"):  # (a scenario's place is on the map: game.scenario.model.Place)
        yield "places", col, f"NOT ({col} BETWEEN 0 AND 1)", "is not on the map (0 to 1)"
    yield "sim_state", "resident", f"resident NOT IN {PEOPLE}", "is no one in the town"
    yield "relationships", "a", f"a NOT IN {PEOPLE}", "is no one in the town"
    yield "relationships", "b", f"b NOT IN {PEOPLE}", "is no one in the town"
    yield "presence", "resident", f"resident NOT IN {PEOPLE}", "is no one in the town"
    from game.scenario.loader import LOG_KINDS

    yield "world_log", "kind", f"kind NOT IN {_in(sorted(LOG_KINDS))}", "is not a kind of event"
    yield ("world_log", "actor", f"actor IS NOT NULL AND actor NOT IN {PEOPLE}",
           "is no one in the town")
    # (each passed as written, and was shown: "day 69445 10:39–06:30" in the report; a save
    # fuzz)
    yield ("world_log", "target", f"target IS NOT NULL AND target NOT IN {PEOPLE}",
           "is no one in the town")
    yield ("world_log", "place", f"place IS NOT NULL AND place NOT IN {PLACES}",
           "is no place in the town")
    yield "presence", "place", f"place NOT IN {PLACES}", "is no place in the town"
    for table, col in (("trust_changes", "listener"), ("trust_changes", "teller"),
                       ("decisions", "resident")):
        if s.has(table, col):
            yield table, col, f"{col} NOT IN {PEOPLE}", "is no one in the town"
    if s.has("memory_edits"):
        yield "memory_edits", "resident", f"resident NOT IN {PEOPLE}", "is no one in the town"
        yield "memory_edits", "claim_id", f"claim_id NOT IN {CLAIMS}", "is no claim of the save"


def _json_checks(s: _Save) -> Iterator[tuple[str, str, str, str]]:
    """(table, column, a query giving a bad row's id and value, what is wrong with it)."""
    for table, col in (("world_log", "participants"), ("world_log", "witnesses")):
        yield (table, col, f"SELECT t.rowid, e.value FROM {table} t, json_each(t.{col}) e "
                           f"WHERE e.value NOT IN {PEOPLE}", "names no one in the town")
    # What a document says, as the game reads it: [claim, value] pairs, the claim
    # subject.attribute ('[["nodot", "no"]]' and '[[1, 2, 3]]' crashed the next reading: a
    # fuzz run).
    yield ("documents", "says", "SELECT d.rowid, e.value FROM documents d, json_each(d.says) e "
           "WHERE e.type != 'array' OR json_array_length(e.value) != 2 OR "
           "json_type(e.value, '$[0]') != 'text' OR json_type(e.value, '$[1]') != 'text' OR "
           "json_extract(e.value, '$[1]') = '' OR json_extract(e.value, '$[0]') NOT GLOB "
           "'[a-z]*.[a-z]*' OR json_extract(e.value, '$[0]') GLOB '*[^a-z0-9_.]*' OR "
           "json_extract(e.value, '$[0]') GLOB '*.*.*'",
           "is not a list of [subject.attribute, value] pairs")
    beliefs = "belief_rows" if s.has("belief_rows") else "beliefs"
    if not s.has(beliefs, "candidates"):
        return
    # A candidate: [value, confidence, rank, kind, origins, first_at, last_at, evidence_id,
    # teller, origin, basis(, tally)] (memory.belief.Cand; an old save's may stop early):
    # each field of each candidate read once (a query a field re-reads the candidate each
    # time, and costs twice as much).
    field = " ".join([
        "CASE f.key WHEN 0 THEN f.type != 'text'",
        f"WHEN 1 THEN f.type != 'integer' OR f.atom NOT BETWEEN 0 AND {MAX_CONFIDENCE}",
        f"WHEN 2 THEN f.type != 'integer' OR f.atom NOT IN {_in(RANKS)}",
        f"WHEN 3 THEN f.type != 'text' OR f.atom NOT IN {_in(SOURCE_KINDS)}",
        "WHEN 4 THEN f.type != 'object' OR EXISTS (SELECT 1 FROM json_each(f.value) o "
        "WHERE o.type != 'integer')",
        "WHEN 5 THEN f.type != 'integer' WHEN 6 THEN f.type != 'integer'",
        "WHEN 7 THEN f.type NOT IN ('integer', 'null')",
        "WHEN 8 THEN f.type NOT IN ('text', 'null') WHEN 9 THEN f.type NOT IN ('text', 'null')",
        "WHEN 10 THEN f.type NOT IN ('text', 'null')",
        "WHEN 11 THEN f.type NOT IN ('integer', 'real') ELSE 1 END"])
    yield (beliefs, "candidates",
           f"SELECT b.rowid, c.value FROM {beliefs} b, json_each(b.candidates) c, "
           f"json_each(c.value) f WHERE {field}",
           "a candidate is not [value, confidence, rank, kind, origins, first, last, ...]")
    yield (beliefs, "candidates",
           f"SELECT b.rowid, c.value FROM {beliefs} b, json_each(b.candidates) c "
           "WHERE json_type(c.value, '$[6]') IS NULL",
           "a candidate is not [value, confidence, rank, kind, origins, first, last, ...]")
    yield (beliefs, "candidates",
           f"SELECT b.rowid, b.value FROM {beliefs} b WHERE NOT EXISTS (SELECT 1 FROM "
           "json_each(b.candidates) c WHERE json_extract(c.value, '$[0]') = b.value)",
           "the held value is none of its candidates'")


def _set_checks(s: _Save) -> Iterator[tuple[str, str, str, str]]:
    """(table, column, a query giving a bad row's id and value, what is wrong with it): what
    rows must be together — one belief of a claim for a resident, one stay open for each, an
    undo of an edit of the same memory (each of these, made by hand, loaded and was saved
    again: two beliefs of where Ada's key is held by Ada at once, Ada in two places; a save
    fuzz)."""
    if s.has("evidence", "founds") and s.has("belief_rows"):
        yield ("evidence", "founds", "SELECT e.id, e.founds FROM evidence e WHERE e.founds IS "
               "NOT NULL AND EXISTS (SELECT 1 FROM belief_rows b WHERE b.resident = "
               "e.resident AND b.claim_id = e.claim_id)",
               "founds a memory its resident already holds written (two beliefs of one claim)")
        yield ("evidence", "founds", "SELECT max(id), founds FROM evidence WHERE founds IS NOT "
               "NULL GROUP BY founds HAVING count(*) > 1 OR founds IN (SELECT id FROM "
               "belief_rows)", "names a memory another row is (one id, two beliefs)")
    if s.has("presence", "until"):
        yield ("presence", "until", "SELECT max(rowid), resident FROM presence WHERE until IS "
               "NULL GROUP BY resident HAVING count(*) > 1",
               "is a second stay still open for one resident (two places at once)")
    if s.has("memory_edits", "undoes"):
        yield ("memory_edits", "undoes", "SELECT m.id, m.undoes FROM memory_edits m JOIN "
               "memory_edits u ON u.id = m.undoes WHERE u.resident != m.resident OR "
               "u.claim_id != m.claim_id", "undoes an edit of another memory")
        # (an edit's memory is the one its evidence went into: one moved to another claim
        # listed an implant of a belief Fen never held, and could not be undone; a save fuzz)
        if s.has("memory_edits", "evidence_id"):
            yield ("memory_edits", "resident", "SELECT m.id, m.resident FROM memory_edits m "
                   "JOIN evidence e ON e.id = m.evidence_id WHERE e.resident != m.resident "
                   "OR e.claim_id != m.claim_id",
                   "is not the memory its evidence went into (whose, of what)")


def _model_checks(s: _Save) -> str | None:
    """A person's spec and a resident's state, read as the game reads them; the places and
    people they name exist."""
    spec_model, state_model = _models()
    places = {r[0] for r in s.conn.execute("SELECT id FROM places")}
    people = {r[0] for r in s.conn.execute("SELECT id FROM people")}
    for rowid, text in s.conn.execute("SELECT rowid, spec FROM people ORDER BY rowid"):
        try:
            spec = spec_model.model_validate_json(text)
        except ValidationError as exc:
            return f"people.spec, row {rowid}: {_invalid(exc)}"
        named = [p for _, p in spec.schedule] + [p for *_, p in (*spec.away, *spec.visits)]
        for p in named:
            if p not in places:
                return f"people.spec, row {rowid}: {_show(p)} is no place in the town"
        for a, b, _ in (*spec.away, *spec.visits):
            if a > b:
                return f"people.spec, row {rowid}: a stay ends before it starts"
        for lie in spec.lies.values():
            if lie.to != "anyone" and any(x not in people for x in lie.to):
                return f"people.spec, row {rowid}: a lie is told to no one in the town"
    for rowid, text in s.conn.execute("SELECT rowid, state FROM sim_state ORDER BY rowid"):
        try:
            st = state_model.model_validate_json(text)
        except ValidationError as exc:
            return f"sim_state.state, row {rowid}: {_invalid(exc)}"
        if st.place not in places:
            return f"sim_state.state, row {rowid}: place {_show(st.place)} is no place in the town"
        if st.following is not None and st.following not in people:
            return f"sim_state.state, row {rowid}: following {_show(st.following)} is no one"
        it = st.intent
        if it is not None:
            if it.target is not None and it.target not in people:
                return f"sim_state.state, row {rowid}: intent.target {_show(it.target)} is no one"
            if it.place is not None and it.place not in places:
                return (f"sim_state.state, row {rowid}: intent.place {_show(it.place)} is no "
                        "place in the town")
            if it.action == "stay" and it.place is None:
                return f"sim_state.state, row {rowid}: an intent to stay names no place"
    # What a document says becomes evidence as it is read: each value one the memory takes
    # (a value of 201 characters, or of white space only, passed the shape check and crashed
    # the next reading; a review).
    import json

    from memory.args import ident as memory_id
    from memory.errors import InvalidEvidence

    for rowid, text in s.conn.execute("SELECT rowid, says FROM documents ORDER BY rowid"):
        for claim, value in json.loads(text):
            try:
                for part in claim.split("."):
                    memory_id("claim", part)
                memory_id("value", value)
            except InvalidEvidence as exc:
                return (f"documents.says, row {rowid}: a {exc.problems[0][0]} there is none the "
                        f"memory takes ({exc.reason}): {_show(value)}")
    if s.has("memory_edits", "after"):
        for rowid, before, after in s.conn.execute(
                "SELECT rowid, before, after FROM memory_edits ORDER BY rowid"):
            for col, text in (("before", before), ("after", after)):
                if text is None and col == "before":
                    continue
                try:
                    _SNAPSHOT.model_validate_json(text)
                except ValidationError as exc:
                    return f"memory_edits.{col}, row {rowid}: {_invalid(exc)}"
    return None


def row_problem(conn: sqlite3.Connection, *, clock: bool = False) -> str | None:
    """The first row whose content no Hearsay writes, as "table.column, row N: what is wrong"
    (None: none). The rows are already of their columns' types and their JSON of its shape
    (`game.savecheck.check_rows`). `clock`: only the checks against the save's clock (rows
    not after it), made once the clock is known to be right (`check_times`)."""
    s = _Save(conn)
    by_table: dict[str, list[tuple[str, str, str]]] = {}
    for table, col, bad, what, *tag in _column_checks(s):
        if s.has(table, col) and (CLOCK in tag) == clock:
            by_table.setdefault(table, []).append((col, f"({bad})", what))
    for table, checks in by_table.items():
        # One pass a table: which check the first bad row fails, and its value.
        key = "rowid" if _has_rowid(s, table) else _primary_key(s, table)
        which = " ".join(f"WHEN {bad} THEN {i}" for i, (_, bad, _) in enumerate(checks))
        got = " ".join(f"WHEN {bad} THEN {col}" for col, bad, _ in checks)
        row = s.first(f"SELECT {key}, CASE {which} END, CASE {got} END FROM {table} WHERE "
                      + " OR ".join(bad for _, bad, _ in checks))
        if row is not None:
            col, _, what = checks[row[1]]
            return f"{table}.{col}, row {row[0]}: {_show(row[2])} {what}"
    if clock:
        return None
    for table, col, sql, what in (*_json_checks(s), *_set_checks(s)):
        if not s.has(table, col):
            continue
        row = s.first(sql)
        if row is not None:
            return f"{table}.{col}, row {row[0]}: {what} ({_show(row[1])})"
    return _model_checks(s)


def _has_rowid(s: _Save, table: str) -> bool:
    return not s.conn.execute("SELECT wr FROM pragma_table_list WHERE schema = 'main' AND "
                              "name = ?", (table,)).fetchone()[0]


def _primary_key(s: _Save, table: str) -> str:
    """A table without rowids names a row by its key: ["zz","ada","*"]."""
    cols = [r[0] for r in s.conn.execute(
        "SELECT name FROM pragma_table_info(?) WHERE pk > 0 ORDER BY pk", (table,))]
    return "json_array(" + ", ".join(cols) + ")"
