"""Author and debugger commands on saves: `edit` a memory, list the `edits`, `diff` two towns.

    hearsay edit SAVE fen ada_key.moved_by --implant cy [--confidence 60]
    hearsay edit SAVE fen ada_key.moved_by --distort [VALUE] [--confidence 30]
    hearsay edit SAVE fen ada_key.moved_by --suppress
    hearsay edit SAVE --undo 3
    hearsay edits SAVE [--json]
    hearsay diff SAVE_A SAVE_B [--resident R] [--claim S.A] [--json]

An edit writes the save it was given, in place and atomically (a temporary file renamed over
it): the edited town is the point, and `run --load SAVE` continues it. A refused edit — an
unknown resident, a claim the resident holds no belief about, a value the scenario has no
word for — exits 2 and leaves the save as it was.
"""

from __future__ import annotations

import json

import click

from game import (
    CommandError,
    SaveError,
    clock,
    diff_towns,
    edit_memory,
    resident_named,
    undo_edit,
)
from game.copresence import slot_minute, when_words
from memory import InvalidEvidence

from .cli import _bad, _open, main
from .labels import edit_words as edit_line
from .labels import value_label
from .termsafe import clean


@main.command()
@click.argument("save", type=click.Path(dir_okay=False))
@click.argument("resident", required=False)
@click.argument("claim", required=False)
@click.option("--implant", "implant", metavar="VALUE", help="Put VALUE in the memory as the "
              "held value (implanted evidence).")
@click.option("--distort", "distort", metavar="[VALUE]", is_flag=False, flag_value="",
              default=None, help="Change the memory: to VALUE, and/or to --confidence.")
@click.option("--suppress", is_flag=True, help="Make the memory unrecallable now.")
@click.option("--undo", "undo", type=click.IntRange(min=1, max=2**62), metavar="EDIT_ID",
              help="Undo an earlier edit (itself an edit; nothing is deleted).")
@click.option("--confidence", type=click.IntRange(0, 100), default=None,
              help="How sure the resident is of the edited memory, 0..100.")
@click.option("--by", default="author", show_default=True, help="Who makes the edit.")
def edit(save: str, resident: str | None, claim: str | None, implant: str | None,
         distort: str | None, suppress: bool, undo: int | None, confidence: int | None,
         by: str) -> None:
    """Edit a resident's memory in a save (written in place), or undo an edit."""
    chosen = [n for n, on in (("--implant", implant is not None),
                              ("--distort", distort is not None), ("--suppress", suppress),
                              ("--undo", undo is not None)) if on]
    if len(chosen) != 1:
        raise _bad("give one of --implant VALUE, --distort [VALUE], --suppress or --undo "
                   "EDIT_ID" + (f" (not {' and '.join(chosen)})" if chosen else ""))
    if undo is not None and (resident or claim or confidence is not None):
        raise _bad("--undo takes only the edit's number: hearsay edit SAVE --undo EDIT_ID")
    if undo is None and not (resident and claim):
        raise _bad("name whose memory and which claim: hearsay edit SAVE RESIDENT "
                   "SUBJECT.ATTR ...")
    sim = _open(save)
    try:
        if undo is not None:
            e = undo_edit(sim, undo, by=by)
        else:
            with sim.names().as_author() as words:  # the author names anything in it
                rid = words.resident(resident)
                c = words.claim(claim)
                kind = chosen[0][2:]
                value = implant if kind == "implant" else (distort or None)
                if value is not None:
                    value = words.value(c, value)
            e = edit_memory(sim, kind, rid, c, value=value, confidence=confidence, by=by)
    except (CommandError, InvalidEvidence) as exc:
        raise _bad(getattr(exc, "reason", None) or str(exc)) from None
    try:
        sim.save(save)
    except SaveError as exc:
        raise _bad(str(exc)) from None
    click.echo(edit_line(sim, e))
    click.echo(f"saved {save}")


@main.command()
@click.argument("save", type=click.Path(dir_okay=False))
@click.option("--resident", "-r", default=None, help="Only this resident's memory.")
@click.option("--json", "as_json", is_flag=True, help="Print JSON.")
def edits(save: str, resident: str | None, as_json: bool) -> None:
    """Every memory edit in a save, oldest first: who, when, what, undone or discovered."""
    sim = _open(save)
    if resident is not None:
        resident = resident_named(sim, resident) or resident
    if resident is not None and resident not in sim.people:
        raise _bad(f"no resident {resident!r} in this save")
    rows = sim.store.edits(resident)
    if as_json:
        click.echo(json.dumps([json.loads(e.model_dump_json()) for e in rows], indent=2))
        return
    if not rows:
        click.echo("no memory edits in this save")
    for e in rows:
        click.echo(edit_line(sim, e))


@main.command()
@click.argument("save_a", type=click.Path(dir_okay=False))
@click.argument("save_b", type=click.Path(dir_okay=False))
@click.option("--resident", "-r", default=None, help="Only this resident's beliefs.")
@click.option("--claim", "claim", default=None, help="Only this claim (SUBJECT.ATTRIBUTE).")
@click.option("--json", "as_json", is_flag=True, help="Print JSON (ids, minutes).")
def diff(save_a: str, save_b: str, resident: str | None, claim: str | None,
         as_json: bool) -> None:
    """Compare two saves: the beliefs that differ, and where each pair of histories parts."""
    a, b = _open(save_a), _open(save_b)
    if resident is not None:
        resident = resident_named(a, resident) or resident_named(b, resident) or resident
    if resident is not None and resident not in a.people and resident not in b.people:
        raise _bad(f"no resident {resident!r} in either save")
    if claim is not None and "." not in claim:
        raise _bad(f"--claim {claim!r} is not of the form subject.attribute")
    d = diff_towns(a, b, resident=resident, claim=claim)
    if as_json:
        click.echo(json.dumps(d.as_dict(), indent=2))
        return
    for line in diff_lines(a, b, d):
        # (a save's words are its scenario's: a title with a NUL or an escape sequence
        # reached the terminal as written; a hostile-input test)
        click.echo(clean(line))


def diff_lines(a, b, d) -> list[str]:
    out = [f"A: {a.sc.scenario.title}, seed {a.world.meta('seed')}, at {clock.fmt(d.a_time)}",
           f"B: {b.sc.scenario.title}, seed {b.world.meta('seed')}, at {clock.fmt(d.b_time)}"]
    if d.log is None:
        out.append("The world logs are the same.")
    else:
        p = d.log
        out.append(f"The towns parted at {clock.fmt(p.at)}, after {p.index} events in common:")
        out.append(f"  A: {p.a.summary if p.a else '(nothing more)'}")
        out.append(f"  B: {p.b.summary if p.b else '(nothing more)'}")
    if a.sc.scenario.id != b.sc.scenario.id:
        # Two stories share no history: every belief of each is a difference (786 lines of
        # them, said with no word of why; a hostile-input test).
        out.append(f"(These are two stories, {a.sc.scenario.id} and {b.sc.scenario.id}: "
                   "every belief of either differs. diff compares runs of one story.)")
    if not d.beliefs:
        out.append("No belief differs.")
        return out
    n = len(d.beliefs)
    out.append(f"{n} belief{'s differ' if n != 1 else ' differs'}:")
    for x in d.beliefs:
        own = a if x.resident in a.people else b  # (named in the story that has them)
        out.append(f"  {own.name(x.resident)} — {_claim_words(own, x.claim)}: "
                   f"A {_side(a, x.claim, x.a)} · B {_side(b, x.claim, x.b)}")
        if x.parted is not None:
            out.append(f"    parted {clock.fmt(x.parted.at)}: A {_step(a, x.claim, x.parted.a)}"
                       f" · B {_step(b, x.claim, x.parted.b)}")
    return out


def _claim_words(sim, claim: str) -> str:
    """'where Eli was between 09:00 and 10:00 on day 1': a claim of where someone was covers
    an hour, and ten "Eli — where Eli was" lines could not be told apart (a developer's
    trial)."""
    words = sim.say_claim(claim)
    attribute = claim.partition(".")[2]
    return f"{words} {when_words(attribute)}" if slot_minute(attribute) is not None else words


def _value(sim, claim: str, value: str | None) -> str:
    return value_label(sim, value, claim.partition(".")[2]) if value is not None else "—"


def _side(sim, claim: str, s) -> str:
    if s is None:
        return "no belief"
    edited = f" · edited: {', '.join(s.edits)}" if s.edits else ""
    return f"{_value(sim, claim, s.value)} {s.confidence} {s.state} ({s.source}){edited}"


def _step(sim, claim: str, v) -> str:
    if v is None:
        return "(no more history)"
    return f"{clock.fmt(v.at)} {v.cause} {_value(sim, claim, v.value)} {v.confidence}"
