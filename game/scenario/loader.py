"""Load and check a scenario: TOML syntax, the pydantic schema, then cross-references.

Every problem becomes a `ScenarioError` naming the file, the line and the field, e.g.

    content/scenarios/missing_key/scenario.toml:41: residents[2].traits.honesty: must be <= 1

Unknown keys are warnings (Twee's advice): kept in `LoadedScenario.warnings`, with a
suggestion when they look like a misspelt known key. Loading writes nothing anywhere.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass, field
from difflib import get_close_matches
from pathlib import Path

from pydantic import BaseModel, ValidationError

from memory import Evidence, InvalidEvidence

from .. import clock, people
from ..conditions import Condition, ConditionError
from . import minds, reach, story
from .lines import LineMap
from .model import ACTIONS, EVENT_KINDS, TIME_KEYS, Scenario

CONTENT = Path(__file__).resolve().parents[2] / "content"
SCENARIOS = CONTENT / "scenarios"
PLAYER = "player"
MAX_SCENARIO_BYTES = 2_000_000  # a scenario file (and the copy of it a save carries)
MAX_BACKSTORY_DAYS = 30  # how far before the start its events may be
# Residents a scenario file may have: each costs its company every hour, and a file of
# 30,000 (300 to a home, under MAX_CROWD) took over a minute to brief (a scenario fuzz). A
# bigger town is generated (`hearsay run --residents N`, game.generate).
MAX_SCENARIO_RESIDENTS = 3_000
MAX_CROWD = 400  # residents in one place at one time (company costs its square)


class ScenarioError(Exception):
    """A scenario that cannot be used; `problems` lists every (line, field, message).

    `column` is set for errors found while reading the text (TOML syntax, UTF-8)."""

    def __init__(self, file: Path, problems: list[tuple[int | None, str, str]],
                 column: int | None = None, note: str = ""):
        self.file = file
        self.problems = problems
        line, fld, msg = problems[0]
        self.line, self.field, self.reason = line, fld, msg
        self.column = column
        if column is not None and line:
            text = f"{file}:{line}:{column}: {msg}"
        else:
            text = "\n".join(_fmt(file, *p) for p in problems)
        super().__init__(text + (f"\n{note}" if note else ""))


def _fmt(file: Path, line: int | None, fld: str, msg: str) -> str:
    where = f"{file}:{line}" if line else str(file)
    return f"{where}: {fld}: {msg}" if fld else f"{where}: {msg}"


@dataclass
class LoadedScenario:
    scenario: Scenario
    file: Path
    folder: Path | None
    warnings: list[str] = field(default_factory=list)
    text: str = ""
    templates: dict[str, str] = field(default_factory=dict)  # its own word templates, checked

    @property
    def id(self) -> str:
        return self.scenario.scenario.id


def scenario_path(name: str | Path) -> Path:
    """A scenario by path (file or folder) or by the name of a shipped one."""
    p = Path(name)
    if p.exists():
        return p / "scenario.toml" if p.is_dir() else p
    shipped = SCENARIOS / str(name)
    if shipped.is_dir():
        return shipped / "scenario.toml"
    # A shipped one in any case, its words spaced or joined ("NINE_NEIGHBOURS", "the ledger"
    # were no such scenario: a playtest).
    key = "_".join(str(name).lower().replace("-", " ").replace("_", " ").split())
    if key in shipped_names():
        return SCENARIOS / key / "scenario.toml"
    raise ScenarioError(p, [(None, "", "no such scenario file or folder (shipped scenarios: "
                             + ", ".join(shipped_names()) + ")")])


def shipped_names() -> list[str]:
    return sorted(p.name for p in SCENARIOS.iterdir() if (p / "scenario.toml").exists())


def load_scenario(name: str | Path) -> LoadedScenario:
    """Read, parse and check a scenario file — and its folder's own word templates."""
    file = scenario_path(name)
    text = _read(file)
    loaded = parse_text(text, file)
    if file.name == "scenario.toml":
        loaded.folder = file.parent
        loaded.templates = _templates(file.parent, loaded.warnings)
    return loaded


def _read(file: Path) -> str:
    import stat

    try:
        st = file.stat()
        if not stat.S_ISREG(st.st_mode):
            raise ScenarioError(file, [(None, "", "not a regular file")])
        if st.st_size > MAX_SCENARIO_BYTES:
            raise ScenarioError(file, [(None, "", f"{st.st_size:,} bytes; a scenario may have "
                                        f"at most {MAX_SCENARIO_BYTES:,}")])
        data = file.read_bytes()
    except FileNotFoundError:
        raise ScenarioError(file, [(None, "", _missing(file))]) from None
    except OSError as exc:
        raise ScenarioError(file, [(None, "", f"cannot read: {exc.strerror}")]) from None
    if data.startswith(b"SQLite format 3\x00"):  # ('not UTF-8 text' said nothing of what it is)
        raise ScenarioError(file, [(None, "", "an SQLite database (a save?), not a scenario: "
                                    "`hearsay run --load` continues a save")])
    try:
        return data.decode("utf-8").removeprefix("\ufeff")
    except UnicodeDecodeError as exc:
        from ..textpos import not_utf8

        line, column, byte = not_utf8(data, exc)
        raise ScenarioError(file, [(line, "", f"not UTF-8 text (byte {byte:#04x} at "
                                    f"line {line}, column {column})")], column) from None


_STRINGS = re.compile(r'"""[\s\S]*?"""|"(?:[^"\\]|\\.)*"|\'\'\'[\s\S]*?\'\'\'|\'[^\']*\'')


# (tried only where a key may start, and without backtracking: a line of a million letters
# took minutes to search, the run of letters read again from each; a hostile-save test)
_UNQUOTED_TIME = re.compile(r"(?<![\w-])([A-Za-z_][\w-]*+)\s*+=\s*+"
                            r"((?:day\s++\d++\s*+,?\s*+)?\d{1,2}:\d{2})(?!:)", re.IGNORECASE)


def _inline_hint(text: str, line: int) -> str:
    """A hint for an inline table broken over lines, TOML's commonest trap: `{ at = "06:00",`
    then `place = "square" }` on the next line is "Invalid initial character for a key part"
    (an author's trial, wrapping the docs' long `lies = [{ … }]`)."""
    rows = text.splitlines()

    def plain(row: str) -> str:  # the row without its whole strings and its comment
        return _STRINGS.sub("", row).split("#")[0]
    if 0 < line <= len(rows) and (m := _UNQUOTED_TIME.search(plain(rows[line - 1]))):
        # `at = 02:10` or `at = day 1 02:10`: TOML's own words ("Expected newline…", "Invalid
        # value") said nothing of quotes (an author's trial)
        return f'; a time is written in quotes: {m.group(1)} = "{m.group(2).strip()}"'
    if 0 < line <= len(rows) and ('"' in plain(rows[line - 1]) or
                                  "'" in plain(rows[line - 1])):
        return "; a quoted string is not closed on this line (a closing quote missing?)"
    for row in (rows[i] for i in (line - 1, line - 2) if 0 <= i < len(rows)):
        if plain(row).count("{") > plain(row).count("}"):
            break
    else:
        return ""
    return ("; an inline table { … } must close on the line it opens: write it on one line, "
            "or as a [[table]] of its own")


def _missing(file: Path) -> str:
    """What to say of a scenario file that is not there: of a folder's scenario.toml, what the
    folder holds instead ("cannot read: No such file or directory" of a folder holding a
    scenario.yaml said nothing of it: an author's trial)."""
    folder = file.parent
    if file.name != "scenario.toml" or not folder.is_dir():
        return "no such file"
    try:
        others = sorted(p.name for p in folder.iterdir() if p.is_file() and
                        p.name.lower().startswith("scenario"))
    except OSError:
        others = []
    if others:
        return (f"no scenario.toml in {folder} (it holds {', '.join(others[:3])}); a scenario "
                "is written in TOML, as docs/scenario-format.md shows")
    return f"no scenario.toml in {folder}"


def _templates(folder: Path, warnings: list[str]) -> dict[str, str]:
    """The folder's `templates/`, compiled and rendered against samples under the budget."""
    from ..templates import check_sources, read_folder

    sources, problems, notes = read_folder(folder)
    problems += check_sources(sources) if not problems else []
    for name, line, msg in notes:
        warnings.append(_fmt(folder / "templates" / (f"{name}.j2" if name else ""), line, "",
                             msg))
    if problems:
        name = problems[0][0]
        raise ScenarioError(folder / "templates" / f"{name}.j2" if name else
                            folder / "templates", [(line, "", msg) for _, line, msg in problems])
    return sources


def parse_text(text: str, file: Path, *, generated: bool = False) -> LoadedScenario:
    """Check scenario `text` as if it were read from `file` (the name is only for messages:
    nothing is read from beside it). The cap on a user's scenario (MAX_SCENARIO_BYTES) holds
    unless the program made the text itself (`generated`: a town from `game.generate`)."""
    if not generated and len(text) > MAX_SCENARIO_BYTES:
        raise ScenarioError(file, [(None, "", f"{len(text):,} characters; a scenario may have "
                                    f"at most {MAX_SCENARIO_BYTES:,}")])
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        line, column, msg = _toml_position(str(exc), text)
        raise ScenarioError(file, [(line, "", f"not valid TOML (line {line}, column {column}): "
                                    f"{msg}{_inline_hint(text, line)}")], column) from None
    except RecursionError:
        raise ScenarioError(file, [(1, "", "not valid TOML: nested too deeply")]) from None
    lines = LineMap(text)
    try:
        sc = Scenario.model_validate(data)
    except ValidationError as exc:
        # The names, places and conditions are checked once the shape is right: say so, or
        # fixing these showed an author a new error they had not been told of (an author).
        raise ScenarioError(file, _unknown_tables(data, lines, _pydantic_problems(
            exc, data, lines)), note="(names, places, times and conditions are checked once "
                                     "these are fixed)") from None
    if not generated and len(sc.residents) > MAX_SCENARIO_RESIDENTS:
        raise ScenarioError(file, [(lines.line_of(("residents", MAX_SCENARIO_RESIDENTS)),
                                    _loc_name(("residents", MAX_SCENARIO_RESIDENTS)),
                                    f"{len(sc.residents):,} residents; a scenario may have at "
                                    f"most {MAX_SCENARIO_RESIDENTS:,} (a bigger town: `hearsay "
                                    "run --residents N` generates one)")])
    checker = Checker(sc, lines)
    problems = checker.run()
    if problems:
        raise ScenarioError(file, _unknown_tables(data, lines, problems))
    warnings = _unknown_keys(sc, lines, file) + [_fmt(file, *w) for w in checker.warnings]
    return LoadedScenario(sc, file, None, warnings, text)


def _unknown_tables(data: dict, lines: LineMap, problems: list) -> list:
    """A scenario that fails: its unknown top-level tables first, since the errors may
    follow from them (`[[resident]]` for `[[residents]]` left 'no resident' errors only),
    unless an error already names them (a required table's misspelling)."""
    known = set(Scenario.model_fields)
    said = " ".join(p[2] for p in problems)
    first = []
    for key in data:
        if key in known or f"[{key}]" in said or f"{key!r}" in said:
            continue
        hint = _near(key, known)
        if hint:  # (one like no table at all is only a warning, were all else well)
            first.append((lines.line_of((key,)), _loc_name((key,)), f"unknown table, "
                          f"ignored{hint}: the errors after this may follow from it"))
    return first + problems


def _toml_position(message: str, text: str) -> tuple[int, int, str]:
    """tomllib's "... (at line 3, column 5)" or "... (at end of document)" as (line, column,
    what)."""
    what, _, where = message.rpartition(" (at ")
    what = what or message
    if where.startswith("line "):
        nums = where.removeprefix("line ").rstrip(")").split(", column ")
        if len(nums) == 2 and all(n.isdigit() for n in nums):
            return int(nums[0]), int(nums[1]), what
    last = text.split("\n")
    return len(last), len(last[-1]) + 1, what + " (at the end of the file)"


_BARE = re.compile(r"[A-Za-z0-9_\-]+")


def _loc_name(loc: tuple) -> str:
    out = ""
    for p in loc:
        p = p if isinstance(p, int) or len(str(p)) <= 60 else str(p)[:57] + "..."
        if not isinstance(p, int) and not _BARE.fullmatch(str(p)):
            p = f'"{p}"'  # as TOML writes a name with a dot or a space in it
        out += f"[{p}]" if isinstance(p, int) else (f".{p}" if out else str(p))
    return out


def _pydantic_problems(exc: ValidationError, data: dict, lines: LineMap) -> list:
    out = []
    for loc, err in _union_errors(exc.errors(), data):
        msg = err["msg"].removeprefix("Value error, ")
        if err["type"] == "missing":
            near = _misspelt(loc, data)
            msg = f"required key {loc[-1]!r} is missing" + (
                f" (found {near!r} — a misspelling?)" if near else "")
        elif err["type"] == "string_pattern_mismatch":
            msg = _pattern_message(err["ctx"]["pattern"], err.get("input"))
        elif err["type"] == "literal_error":
            msg = f"must be one of {err['ctx']['expected']}"
        elif err["type"] == "bool_type":
            msg = "must be true or false, unquoted"
        else:
            msg = _plain(loc, err) or msg
        line = lines.line_of(loc)
        if line is None and len(loc) == 1 and err["type"] == "missing":
            # A misspelt table ([scenaro], [[resident]]): named at its own line.
            near = _misspelt(loc, data)
            line = lines.line_of((near,)) if near else None
            msg = f"required table [{loc[0]}] is missing" + (
                f" (found [{near}] — a misspelling?)" if near else "")
            line = line or 1
        out.append((line, _loc_name(loc), msg))
    return out


# What a table is like, by the model it is read into (for "Input should be a valid
# dictionary or instance of Traits": a Python class name means nothing to an author).
_TABLE_LIKE = {
    "Traits": "{ talkativeness = 0.5, honesty = 0.8 }",
    "Sleep": '{ from = "22:00", to = "06:00" }',
    "Absence": '{ from = "day 2 09:00", to = "day 2 10:00", place = "clinic" }',
    "ScheduleEntry": '{ at = "07:30", place = "cafe" }',
    "Lie": '{ claim = "ada_key.moved_by", value = "cy" }',
    "Motive": '{ kind = "harm_rival", about = "cy" }',
    "Statement": '{ claim = "ada_key.moved_by", value = "dee" }',
    "Believes": '{ claim = "ada_key.moved_by", value = "cy" }',
}
# Keys whose value is a time of day ("07:30"); every other time is "day 1 09:00".
_TIME_OF_DAY = {"schedule", "sleep"}


def _plain(loc: tuple, err: dict) -> str | None:
    """pydantic's words for a wrong type, in the format's: a table for a table, a time
    quoted (TOML reads `09:00:00` unquoted as its own time), a list for a list. None: its
    own words do."""
    import datetime as dt

    kind, value = err["type"], err.get("input")
    key = next((p for p in reversed(loc) if isinstance(p, str)), "")
    of_day = bool(_TIME_OF_DAY & {p for p in loc if isinstance(p, str)})
    if isinstance(value, dt.date | dt.time):
        if key in TIME_KEYS:
            hm = value.strftime("%H:%M") if isinstance(value, dt.time | dt.datetime) else "09:00"
            if of_day:
                return (f'a time of day is quoted, like "{hm}" (unquoted, TOML reads it as '
                        "a time of its own)")
            return (f'a time is quoted, like "day 1 {hm}": days count from the story\'s day '
                    "1, not by the calendar (unquoted, TOML reads it as a date or time of its "
                    "own)")
        if kind in ("int_type", "float_type", "int_parsing", "float_parsing"):
            # (not "must be quoted words": a number quoted is refused too; a fuzz)
            return "must be a number (TOML reads this as a date or time)"
        return "must be quoted words (unquoted, TOML reads this as a date or time)"
    if kind == "string_type" and key in TIME_KEYS and of_day:
        return 'a time of day is quoted, like "07:30"'
    if kind == "model_type" or (kind == "dict_type" and "class_name" in err.get("ctx", {})):
        like = _TABLE_LIKE.get(err.get("ctx", {}).get("class_name", ""))
        return f"must be a table, like {like}" if like else "must be a table ({ key = value, … })"
    if kind == "dict_type":
        return "must be a table ({ key = value, … })"
    if isinstance(value, str) and (kind == "list_type" or (
            kind == "union" and "valid list" in err["msg"])):
        anyone = " or \"anyone\"" if "anyone" in err["msg"] else ""
        if anyone and get_close_matches(value, ["anyone"], cutoff=0.7):
            return None  # ('anyon': "must be a valid list or one of 'anyone'" says it)
        shown = value if len(value) <= 40 else value[:37] + "..."
        return f'must be a list, like ["{shown}"]{anyone}'
    if kind == "string_too_long":
        return f"{len(value):,} characters; at most {err['ctx']['max_length']}" \
            if isinstance(value, str) else None
    if kind == "string_too_short" and isinstance(value, str) and not value.strip():
        return "must not be blank"
    if kind in ("int_parsing", "float_parsing") and isinstance(value, str):
        return f"must be a number, unquoted (not {value[:40]!r})"
    if kind == "int_from_float":
        return f"must be a whole number (not {value})"
    return None


def _pattern_message(pattern: str, value: object) -> str:
    """What an id or a claim is made of, and what in `value` is not ('ívy' has 'í')."""
    odd = sorted({c for c in value if not (c.isascii() and (c.isalnum() or c in "_.?"))},
                 key=str(value).index) if isinstance(value, str) else []
    if odd:
        which = ", ".join(repr(c) + (f" (U+{ord(c):04X})" if not c.isascii() else "")
                          for c in odd[:5])
        has = f": {value!r} has {which}"
    elif isinstance(value, str) and value[:1].isdigit():
        has = f": {value!r} starts with a digit"
    elif isinstance(value, str) and value != value.lower():
        has = f": {value!r} has capitals"
    else:
        has = ""
    if "a-z0-9_]*$" in pattern and "." not in pattern:
        return ("ids are made of a–z, 0–9 and _ (plain ASCII, starting with a letter, like "
                f"'ada' or 'ada_key'){has}")
    return ("a claim is written subject.attribute, each of a–z, 0–9 and _ (plain ASCII), like "
            f"'ada_key.location'{has}")


def _union_errors(errors: list, data: dict) -> list[tuple[tuple, dict]]:
    """Each error with its location in the file (without pydantic's tags for the branches of
    a union, `list[...]` or `literal[...]`), one report per value: for a value that matched
    one branch's shape (a list for `who`) only that branch's errors — not also "must be one
    of 'anyone'" — and for one matching none, one error naming every branch."""
    located = []
    for err in errors:
        loc: list = []
        tag: int | None = None
        node: object = data
        raw = err["loc"]
        for n, p in enumerate(raw):
            if p == "[key]":
                continue  # (a dict's key: the error is the key's, at its line)
            if (isinstance(node, dict) and p in node) or (
                    isinstance(node, list) and isinstance(p, int) and 0 <= p < len(node)):
                node = node[p]  # type: ignore[index]
            elif isinstance(p, str) and ("[" in p or (
                    n < len(raw) - 1 or err["type"] != "missing")) and loc and tag is None:
                tag = len(loc)  # a union's branch: not a key of the file
                continue
            elif isinstance(p, str) and "[" in p:
                continue  # (a branch in a branch)
            loc.append(p)
        located.append((tuple(loc), tag, err))
    out: list[tuple[tuple, dict]] = []
    done: set[tuple] = set()
    for loc, tag, err in located:
        if tag is None:
            out.append((loc, err))
            continue
        at = loc[:tag]
        if at in done:
            continue
        done.add(at)
        branch = [(lc, e) for lc, t, e in located if t == tag and lc[:tag] == at]
        deeper = [(lc, e) for lc, e in branch if len(lc) > tag]
        if deeper:
            out += deeper
        else:
            what = " or ".join(dict.fromkeys(
                e["msg"].removeprefix("Input should be ") if e["type"] != "literal_error" else
                f"one of {e['ctx']['expected']}" for _, e in branch))
            out.append((at, {**branch[0][1], "type": "union", "msg": f"must be {what}"}))
    return out


def _misspelt(loc: tuple, data: dict) -> str | None:
    node: object = data
    for p in loc[:-1]:
        try:
            node = node[p]  # type: ignore[index]
        except (KeyError, IndexError, TypeError):
            return None
    if isinstance(node, dict):
        near = get_close_matches(str(loc[-1]), [k for k in node if isinstance(k, str)], n=1,
                                 cutoff=0.7)
        return near[0] if near else None
    return None


def _unknown_keys(sc: Scenario, lines: LineMap, file: Path) -> list[str]:
    warnings: list[str] = []

    def walk(m: BaseModel, loc: tuple) -> None:
        for k in sorted(m.model_extra or {}):
            # (a key written by its alias: `to`, not the field's own name `end`)
            known = [f.alias or n for n, f in type(m).model_fields.items()]
            near = get_close_matches(k, known, n=1, cutoff=0.7) or [
                w for w in [_SAME.get(k.lower())] if w in known]
            hint = f" (did you mean {near[0]!r}?)" if near else ""
            extra = (m.model_extra or {})[k]
            # A table of the file ([[ending]]), said as one and with what is lost with it:
            # "unknown key" read as a stray line, and the endings were gone (an author's
            # trial).
            if not loc and isinstance(extra, list) and extra and \
                    all(isinstance(x, dict) for x in extra):
                n = len(extra)
                what = f"unknown table [[{k}]], ignored with its {n} entr" + \
                    ("y" if n == 1 else "ies")
            elif not loc and isinstance(extra, dict):
                what = f"unknown table [{k}], ignored"
            else:
                what = "unknown key, ignored"
            warnings.append(_fmt(file, lines.line_of(loc + (k,)), _loc_name(loc + (k,)),
                                 what + hint))
        for name in type(m).model_fields:
            v = getattr(m, name)
            if isinstance(v, BaseModel):
                walk(v, loc + (name,))
            elif isinstance(v, list):
                for i, item in enumerate(v):
                    if isinstance(item, BaseModel):
                        walk(item, loc + (name, i))
            elif isinstance(v, dict):
                for key, item in v.items():
                    if isinstance(item, BaseModel):
                        walk(item, loc + (name, key))

    walk(sc, ())
    return warnings


# Words an author may write for a key by another name: `sleep = { from = …, until = … }`.
_SAME = {"until": "to", "till": "to", "end": "to", "ends": "to", "start": "from",
         "starts": "from", "begin": "from", "since": "from", "time": "at"}


def written_from(sc: Scenario) -> int:
    """The minute from which everyone's whereabouts are written when a run begins
    (game.setup), so that "where were you then?" can be asked of it: the start of the
    backstory's first day, or of the start's own day."""
    start = clock.align(clock.parse_when(sc.scenario.start))
    first = min([start] + [at for e in sc.events if e.kind != "edit"
                           and (at := clock.parse_when(e.at)) < start])
    return first - clock.time_of_day(first)


NEAR_BUDGET = 30  # "did you mean" guesses one check makes (Checker._near)


class Checker:
    """Cross-references the schema cannot see: every id names something that exists."""

    def __init__(self, sc: Scenario, lines: LineMap):
        self.sc = sc
        self.lines = lines
        self.problems: list[tuple[int | None, str, str]] = []
        self.places = {p.id: p for p in sc.places}
        self.residents = {r.id: r for r in sc.residents}
        self.objects = {o.id: o for o in sc.objects}
        self.documents = {d.id: d for d in sc.documents}
        # The player is someone only in a story with one: a town with no player that named
        # "player" (a belief of theirs, a letter to them, a deed by them) passed validate and
        # crashed the run (a scenario fuzz).
        self.people = set(self.residents) | ({PLAYER} if sc.player is not None else set())
        self.warnings: list[tuple[int | None, str, str]] = []
        self._attrs: set[str] | None = None
        self._subjects: set[str] | None = None
        self._said: list | None = None
        self._values: dict[str, set[str]] | None = None
        self._people: dict | None = None
        self._from: int | None = None
        self.asked: list[tuple[tuple, str]] = []  # claims conditions ask about, where
        self._near_left = NEAR_BUDGET  # "did you mean" guesses left (`_near`)

    def _same_names(self, key: str) -> dict[str, str]:
        """Warn of each of `key`'s items (residents, places) named as one before it; the
        names, folded, to the first id of each."""
        called: dict[str, str] = {}
        for i, item in enumerate(getattr(self.sc, key)):
            other = called.setdefault(item.name.strip().lower(), item.id)
            if other != item.id:
                self.warnings.append((self.lines.line_of((key, i, "name")),
                                      _loc_name((key, i, "name")),
                                      f"{other!r} is called {item.name!r} too: the player can "
                                      "tell them apart only by id"))
        return called

    def _near(self, x: str, names, people: bool = False) -> str:
        """`_near`, for the first NEAR_BUDGET names not found: each is a pass over every name
        (difflib), so a file of a thousand near misses of a thousand names took minutes to
        validate (a scenario fuzz); past that, the error is said without a guess."""
        if x == PLAYER and people or self._near_left > 0:
            self._near_left -= 1
            return _near(x, names, people)
        return ""

    def bad(self, loc: tuple, msg: str) -> None:
        self.problems.append((self.lines.line_of(loc), _loc_name(loc), msg))

    def run(self) -> list:
        sc = self.sc
        for name in ("places", "residents", "objects", "documents", "events", "reactions",
                     "endings", "goals", "stages"):
            seen: dict[str, int] = {}
            for i, item in enumerate(getattr(sc, name)):
                if item.id in seen:
                    first = seen[item.id]
                    line = self.lines.line_of((name, first, "id"))
                    self.bad((name, i, "id"), f"duplicate id {item.id!r} (the first is "
                             f"{name}[{first}]" + (f", line {line})" if line else ")"))
                seen.setdefault(item.id, i)
        for aid in sc.attributes:
            if aid.startswith("at_d"):
                # The engine's names for where someone was each hour (`at_d1_0800`): one of
                # the author's so named was folded away as whereabouts in the report, the
                # claim view and the words (a review).
                self.bad(("attributes", aid), "an attribute named 'at_d…' is taken for "
                         "where someone was each hour (at_d1_0800): name it otherwise")
        # One name, two people or two places: only ids tell them apart (`go ada's café` took
        # one of two so named: a scenario fuzz).
        called = self._same_names("residents")
        self._same_names("places")
        if sc.player is not None and sc.player.name.strip().lower() in called:
            # (the player's own words and a resident's read alike: a scenario fuzz)
            self.warnings.append((self.lines.line_of(("player", "name")),
                                  _loc_name(("player", "name")),
                                  f"{called[sc.player.name.strip().lower()]!r} is called "
                                  f"{sc.player.name!r} too: the log cannot tell the player "
                                  "from them"))
        clash = set(self.residents) & (set(self.places) | set(self.objects))
        for i, r in enumerate(sc.residents):
            if r.id in clash:
                self.bad(("residents", i, "id"), f"id {r.id!r} names both a resident and a "
                         "place or object")
        # A thing or a paper named as a place: `go cafe`, `search cafe` and `take cafe` all
        # took the one word, and `cafe.location` asked of either (a fuzz run).
        for key in ("objects", "documents"):
            for i, o in enumerate(getattr(sc, key)):
                if o.id in self.places:
                    self.bad((key, i, "id"), f"id {o.id!r} names both a place and "
                             f"{'a thing' if key == 'objects' else 'a document'}")
        for i, p in enumerate(sc.places):
            if len(set(p.spots)) != len(p.spots):
                self.bad(("places", i, "spots"), "spots repeat")
            for h in p.hidden:
                if h not in p.spots:
                    self.bad(("places", i, "hidden"), f"{h!r} is not one of the spots")
        for i, r in enumerate(sc.residents):
            self._place(("residents", i, "home"), r.home)
            for j, s in enumerate(r.schedule):
                self._place(("residents", i, "schedule", j, "place"), s.place)
            for key in ("away", "visits"):
                for j, a in enumerate(getattr(r, key)):
                    self._place(("residents", i, key, j, "place"), a.place)
                    if clock.parse_when(a.end) <= clock.parse_when(a.start):
                        self.bad(("residents", i, key, j), "it must end after it starts")
                    out = a.place in self.places and self.places[a.place].kind == "away"
                    if a.place in self.places and out != (key == "away"):
                        # (either passed unsaid: a scenario fuzz)
                        where = self._place_name(a.place)
                        loc = ("residents", i, key, j, "place")
                        self.warnings.append((self.lines.line_of(loc), _loc_name(loc), (
                            f"{where} is in town: `away` is time out of town (kind = "
                            "\"away\"); a `visits` entry takes them there") if key == "away"
                            else (f"{where} is out of town: a visit there is an `away` "
                                  "entry")))
            story.days(self, i, r)
            for key in ("trust", "relationships"):
                for other in getattr(r, key):
                    if other not in self.people:
                        self.bad(("residents", i, key, other), f"no resident {other!r}" +
                                 self._near(other, self.people, people=True))
            for j, lie in enumerate(r.lies):
                if lie.to != "anyone":
                    for t in lie.to:
                        self._person(("residents", i, "lies", j, "to"), t)
                minds.motive(self, ("residents", i, "lies", j), r.id, lie)
        for i, t in enumerate(sc.trust):
            self._person(("trust", i, "listener"), t.listener)
            self._person(("trust", i, "teller"), t.teller)
        for i, o in enumerate(sc.objects):
            if o.owner:
                self._person(("objects", i, "owner"), o.owner)
            self._location(("objects", i, "location"), o.location)
        for i, d in enumerate(sc.documents):
            self._place(("documents", i, "place"), d.place)
        for i, b in enumerate(sc.beliefs):
            self._belief(i, b)
        for i, e in enumerate(sc.events):
            self._event(i, e)
        for i, r in enumerate(sc.reactions):
            if r.who != "anyone":
                for w in r.who:
                    self._person(("reactions", i, "who"), w)
            if r.place:
                self._place(("reactions", i, "place"), r.place)
            if r.when:
                self._condition(("reactions", i, "when"), r.when)
            if not r.believes.claim.startswith("?"):
                # What a reaction waits for must be set or told somewhere, or it never fires.
                self._known_attribute(("reactions", i, "believes", "claim"), r.believes.claim,
                                      what="reaction")
                self._known_value(("reactions", i, "believes", "value"), r.believes.claim,
                                  r.believes.value, what="reaction")
            reach.reaction_who(self, i, r)
            t = r.target
            subj = r.believes.claim.split(".")[0]
            if t and t not in self.people and t not in ("subject", "value") and not (
                    t.startswith("?") and t == subj):
                self.bad(("reactions", i, "target"), f"{t!r} is not a resident, 'subject', "
                         "'value' or the variable in believes.claim"
                         + self._near(t, self.people, people=True))
            if subj.startswith("?") and t not in (subj, "value") and r.action in (
                    "accuse", "confront"):
                self.bad(("reactions", i, "target"), f"target should be {subj} to act on "
                         "whoever the belief names")
            minds.reaction_target(self, i, r)
        for i, e in enumerate(sc.endings):
            if e.when is None and e.at is None:
                self.bad(("endings", i), "an ending needs `when` (a condition), `at` (a time), "
                         "or both — without either it would end the story at once")
            elif e.when is not None:
                self._condition(("endings", i, "when"), e.when)
        for i, st in enumerate(sc.stages):
            self._condition(("stages", i, "when"), st.when)
        for i, o in enumerate(sc.objects):
            for j, stmt in enumerate(o.shows):
                if stmt.claim.startswith("?"):
                    self.bad(("objects", i, "shows", j), "a clue shows a definite claim")
        for i, told in enumerate(sc.scenario.brief_tells):
            self._brief_told(("scenario", "brief_tells", i), told)
        if sc.scenario.brief_tells and sc.player is None:
            self.warnings.append((self.lines.line_of(("scenario", "brief_tells")),
                                  "scenario.brief_tells", "there is no player to be told: "
                                  "brief_tells does nothing here"))
        self._crowd()
        self._bare_times()
        minds.memory(self)
        story.values(self)
        story.times(self)
        story.endings(self)
        story.claims(self)
        reach.endings(self)
        reach.hidden(self)
        reach.ticks(self)
        if sc.player is not None:
            self._place(("player", "start"), sc.player.start)
            start = self.places.get(sc.player.start)
            if start is not None and start.kind == "away":
                # (the player cannot go to an away place, but started in one: an author)
                self.bad(("player", "start"), f"{self._place_name(sc.player.start)} is out "
                         "of town (kind = \"away\"): the player starts in town")
        elif sc.scenario.role != "observer":
            self.bad(("scenario", "role"), f"a {sc.scenario.role} scenario needs a [player] "
                     "table with a start place")
        return self.problems

    # -- helpers -------------------------------------------------------------------------------

    def _statements(self) -> list:
        """Every claim = value the scenario states: facts, beliefs, what events say, change,
        reveal and seem, what clues show and papers say, what reactions change. (Not what a
        reaction waits for: that sets nothing.)"""
        if self._said is None:
            statements = [*self.sc.facts, *self.sc.beliefs]
            for e in self.sc.events:
                statements += [*e.says, *e.effects, *e.reveals, *e.seen_as]
            for o in self.sc.objects:
                statements += o.shows
            for d in self.sc.documents:
                statements += d.says
            for r in self.sc.reactions:
                statements += [*r.effects, *r.reveals]
            for person in self.sc.residents:  # what a scripted lie spreads is stated too
                statements += [_Stated(lie.claim, lie.value) for lie in person.lies]
            self._said = statements
        return self._said

    def _known_subject(self, loc: tuple, claim: str) -> None:
        """A condition about a subject nothing in the scenario names or states anything of
        ('ada_kee.location') can never hold: a warning, with the nearest name."""
        subject = claim.partition(".")[0]
        if self._subjects is None:
            self._subjects = {*self.people, *self.places, *self.objects, *self.documents}
            self._subjects |= {st.claim.partition(".")[0] for st in self._statements()}
        if subject not in self._subjects:
            self.warnings.append((self.lines.line_of(loc), _loc_name(loc),
                                  f"nothing in the scenario is called {subject!r} or has "
                                  "anything said of it, so this condition may never hold" +
                                  self._near(subject, self._subjects)))

    def _known_attribute(self, loc: tuple, claim: str, what: str = "condition") -> None:
        """A condition (or a reaction) about an attribute nothing in the scenario ever sets
        can never hold: most likely a typo. A warning, because the engine may write it
        (whereabouts, beliefs about others)."""
        attribute = claim.partition(".")[2]
        if not attribute or attribute.startswith(("believes ", "at_d")):
            return
        if self._attrs is None:
            self._attrs = set(BUILTIN_ATTRIBUTES) | set(self.sc.attributes)
            self._attrs |= {st.claim.partition(".")[2] for st in self._statements()}
        if attribute not in self._attrs:
            self.warnings.append((self.lines.line_of(loc), _loc_name(loc),
                                  f"nothing in the scenario sets or tells {attribute!r}, so "
                                  f"this {what} may never " +
                                  ("hold" if what == "condition" else "fire") +
                                  self._near(attribute, self._attrs)))

    def _known_value(self, loc: tuple, claim: str, value: object,
                     what: str = "condition") -> None:
        """A value a condition (or a reaction) waits for that nothing in the scenario states
        for that attribute, and that names nobody and nothing in it, can never be held ('wess'
        for 'wes'): a warning, with the nearest value stated."""
        attribute = claim.partition(".")[2]
        if what == "condition" and isinstance(value, str) and isinstance(claim, str) and \
                self.sc.attributes.get(attribute) is not None and \
                self.sc.attributes[attribute].values and \
                (why := story.value_problem(self, claim, value)):
            # Its values are declared: no statement may hold another (an error there too).
            self.bad(loc, f"condition: {why}, so this can never hold")
            return
        if not isinstance(value, str) or not value or claim.startswith("?") or \
                value.startswith("?") or \
                attribute.startswith(("believes ", "at_d")) or attribute not in (
                    self._attrs or ()):
            return
        if self._values is None:
            self._values = {}
            for st in self._statements():
                self._values.setdefault(st.claim.partition(".")[2], set()).add(st.value)
        stated = self._values.get(attribute, set())
        # (yes and no: anyone can say them — the player's `tell … no` among them)
        names = {*self.people, *self.places, *self.objects, *self.documents, "missing", "",
                 "yes", "no"}
        spots = {f"{p}.{s}" for p, pl in self.places.items() for s in pl.spots}
        if value in stated or value in names or value in spots:
            return
        self.warnings.append((self.lines.line_of(loc), _loc_name(loc),
                              f"nothing in the scenario states {value!r} for {attribute!r}, "
                              f"and it names nobody and nothing here, so this {what} may "
                              "never " + ("hold" if what == "condition" else "fire") +
                              self._near(value, stated | set(self.people))))

    def _bare_times(self) -> None:
        """A moment of the story written as a time of day alone ("17:10") is day 1 at that
        time: in a schedule that is what it means, anywhere else it is most likely a day
        left out (an author's ending at "17:10" came on day 1, before the ban it was about:
        an author's trial). A warning: written on purpose, it is a day 1 moment."""
        sc = self.sc
        found: list[tuple[tuple, object]] = [(("scenario", "start"), sc.scenario.start)]
        for i, r in enumerate(sc.residents):
            for key in ("away", "visits"):
                for j, a in enumerate(getattr(r, key)):
                    found += [(("residents", i, key, j, "from"), a.start),
                              (("residents", i, key, j, "to"), a.end)]
        for name in ("beliefs", "events", "endings"):
            found += [((name, i, "at"), x.at) for i, x in enumerate(getattr(sc, name))]
        found += [(("goals", i, "by"), g.by) for i, g in enumerate(sc.goals)]
        for loc, when in found:
            if isinstance(when, str) and not when.strip().lower().startswith("day"):
                self.warnings.append((
                    self.lines.line_of(loc), _loc_name(loc),
                    f"{when!r} is read as day 1 at {when.strip()}: a time of day alone means "
                    f"day 1 here (only a schedule repeats daily); write 'day 1 {when.strip()}' "
                    "if that is meant, or the day it is on"))

    def _place(self, loc: tuple, pid: str | None) -> None:
        if pid is not None and pid not in self.places:
            self.bad(loc, f"no place {pid!r}" + self._near(pid, self.places))

    def _brief_told(self, loc: tuple, told) -> None:
        """An answer the brief names: a definite claim of an attribute the scenario has, a
        value it may take, and whose account it is a resident's (not the player's own)."""
        attribute = told.claim.partition(".")[2]
        if told.claim.startswith("?"):
            self.bad(loc + ("claim",), "the brief tells of a definite claim, not a variable")
        elif attribute not in self.sc.attributes and attribute not in BUILTIN_ATTRIBUTES:
            self.bad(loc + ("claim",), f"no attribute {attribute!r}" +
                     self._near(attribute, [*self.sc.attributes, *BUILTIN_ATTRIBUTES]))
        elif why := story.value_problem(self, told.claim, told.value):
            self.bad(loc + ("value",), why)
        # What the brief tells of is no secret: a secret thing, or a hidden spot, named there
        # would be on the case board from the first minute and refused when typed (a
        # hostile-input test).
        secret = {o.id for o in self.sc.objects if o.secret}
        for part, word in (("claim", told.claim.partition(".")[0]), ("value", told.value)):
            if word in secret:
                self.bad(loc + (part,), f"{word!r} is a secret thing (secret = true): the "
                         "brief cannot tell of it; take the secret off, or leave it out")
        place, dot, spot = told.value.partition(".")
        if dot and place in self.places and spot in self.places[place].hidden:
            self.bad(loc + ("value",), f"{told.value!r} is a hidden spot: the brief cannot "
                     "lead the player to it (a lead is something said in town); take it off "
                     "`hidden`, or leave it out")
        if told.by == PLAYER:
            self.bad(loc + ("by",), "whose account the brief gives: a resident's, not the "
                     "player's own")
        else:
            self._person(loc + ("by",), told.by)

    def _person(self, loc: tuple, rid: str | None) -> None:
        if rid is not None and rid not in self.people:
            self.bad(loc, f"no resident {rid!r}" + self._near(rid, self.residents, people=True))

    def _location(self, loc: tuple, where: str) -> None:
        place, _, spot = where.partition(".")
        if place in self.residents and not spot:
            return
        if place not in self.places:
            self.bad(loc, f"{where!r} is not a place, place.spot or resident")
        elif spot and spot not in self.places[place].spots:
            self.bad(loc, f"{place!r} has no spot {spot!r} (spots: "
                     f"{', '.join(self.places[place].spots) or 'none'})")

    def _belief(self, i: int, b) -> None:
        loc = ("beliefs", i)
        self._person(loc + ("resident",), b.resident)
        self._person(loc + ("teller",), b.teller)
        if b.origin not in self.documents and b.origin not in self.objects:
            self._person(loc + ("origin",), b.origin)  # a rumour starts with a person or a notice
        if b.document and b.document not in self.documents:
            self.bad(loc + ("document",), f"no document {b.document!r}")
        subject, _, attribute = b.claim.partition(".")
        try:
            Evidence(resident=b.resident, subject=subject, attribute=attribute, value=b.value,
                     kind=b.kind, at=0, event=b.event or ("scenario" if b.kind in (
                         "firsthand", "witnessed") else None), document=b.document,
                     teller=b.teller, origin=b.origin,
                     chain=tuple(b.chain) if b.chain else None, basis=b.basis,
                     premises=tuple(b.premises), confidence=b.confidence)
        except InvalidEvidence as exc:
            self.bad(loc + (exc.field,), exc.reason)
        # (Sets made only when a belief needs them: made for every belief, they cost a
        # generated town of 2,000 residents ten seconds.)
        if b.event and b.event not in (events := {e.id for e in self.sc.events}):
            self.bad(loc + ("event",), f"no event {b.event!r}" + self._near(b.event, events)
                     + " — name one of the scenario's [[events]]")
        self._read_there(loc, b)
        earlier = {(x.resident, x.claim) for x in self.sc.beliefs[:i]} if b.premises else set()
        for p in b.premises:
            if (b.resident, p) not in earlier:
                self.bad(loc + ("premises",), f"{b.resident} has no earlier belief about {p} "
                         "to infer from")

    def _event(self, i: int, e) -> None:
        loc = ("events", i)
        if e.kind != "edit":
            start = clock.align(clock.parse_when(self.sc.scenario.start))
            back = start - clock.parse_when(e.at)
            if back > MAX_BACKSTORY_DAYS * clock.DAY:
                # Everyone's whereabouts are written from the backstory's first day: an
                # event on day 1 of a story starting on day 99999 took hours to set up
                # (a hostile-input test).
                self.bad(loc + ("at",), f"{back // clock.DAY:,} days before the start; the "
                         f"backstory may reach back at most {MAX_BACKSTORY_DAYS} days")
        self._place(loc + ("place",), e.place)
        for key in ("actor", "target"):
            self._person(loc + (key,), getattr(e, key))
        if e.kind == "say" and e.actor and e.target == e.actor:
            # (as a belief told by one to themselves is refused: a scenario fuzz)
            self.bad(loc + ("target",), f"{e.actor!r} says it to {e.actor!r}: one tells "
                     "someone else")
        if e.object and e.object not in self.objects:
            self.bad(loc + ("object",), f"no object {e.object!r}")
        if e.document and e.document not in self.documents:
            self.bad(loc + ("document",), f"no document {e.document!r}")
        need = {"move_object": ("actor", "object", "to"), "take_object": ("actor", "object"),
                "say": ("actor", "says"), "announce": ("actor", "says"),
                "post_notice": ("document", "says"), "happen": (),
                "edit": ("target", "edit", "claim")}[e.kind]
        for key in need:
            if not getattr(e, key):
                self.bad(loc + ("kind",), f"a {e.kind} event needs {key!r}")
        if e.kind == "edit":
            self._edit_event(loc, e)
        elif e.edit or e.claim or e.value or e.confidence is not None:
            self.bad(loc + ("edit",), "edit, claim, value and confidence belong to an event "
                     "of kind = \"edit\"")
        if e.to:
            self._location(loc + ("to",), e.to)
        if e.kind in ("move_object", "take_object", "say", "announce", "happen") and \
                not e.place and not e.actor:
            self.bad(loc + ("place",), "an event happens somewhere: give place or actor")
        if e.when:
            self._condition(loc + ("when",), e.when)
        self._there(loc, e)
        minds.relay(self, i, e)

    def _there(self, loc: tuple, e) -> None:
        """An event happens among the people at its place at its minute: an actor elsewhere
        by their day would be seen by nobody doing it, and a player there would watch it
        happen with nobody doing it. A warning, since an intent or the player may yet bring
        them. Backstory is checked from its first day, whose whereabouts are written and can
        be asked about ("who was at the clinic at seven?"): there, the listener of spoken
        words too; in play, whether they reach the listener, and a speaker asleep, are
        errors (minds.same_place). A letter travels."""
        if e.place is None or e.place not in self.places or e.kind == "edit":
            return
        at, start = clock.parse_when(e.at), clock.parse_when(self.sc.scenario.start)
        if at < self._written_from():
            return  # an earlier day: nobody's whereabouts are written for it
        # In play it happens in its tick, among those moved there for it; before the start,
        # whereabouts are written a tick at a time (game.setup), so it is judged by its tick.
        written, at = at, clock.align(at)
        spoken = e.kind == "say" and e.by == "word" and e.target
        self._at_place(loc + ("actor",), e.actor, e.place, at,
                       "where this happens", quiet_unless_awake=bool(spoken and at >= start),
                       written=written)
        if spoken and at < start:
            self._at_place(loc + ("target",), e.target, e.place, at, "where this is said",
                           written=written)

    def _read_there(self, loc: tuple, b) -> None:
        """A memory of the backstory's days says where its holder was: a notice read at 07:45
        is read at the notice board, an event seen or told at its place. Whereabouts that say
        otherwise ("I read it this morning", from one at home all morning) are warned of."""
        if b.kind == "document" and b.document in self.documents:
            place = self.documents[b.document].place
            at = clock.parse_when(b.at) if b.at is not None else \
                clock.parse_when(self.sc.scenario.start)
            why, key = "where it is read", "at" if b.at is not None else "document"
        elif b.kind in ("firsthand", "witnessed", "declared") and b.event:
            e = next((x for x in self.sc.events if x.id == b.event), None)
            if e is None or e.place is None or e.kind == "edit" or (
                    e.kind == "say" and e.by == "letter"):
                return  # (a letter is read wherever its reader is)
            place, at, why, key = e.place, clock.parse_when(e.at), "where it happened", "event"
        elif b.kind in ("declared", "hearsay") and b.teller in self.residents and \
                b.at is not None and not b.event:
            self._told_there(loc, b)
            return
        else:
            return
        if place in self.places and at >= self._written_from():
            # (by its tick: the day's whereabouts are written a tick at a time)
            self._at_place(loc + (key,), b.resident, place, clock.align(at), why, written=at)

    def _told_there(self, loc: tuple, b) -> None:
        """Words heard from a resident before the start, at a minute of the backstory's days,
        were heard where both were, awake: Lin "heard it from Ben" at 07:00, at home with Ben
        asleep — and asked who she saw then, said nobody (a playtest)."""
        written = clock.parse_when(b.at)
        at = clock.align(written)
        if not self._written_from() <= at < clock.parse_when(self.sc.scenario.start):
            return
        listener = self.residents.get(b.resident)
        if listener is None or any(s.place not in self.places for s in listener.schedule):
            return
        if self._people is None:
            self._people = {x.id: people.from_scenario(x) for x in self.sc.residents}
        status, there = self._people[listener.id].status_at(at)
        teller = self.residents[b.teller].name
        if status != people.AWAKE:
            _, where = self._people[b.teller].status_at(at)
            self._at_place(loc + ("at",), b.resident, where, at, f"to hear it from {teller}",
                           written=written)
        else:
            self._at_place(loc + ("at",), b.teller, there, at,
                           f"to tell {listener.name} (who is there)", written=written)

    def _written_from(self) -> int:
        if self._from is None:
            self._from = written_from(self.sc)
        return self._from

    def _at_place(self, loc: tuple, rid: str | None, place: str, at: int, why: str, *,
                  quiet_unless_awake: bool = False, written: int | None = None) -> None:
        """Warn at `loc` if resident `rid` is not awake at `place` at minute `at` by the
        schedule (and its visits and absences)."""
        r = self.residents.get(rid or "")
        if r is None or any(s.place not in self.places for s in r.schedule):
            return  # a player, nobody, or already reported
        if self._people is None:
            self._people = {x.id: people.from_scenario(x) for x in self.sc.residents}
        status, there = self._people[r.id].status_at(at)
        if (status == people.AWAKE and there == place) or (
                quiet_unless_awake and status != people.AWAKE):
            return
        where = ("away at" if status == people.AWAY else
                 "asleep at" if status == people.ASLEEP else "at")
        # A time written between ticks is judged at its tick: say both (an author read "at
        # day 1 08:50" of the 08:58 they wrote).
        tick = f" (the tick of {clock.fmt(written)}: the clock moves in 10-minute ticks)" \
            if written is not None and written != at else ""
        # Asleep where it happens is there, but not awake: "is asleep at Mira's cottage …
        # not at Mira's cottage" read as a contradiction (a scenario fuzz).
        where_not = "awake at" if there == place else "at"
        self.warnings.append((
            self.lines.line_of(loc), _loc_name(loc),
            f"{r.name} is {where} {self._place_name(there)} at {clock.fmt(at)}{tick} by "
            f"the schedule, not {where_not} {self._place_name(place)} {why}: give {r.id} a "
            f"visit (visits = [{{ from = \"{clock.fmt(at)}\", to = …, place = \"{place}\" }}]) "
            "or change the time"))

    def _crowd(self) -> None:
        """At most MAX_CROWD residents in one place at one time (by the schedules, each hour
        of the start's day): everyone present takes in everyone else, so a crowd's cost is
        its square — 3,000 residents in fifteen places passed validate in a second and then
        `brief` ran for minutes (a hostile-input test)."""
        sc = self.sc
        if len(sc.residents) <= MAX_CROWD or any(
                s.place not in self.places for r in sc.residents for s in r.schedule):
            return  # (none can crowd; or a schedule names no place, already an error)
        if self._people is None:
            self._people = {x.id: people.from_scenario(x) for x in sc.residents}
        day = written_from(sc)
        for t in range(day, day + clock.DAY, clock.HOUR):
            count: dict[str, int] = {}
            first: dict[str, int] = {}  # the first resident there, whose table is named
            for i, p in enumerate(self._people.values()):
                status, place = p.status_at(t)
                if status == people.AWAKE:
                    count[place] = count.get(place, 0) + 1
                    first.setdefault(place, i)
            place, n = max(count.items(), key=lambda x: (x[1], x[0]), default=("", 0))
            if n > MAX_CROWD:
                self.bad(("residents", first[place]), f"{n:,} residents are at "
                         f"{self._place_name(place)} at "
                         f"{clock.fmt(t)} by their schedules; one place holds at most "
                         f"{MAX_CROWD} at a time (spread them over more places)")
                return

    def _place_name(self, pid: str) -> str:
        p = self.places.get(pid)
        return f"{pid!r}" if p is None else f"{p.name} ({pid!r})"

    def _edit_event(self, loc: tuple, e) -> None:
        """An author's edit of a memory: whose, which claim, and what to put in."""
        if e.target == PLAYER:
            self.bad(loc + ("target",), "edits reach residents' memories, not the player's")
        if e.claim and e.claim.startswith("?"):
            self.bad(loc + ("claim",), "an edit names a definite claim")
        if e.edit == "implant" and not e.value:
            self.bad(loc + ("value",), "an implant needs the value to put in")
        if e.edit == "distort" and not e.value and e.confidence is None:
            self.bad(loc + ("value",), "a distortion needs a value, a confidence or both")
        if e.edit == "suppress" and (e.value or e.confidence is not None):
            self.bad(loc + ("value",), "a suppression takes no value or confidence")
        for key in ("actor", "place", "object", "document"):
            if getattr(e, key):
                self.bad(loc + (key,), f"an edit event has no {key}: it happens in a mind")

    def _condition(self, loc: tuple, text: str) -> None:
        try:
            cond = Condition(text)
        except ConditionError as exc:
            self.bad(loc, f"condition: {exc}")
            return
        for call in cond.calls():
            at = _CLAIM_ARG.get(call.value)
            # present(place, claim, value, claim, value…): every claim, not the first only
            places = range(at, len(call.args), 2) if call.value == "present" else \
                ([at] if at is not None else [])
            for i in places:
                if i < len(call.args) and call.args[i].op == "lit" and \
                        isinstance(call.args[i].value, str):
                    claim = call.args[i].value
                    s, _, a = claim.partition(".")
                    if not s or not a or not _CONDITION_CLAIM.fullmatch(claim):
                        # 'meeting' for 'meeting.when', '?x.moved_by', 'Ada.key': no claim
                        # is written so, and nothing ever holds it (a scenario fuzz)
                        self.bad(loc, f"condition: {call.value}() names {claim!r}, which is "
                                 "no claim: write it subject.attribute (a–z, 0–9 and _), "
                                 "like 'meeting.when', or 'ana.believes meeting.when'")
                        continue
                    self._known_subject(loc, claim)
                    self._known_attribute(loc, claim)
                    self.asked.append((loc, claim))
            lits = [a.value for a in call.args if a.op == "lit"]
            if call.value in ("believes", "heard", "value", "confidence", "knows", "trust",
                              "at") and \
                    lits and isinstance(lits[0], str) and call.args[0].op == "lit":
                self._person(loc, lits[0])
            if call.value == "time" and lits:
                try:
                    clock.parse_when(lits[0])
                except clock.TimeFormatError as exc:
                    self.bad(loc, f"condition: {exc}")
            args = call.args
            at_least = _CONFIDENCE_ARG.get(call.value)
            if at_least is not None and len(args) > at_least and args[at_least].op == "lit" \
                    and not isinstance(args[at_least].value, bool) and \
                    not 0 <= args[at_least].value <= 100:
                # Confidence is 0..100: believes(…, 101) never holds, whatever happens.
                self.bad(loc, f"condition: {call.value}() asks for a confidence of at least "
                         f"{args[at_least].value}, but confidence is 0..100, so this can "
                         "never hold")
            if call.value == "count_believers" and len(args) > 3 and args[3].op == "list":
                # Whom to count: a misspelt resident would quietly make 2 of 3 into 2 of 2.
                for a in args[3].args:
                    if a.op == "lit" and isinstance(a.value, str):
                        self._person(loc, a.value)
            if call.value == "reached" and args and args[0].op == "lit" and \
                    args[0].value not in {st.id for st in self.sc.stages}:
                self.bad(loc, f"no stage {args[0].value!r}" + self._near(
                    str(args[0].value), [st.id for st in self.sc.stages]))
            if call.value in ("present", "at") and len(args) > (call.value == "at"):
                where = args[1 if call.value == "at" else 0]
                if where.op == "lit" and isinstance(where.value, str):
                    self._place(loc, where.value)
            if call.value in ("happened", "times") and args:
                if args[0].op == "lit" and isinstance(args[0].value, str):
                    self._log_kind(loc, args[0].value)
                for a in args[1:]:
                    if a.op == "lit" and isinstance(a.value, str) and a.value:
                        self._person(loc, a.value)
            value_at = _VALUE_ARG.get(call.value)
            for i in (range(value_at, len(args), 2) if call.value == "present" and value_at
                      else [value_at] if value_at is not None else []):
                if i >= len(args):
                    continue
                claim, val = args[i - 1], args[i]
                if claim.op == "lit" and val.op == "lit" and isinstance(claim.value, str):
                    self._known_value(loc, claim.value, val.value)
        for n in cond.compared():
            # fact("x.y") == "v", value("ada", "x.y") != "v", concluded("x.y") == "v"
            call, other = n
            at = _CLAIM_ARG.get(call.value)
            if call.value in ("fact", "value", "concluded") and at is not None and \
                    len(call.args) > at and call.args[at].op == "lit" and other.op == "lit":
                self._known_value(loc, call.args[at].value, other.value)

    def _log_kind(self, loc: tuple, what: str) -> None:
        """`happened`/`times` name one of the scenario's events or a kind of thing the
        world log records; anything else never happens ('hearin' for 'hearing')."""
        known = {e.id for e in self.sc.events} | LOG_KINDS
        if what not in known:
            self.warnings.append((self.lines.line_of(loc), _loc_name(loc),
                                  f"no event or kind of event {what!r}, so this condition "
                                  "may never hold" + self._near(what, known)))


# A claim a condition names: "subject.attribute", or what one believes another believes.
_CONDITION_CLAIM = re.compile(r"[a-z][a-z0-9_]*\.(?:believes [a-z][a-z0-9_]*\.)?"
                              r"[a-z][a-z0-9_]*")
# Which argument of a condition function is a claim ("subject.attribute").
_CLAIM_ARG = {"fact": 0, "believes": 1, "heard": 1, "value": 1, "confidence": 1, "knows": 1,
              "count_believers": 0, "concluded": 0, "present": 1}
@dataclass(frozen=True)
class _Stated:
    """A claim = value stated elsewhere than in a Statement (a resident's scripted lie)."""

    claim: str
    value: str


# Which argument of a condition function is its min_confidence.
_CONFIDENCE_ARG = {"believes": 3, "count_believers": 2}
# Which argument of a condition function is the value it asks about (after the claim).
_VALUE_ARG = {"believes": 2, "heard": 2, "count_believers": 1, "present": 2}
# What the world log records, by kind, besides a scenario's own events (by id): its events'
# kinds, residents' actions, and the player's and residents' doings (game.acts, game.talk,
# game.player). A test holds this to every kind the game writes.
LOG_KINDS = {*EVENT_KINDS, *ACTIONS, "ask_who", "bring", "conclude", "ending", "letter",
             "mediate", "react", "realise", "reply", "report", "show", "speak", "stage",
             "talk", "why"}
BUILTIN_ATTRIBUTES = {"location", "accused_by", "avoid", "break_off", "reconcile",
                      "administer", "owner", "rival_of", "friend_of", "gains_from"}


def _near(x: str, names, people: bool = False) -> str:
    """' (did you mean …?)', or of 'player' where a resident is wanted, that there is none (a
    place named 'player' in a story with one was told it had none; a review)."""
    if x == PLAYER and people:
        return " (this scenario has no [player]: nobody plays it)"
    near = get_close_matches(x, list(names), n=1)
    return f" (did you mean {near[0]!r}?)" if near else ""
