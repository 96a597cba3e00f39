"""Checks of who says what, to whom and why (issue 10), for the scenario loader's `Checker`:
a lie's motive and alibi, where relayed words come from and whether they can reach their
listener, a reaction's target being a resident, and the `[memory]` numbers agreeing with each
other. Each takes the checker and reports through it, with the line of the key at fault.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from pydantic import ValidationError

from .. import clock

if TYPE_CHECKING:
    from .loader import Checker

PLAYER = "player"
# Reactions whose action is done to a person: their target must be a resident.
PERSON_ACTIONS = ("ask", "confront", "accuse", "report", "avoid", "administer", "break_off",
                  "reconcile")


def motive(ck: Checker, loc: tuple, liar: str, lie) -> None:
    m = lie.motive
    if lie.alibi:
        ck._place(loc + ("alibi",), lie.alibi)
        if m is None or m.kind != "protect_self":
            ck.bad(loc + ("alibi",), "an alibi protects the liar: give motive = { kind = "
                     '"protect_self" }')
    if m is None:
        return
    if m.about:
        ck._person(loc + ("motive", "about"), m.about)
    elif m.kind in ("protect_friend", "harm_rival"):
        ck.bad(loc + ("motive", "about"), f"a {m.kind} motive names whom it is about")
    for who in m.known_to:
        ck._person(loc + ("motive", "known_to"), who)
        if who == liar:
            ck.bad(loc + ("motive", "known_to"), "the liar knows their own motive; "
                     "known_to lists the others who know of it")
    if m.known_to and m.claim is None and m.kind == "protect_self":
        ck.bad(loc + ("motive", "claim"), "what do they know? A protect_self motive "
                 "names its claim (and value) for known_to to hold")

def reaction_target(ck: Checker, i: int, r) -> None:
    """An action done to someone (accuse, confront, avoid, ...) needs a resident to do it
    to: a belief about an animal or a thing names nobody to accuse."""
    if r.action not in PERSON_ACTIONS or r.target not in ("subject", "value"):
        return
    subj = r.believes.claim.split(".")[0]
    named = subj if r.target == "subject" else r.believes.value
    if named.startswith("?") or named in ck.people:
        return
    what = ("an object" if named in ck.objects else "a place" if named in ck.places
            else "not a resident")
    ck.bad(("reactions", i, "target"), f"the target is the belief's {r.target}, "
             f"{named!r} — {what}: only a resident can be the target of {r.action}")

def memory(ck: Checker) -> None:
    """The `[memory]` numbers each pass their own bounds in the schema; here, the rules
    between them (hearsay_high at least hearsay_low, and so on)."""
    try:
        ck.sc.memory_params()
    except ValidationError as exc:
        for err in exc.errors():
            msg = err["msg"].removeprefix("Value error, ")
            if msg.startswith("[") and "] " in msg:
                fld, msg = msg[1:].split("] ", 1)
                ck.bad(("memory", fld), msg)
            else:
                ck.bad(("memory",), msg)

def relay(ck: Checker, i: int, e) -> None:
    """Where scripted words come from, and whether they can reach their listener."""
    loc = ("events", i)
    if e.heard_from:
        ck._person(loc + ("heard_from",), e.heard_from)
    if e.origin and e.origin not in ck.documents and e.origin not in ck.objects:
        ck._person(loc + ("origin",), e.origin)
    if e.heard_from or e.origin:
        key = "heard_from" if e.heard_from else "origin"
        if e.kind not in ("say", "announce"):
            ck.bad(loc + (key,), f"only a say or announce passes words on, not a {e.kind}")
        elif e.basis != "heard":
            ck.bad(loc + ("basis",), "words passed on from someone else have basis = "
                     '"heard"')
    if e.by == "letter":
        if e.kind != "say":
            ck.bad(loc + ("by",), f'only a say can be a letter, not a {e.kind}')
        elif not e.target:
            ck.bad(loc + ("target",), "a letter needs a target to read it")
    elif e.kind == "say" and e.target and e.actor and e.target != PLAYER:
        same_place(ck, loc, e)

def same_place(ck: Checker, loc: tuple, e) -> None:
    """A spoken `say` needs speaker and listener in one place then (by their schedules);
    otherwise it is a letter. Only events in play are checked: the backstory is heard by
    nobody."""
    at = clock.parse_when(e.at)
    if at < clock.parse_when(ck.sc.scenario.start):
        return
    at = clock.align(at)  # it is said in its tick, among those moved there for that minute
    if ck._people is None:
        from ..people import from_scenario

        ck._people = {r.id: from_scenario(r) for r in ck.sc.residents}
    speaker, listener = ck._people.get(e.actor), ck._people.get(e.target)
    if speaker is None or listener is None:
        return  # already reported as unknown
    when = clock.fmt(at)
    s_status, s_place = speaker.status_at(at)
    where = e.place or s_place
    if s_status != "awake":
        ck.bad(loc + ("actor",), f"{e.actor} is {s_status} at {when}: nobody speaks then "
                 '(a letter can be sent: by = "letter")')
        return
    t_status, t_place = listener.status_at(at)
    if t_status != "awake":
        ck.bad(loc + ("target",), f"{e.target} is {t_status} at {when}, so cannot hear "
                 f'{e.actor} — make it a letter (by = "letter")')
    elif t_place != where:
        ck.bad(loc + ("target",), f"{e.target} is at {t_place} at {when}, not at {where} "
                 f'with {e.actor}: a spoken say needs them in one place — or by = "letter"')
