"""Checks of what a scenario can never reach, for the scenario loader's `Checker`: an ending
another always pre-empts, a `when` that can never hold, a hidden spot nothing leads the player
to, a reaction for nobody or waiting for a value nothing states, and times off the clock's
10-minute tick (a first-time author's scenarios whose winning ending could never happen all
passed `validate`). Warnings, each with the line of the key at fault: the story still runs.

Each rule is the engine's own: endings as `game.sim.Simulation._check_endings` judges them
(in file order after every tick, the first that holds ends the story; one with `at` only in
the tick that reaches it), leads as `game.player.has_lead` finds them (a value the player
holds or has heard that is the spot).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from .. import clock
from ..conditions import Condition, ConditionError, Node
from .model import check_when

if TYPE_CHECKING:
    from .loader import Checker

UNKNOWN: Any = object()  # a part of a condition only the running town can answer


def constant(n: Node) -> Any:
    """The value of condition node `n` if it is the same whatever the town does ('false',
    'not true', '1 == 2', 'time("day 2 09:00") < time("day 1 09:00")'), else UNKNOWN."""
    op = n.op
    if op == "lit":
        return n.value
    if op == "not":
        v = constant(n.args[0])
        return UNKNOWN if v is UNKNOWN else not v
    if op in ("and", "or"):
        vals = [constant(a) for a in n.args]
        decided = [bool(v) for v in vals if v is not UNKNOWN]
        if op == "and" and False in decided:
            return False
        if op == "or" and True in decided:
            return True
        return UNKNOWN if len(decided) < len(vals) else (op == "and")
    if op == "cmp":
        a, b = (constant(x) for x in n.args)
        if a is UNKNOWN or b is UNKNOWN:
            return UNKNOWN
        try:
            return {"==": a == b, "!=": a != b}[n.value] if n.value in ("==", "!=") else \
                {"<": lambda: a < b, "<=": lambda: a <= b, ">": lambda: a > b,
                 ">=": lambda: a >= b}[n.value]()
        except TypeError:
            return UNKNOWN
    if op == "call" and n.value == "time" and n.args and n.args[0].op == "lit":
        try:
            return check_when(n.args[0].value)
        except (ValueError, TypeError):
            return UNKNOWN
    return UNKNOWN


def truth(text: str | None) -> bool | None:
    """True or False when condition `text` always or never holds, None when it depends on
    the town (or does not parse: that is reported elsewhere). No `when` is "true"."""
    try:
        v = constant(Condition(text if text is not None else "true").node)
    except ConditionError:
        return None
    return None if v is UNKNOWN else bool(v)


def _up(minute: int) -> int:
    """The tick that reaches `minute`: the first tick at or after it."""
    return -(-minute // clock.TICK) * clock.TICK


# -- endings and stages -----------------------------------------------------------------------


def endings(ck: Checker) -> None:
    """Endings that can never come, by the engine's rule: endings are judged after every tick
    (the first at the start's tick plus one), in file order, and the first that holds ends the
    story; one with `at` is judged only in the tick that reaches its time. So an ending whose
    `when` always holds ends the story by its tick — in its own tick before any later in the
    list, and before any ending judged only later — and one whose `when` never holds never
    comes. Stages whose `when` never holds are never reached."""
    sc = ck.sc
    begin = clock.align(clock.parse_when(sc.scenario.start))
    first = begin + clock.TICK
    ticks: list[int | None] = []
    always: list[bool] = []
    for i, e in enumerate(sc.endings):
        tick = _up(clock.parse_when(e.at)) if e.at is not None else None
        holds = truth(e.when)
        ticks.append(tick)
        loc = ("endings", i, "when") if e.when is not None else ("endings", i, "at")
        if holds is False:
            _warn(ck, loc, f"{e.when!r} never holds, whatever happens, so this ending never "
                  "comes")
        if tick is not None and tick <= begin and clock.parse_when(e.at) >= clock.parse_when(
                sc.scenario.start):
            _warn(ck, ("endings", i, "at"), f"checked at {clock.fmt(clock.parse_when(e.at))}, "
                  f"the start: endings are first judged a tick later, at {clock.fmt(first)}, "
                  "so this one never comes")
            holds = False  # (never judged: it pre-empts nothing)
        always.append(holds is True)
        if holds is True and tick is None and e.when is not None:
            _warn(ck, loc, f"{e.when!r} always holds and the ending has no `at`, so it ends "
                  f"the story at the first tick, {clock.fmt(first)}: give it an `at`, or a "
                  "`when` that waits for something")
    ends = [(t if t is not None else first, i) for i, t in enumerate(ticks) if always[i]]
    end_tick, ender = min(ends) if ends else (None, None)
    for j, e in enumerate(sc.endings):
        if truth(e.when) is False:
            continue  # (said above)
        tick = ticks[j]
        earlier = next((i for i in range(j) if always[i] and (
            ticks[i] is None or ticks[i] == tick)), None)
        if earlier is not None:
            other = sc.endings[earlier]
            when = f"at {clock.fmt(ticks[earlier] or first)}"
            _warn(ck, ("endings", j), f"never comes: endings[{earlier}] ({other.id!r}), "
                  f"earlier in the list, always holds {when} and is judged first (endings "
                  "are judged in file order, and the first that holds ends the story) — "
                  "move this one above it, or give that one a `when`")
        elif tick is not None and end_tick is not None and tick > end_tick and ender != j:
            other = sc.endings[ender]
            _warn(ck, ("endings", j, "at"), f"never comes: it is judged at {clock.fmt(tick)}, "
                  f"but endings[{ender}] ({other.id!r}) always holds at "
                  f"{clock.fmt(end_tick)} and ends the story before then")
    for i, st in enumerate(sc.stages):
        if truth(st.when) is False:
            _warn(ck, ("stages", i, "when"), f"{st.when!r} never holds, whatever happens, so "
                  "this stage is never reached")
    for key, items in (("endings", sc.endings), ("stages", sc.stages)):
        for i, x in enumerate(items):
            kind = _not_yes_or_no(x.when) if x.when is not None else None
            if kind == "num":
                # `when = "now()"` ended the story at its first tick, unwarned (a scenario
                # fuzz): a number holds whenever it is not 0.
                _warn(ck, (key, i, "when"), f"{x.when!r} is a number, not a yes or a no: it "
                      "holds whenever it is not 0 — compare it, like now() >= time(\"day 3 "
                      "18:00\") or times(\"accuse\") > 1")
            elif kind == "str":
                # `when = 'fact("cy.barred")'` held once it was set to anything, "no" too
                # (a review).
                _warn(ck, (key, i, "when"), f"{x.when!r} is words, not a yes or a no: it "
                      "holds whenever they are not empty, \"no\" too — compare them, like "
                      "fact(\"cy.barred\") == \"yes\"")


def _not_yes_or_no(text: str) -> str | None:
    """"num" or "str" if the condition, or a part joined by and, or or not, is a number or
    words where a yes or a no is wanted; None if it is one throughout (or fails to parse:
    that is an error of its own)."""
    from ..conditions import _type

    try:
        node = Condition(text).node
        parts = [node]
        while parts:
            n = parts.pop()
            if n.op in ("and", "or", "not"):
                parts += n.args
                continue
            kind = _type(n)
            if kind in ("num", "str"):
                return kind
    except ConditionError:
        return None
    return None


# -- hidden spots -----------------------------------------------------------------------------


def lead_sources(ck: Checker) -> list[tuple[str | None, str]]:
    """(claim, value) of every value someone in town can come to hold or hear: what residents
    and the player believe, lies and what is known of a liar's motive, edits, papers and
    clues, what events in play say, change, reveal, seem and move things to, what reactions
    change. Not an object's place at the start, nor the backstory: nobody perceives those.
    (The claim is None where the source names none.)"""
    sc = ck.sc
    begin = clock.align(clock.parse_when(sc.scenario.start))
    out: list[tuple[str | None, str]] = [(b.claim, b.value) for b in sc.beliefs]
    for r in sc.residents:
        for lie in r.lies:
            out.append((lie.claim, lie.value))
            if lie.motive is not None and lie.motive.value:
                out.append((lie.motive.claim, lie.motive.value))
    for d in sc.documents:
        out += [(s.claim, s.value) for s in d.says]
    for o in sc.objects:
        out += [(s.claim, s.value) for s in o.shows]
    for r in sc.reactions:
        out += [(s.claim, s.value) for s in [*r.effects, *r.reveals]]
    for e in sc.events:
        if e.kind == "edit":
            if e.value:
                out.append((e.claim, e.value))
            continue
        if clock.parse_when(e.at) < begin:
            continue  # the backstory: perceived by nobody
        out += [(s.claim, s.value) for key in ("says", "effects", "reveals", "seen_as")
                for s in getattr(e, key)]
        if e.to:
            out.append((f"{e.object}.location" if e.object else None, e.to))
    return out


def leads(ck: Checker) -> set[str]:
    """Every value someone in town can come to hold or hear (`lead_sources`)."""
    return {v for _, v in lead_sources(ck)}


def hidden(ck: Checker) -> None:
    """A hidden spot is searched only by a player with a lead (`game.player.has_lead`): a
    value they hold or have heard that is the spot. If nothing in the scenario ever gives
    anyone that value, no player can ever search it, and what lies there is never found."""
    led = None
    for i, p in enumerate(ck.sc.places):
        for h in p.hidden:
            if h not in p.spots:
                continue  # (an error already)
            spot = f"{p.id}.{h}"
            if led is None:
                led = leads(ck)
            if spot in led:
                if (unmet := _only_through_secrets(ck, spot)):
                    _warn(ck, ("places", i, "hidden"), f"the only leads to {spot!r} are about "
                          f"{' and '.join(repr(x) for x in unmet)}, a secret thing nothing "
                          "brings up: the player cannot ask about it before meeting it, and "
                          "whoever knows tells it only when asked (importance 0) — let "
                          "someone name it (a belief with it as its value, or of importance "
                          "above 0), or make it no secret")
                continue
            there = [o.name for o in ck.sc.objects if o.location == spot] + [
                ck.objects[e.object].name for e in ck.sc.events
                if e.to == spot and e.object in ck.objects]
            there = list(dict.fromkeys(there))
            lying = f" ({', '.join(there)} {'lies' if len(there) == 1 else 'lie'} there)" \
                if there else ""
            _warn(ck, ("places", i, "hidden"), f"nothing leads the player to {spot!r}"
                  f"{lying}: no belief, lie, document, clue or event in play has the value "
                  f"{spot!r}, so no player can ever search it — give someone in town that "
                  f"knowledge ([[beliefs]] with value = \"{spot}\")")


def _only_through_secrets(ck: Checker, spot: str) -> list[str]:
    """The secret things that every lead to `spot` is about, when nothing brings any of them
    up (an author's clue lay in a hidden spot whose one lead was a belief, of importance 0,
    about a secret scrap of banner: `validate` passed, and no player could ever ask about it).
    A secret thing is brought up by any lead naming it as its value, any lead about it but a
    belief of importance 0, a question of the case (an ending's `explain`), or the brief."""
    sc = ck.sc
    secret = {o.id for o in sc.objects if o.secret}
    if not secret:
        return []
    sources = lead_sources(ck)
    to_spot = [c for c, v in sources if v == spot]
    about = {c.partition(".")[0] if c else None for c in to_spot}
    if not about or not about <= secret:
        return []  # a lead about something met, or a move seen, reaches the player
    named = {v for _, v in sources}
    # (`lead_sources` begins with the beliefs: one of importance 0 is told only when asked)
    named |= {c.partition(".")[0] for c, _ in sources[len(sc.beliefs):] if c}
    named |= {b.claim.partition(".")[0] for b in sc.beliefs if _importance(sc, b) > 0}
    named |= {c.partition(".")[0] for e in sc.endings for c in e.explain}
    named |= {t.claim.partition(".")[0] for t in sc.scenario.brief_tells}
    return sorted(x for x in about if x not in named)


def _importance(sc, b) -> int:
    if b.importance is not None:
        return b.importance
    a = sc.attributes.get(b.claim.partition(".")[2])
    return a.importance if a is not None else 3


# -- reactions --------------------------------------------------------------------------------


def reaction_who(ck: Checker, i: int, r) -> None:
    if r.who == []:
        _warn(ck, ("reactions", i, "who"), 'who = [] is a reaction for nobody, so it never '
              'fires: name residents (who = ["ada"]) or write who = "anyone"')
    elif r.who != "anyone" and "player" in r.who:
        # The player acts by their own commands; a reaction of theirs never fires (it passed
        # unsaid: a scenario fuzz).
        _warn(ck, ("reactions", i, "who"), "the player acts by their own commands, not by "
              "reactions: this never fires for them")


# -- the tick ---------------------------------------------------------------------------------


def ticks(ck: Checker) -> None:
    """Times off the clock's 10-minute tick, where the rounding changes when something
    happens: the start and events in play run in the tick their minute falls in (rounded
    down); an ending's `at` and a goal's `by` are judged in the tick that reaches them
    (rounded up). (Whereabouts — schedules, sleep, visits, absences — change on the tick too,
    and beliefs' `at` are kept to the minute: those are not warned of.)"""
    sc = ck.sc
    why = "the clock moves in 10-minute ticks"
    start = clock.parse_when(sc.scenario.start)
    begin = clock.align(start)
    if start != begin:
        _warn(ck, ("scenario", "start"), f"{clock.fmt(start)} starts at {clock.fmt(begin)}: "
              f"{why}")
    for i, e in enumerate(sc.events):
        at = clock.parse_when(e.at)
        if at % clock.TICK and at >= begin:
            _warn(ck, ("events", i, "at"), f"{clock.fmt(at)} runs at "
                  f"{clock.fmt(clock.align(at))}: {why}")
    for i, e in enumerate(sc.endings):
        if e.at is not None and (at := clock.parse_when(e.at)) % clock.TICK:
            _warn(ck, ("endings", i, "at"), f"{clock.fmt(at)} is judged at "
                  f"{clock.fmt(_up(at))}, the tick that reaches it: {why}")
    for i, g in enumerate(sc.goals):
        if g.by is not None and (at := clock.parse_when(g.by)) % clock.TICK:
            _warn(ck, ("goals", i, "by"), f"{clock.fmt(at)} comes at {clock.fmt(_up(at))}, "
                  f"the tick that reaches it (the deadline's notice then): {why}")


def _warn(ck: Checker, loc: tuple, msg: str) -> None:
    from .loader import _loc_name

    ck.warnings.append((ck.lines.line_of(loc), _loc_name(loc), msg))
