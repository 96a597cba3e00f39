"""Writing a misremembering: the belief as recalled, the rule applied, the change written.

`memory.misremember` holds the rules as pure functions; this is the store's side of them — one
transaction that writes the changed (or new) belief, its "misremembered" history version and a
memory event, and nothing else: the evidence keeps what was taken in.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING

from . import args as check
from . import lifecycle, unwritten
from . import misremember as rules
from .codec import (
    INSERT_BELIEF,
    SELECT_BELIEF,
    UPDATE_BELIEF,
    row_from_state,
    state_from_row,
    update_params,
)
from .errors import InvalidEvidence
from .history import INSERT_VERSION, last_evidence

if TYPE_CHECKING:
    from .store import MemoryStore


def _values(name: str, given):
    """A list of ids (or a function giving one, checked when called): a bare string was
    taken letter by letter, and memories drifted to 'r' and 'e' (a developer's mistake)."""
    if callable(given):
        return given
    if isinstance(given, str | bytes) or not isinstance(given, Sequence | set | frozenset):
        raise InvalidEvidence(name, f"a list of values, got {type(given).__name__}"
                              + (" (a string: put it in a list)" if isinstance(given, str)
                                 else ""))
    return [check.ident(name, v) for v in given]


def misremember(store: MemoryStore, resident: str, subject: str, attribute: str, now: int, *,
                accessibility: float, trait: float,
                similar: Callable[[], Sequence[str]] | Sequence[str] = (),
                stand_ins: Callable[[], Sequence[str]] | Sequence[str] = (),
                ) -> rules.Misremembering | None:
    """See `MemoryStore.misremember`."""
    now = check.time("now", now)
    resident = check.ident("resident", resident)
    subject = check.ident("subject", subject)
    attribute = check.ident("attribute", attribute)
    for name, x in (("accessibility", accessibility), ("trait", trait)):
        if isinstance(x, bool) or not isinstance(x, int | float) or not 0.0 <= x <= 1.0:
            raise InvalidEvidence(name, f"{name} is a number between 0 and 1, got {x!r}")
    similar, stand_ins = _values("similar", similar), _values("stand_ins", stand_ins)
    p = store.params
    odds = rules.chance(p, trait, accessibility)
    if odds <= 0 or rules.draw(store.seed, resident, subject, attribute, now) >= odds:
        return None
    claim = store._claim_id(subject, attribute)
    row = store.db.execute(f"{SELECT_BELIEF} WHERE b.resident = ? AND b.claim_id = ?",
                          (resident, claim)).fetchone() if claim is not None else None
    if row is None:
        return None
    b = store._evoked_state(state_from_row(row))
    lifecycle.catch_up(store, [b])  # recalled, and about to be rewritten (memory.lifecycle)
    if b.state == "past":
        return None
    values = [v for v in (_values("similar", similar()) if callable(similar) else similar)
              if v != b.value and b.cand(v) is None]
    people = [x for x in (_values("stand_ins", stand_ins()) if callable(stand_ins) else
                          stand_ins)
              if x not in (subject, resident) and store.belief(resident, x, attribute,
                                                              history=False) is None]
    kind = rules.choose(p, rules.draw(store.seed, "how", resident, subject,
                                                  attribute, now),
                              can_mutate=bool(values), can_stand_in=bool(people))
    if kind is None:
        return None
    pick = rules.draw(store.seed, "which", resident, subject, attribute, now)
    was = b.value
    with store._tx():
        held_evidence = b.held().evidence_id
        if kind == rules.MUTATION:
            new = values[int(pick * len(values))]
            note = rules.mutate(b, new, now)
            store.db.conn.execute(UPDATE_BELIEF, update_params(b, store.params, 0))
            store._rewrote(b, reworded=True)  # its new words are indexed at the next recall
            versions = [(b.id, now, rules.CAUSE, b.value, b.confidence, b.state,
                         held_evidence, note)]
            out = rules.Misremembering(kind, resident, subject, attribute, was, new,
                                             chance=odds)
        else:
            other = people[int(pick * len(people))]
            nb, note = rules.stand_in(b, other, now, kind)
            claims = store._claims_for([(other, attribute)])
            nb.claim_id = claims[(other, attribute)][0]
            nb.id = unwritten.next_id(store.db.conn)
            store.db.conn.execute(INSERT_BELIEF, row_from_state(nb, store.params, 0))
            store._rewrote(nb, new=True)
            versions = [(nb.id, now, rules.CAUSE, nb.value, nb.confidence, nb.state,
                         held_evidence, note)]
            if kind == rules.TRANSFERENCE:
                note = rules.displaced(b, other, now)
                store.db.conn.execute(UPDATE_BELIEF, update_params(
                    b, store.params, store._indexed_flag(b.resident, b.id)))
                store._rewrote(b)
                versions.append((b.id, now, rules.CAUSE, b.value, b.confidence,
                                 b.state, held_evidence, note))
            out = rules.Misremembering(kind, resident, subject, attribute, was, was,
                                             stand_in=other, chance=odds)
        after = last_evidence(store)
        store.db.conn.executemany(INSERT_VERSION, [v + (after,) for v in versions])
        store._event(now, resident, b.id, "misremembered", kind)
    store._flush_unless_deferred()
    return out
