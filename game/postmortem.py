"""The post-mortem of an ending: what decided it, in words and as data.

An ending names the claims it turns on (`explain`). For each, the post-mortem gives the truth
and what the town held at the end; for the people whose beliefs decided the ending — those a
condition counted (the council's vote, the ending's own test) and those who acted on the claim
(an accusation, a break, a remedy given) — which value they held, how sure, and on whose word,
teller by teller back to where it started. For a lost ending that is the cause, in one line:
"Gus, Eli and Hana believed Ada's key was moved by Cy — from Bo, who said he saw it."

Then what the player did, as it visibly landed (each reaction a world event: `game.visible`),
sorted into what helped and what made things worse — and whether the player's own word is
somewhere in the chain behind a decider's false belief (a rumour that reached the council).

The game is over when this is read, so it shows whole minds and the truth; it is the same data
for `hearsay run` (text and `--json`), the window's ending screen and `hearsay sweep`.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import TYPE_CHECKING

from . import clock
from .acts import clue_seen
from .conditions import Condition, ConditionError, at_least, value_of
from .ctx import ConditionContext
from .knowledge import questions
from .player import BRING_HOURS, PLAYER, and_list
from .sources import origin_name, read_at, told_by
from .sureness import sureness

if TYPE_CHECKING:
    from .town import Game

ACTS = ("accuse", "break_off", "administer", "report", "reconcile")  # acts on a belief
HELPED, HURT = "helped", "made it worse"


@dataclass(frozen=True)
class Holder:
    """One resident's belief about a claim at the end."""

    resident: str
    name: str
    claim: str
    value: str
    value_words: str
    confidence: int
    state: str
    true: bool | None
    source: str  # how they have it, in words: "told by Bo, who said he saw it"
    origin: str  # where it started: a resident's id, a document's, or "" (their own eyes)
    origin_name: str
    chain: list[str] = field(default_factory=list)  # the evidence chain, in words
    role: str = "counted"  # counted (a deciding condition names them) or acted (on it)
    you_in_chain: str = ""  # the path by which the player's own word reached them, if it did


@dataclass(frozen=True)
class Act:
    at: int
    time: str
    actor: str
    kind: str
    value: str | None
    summary: str
    claim: str = ""  # the claim acted on (of those the ending explains)


@dataclass(frozen=True)
class Move:
    """One visible effect of something the player did on one resident."""

    at: int
    time: str
    resident: str
    because: str  # told, shown, mediated
    change: str  # visible.Change.kind
    effect: str  # helped, made it worse, or "" (no difference)
    line: str


@dataclass
class ClaimReport:
    claim: str
    question: str
    truth: str | None
    truth_words: str
    held: dict[str, list[str]]  # value -> names of holders (not the player, not past)


@dataclass
class PostMortem:
    ending: str | None
    title: str
    win: bool | None
    at: int
    time: str
    claims: list[ClaimReport]
    deciders: list[Holder]
    acts: list[Act]
    moves: list[Move]
    cause: str  # one line: what decided a lost ending ("" when won or none)
    worse: list[str]  # what the player did that made things worse, in words
    open_minds: bool
    # A lost ending a winning one counted by heads: how many were where it wanted them, of how
    # many ("3 of the 5 needed were at the Schoolroom: …"); "" otherwise.
    headcount: str = ""
    # Who the player brought along and came round to what is so while with them, in words
    # ("day 2 11:00 Pat, brought along, came to believe … (read it on the notice board)").
    brought: list[str] = field(default_factory=list)

    def as_dict(self) -> dict:
        return asdict(self)

    def wrong(self) -> list[Holder]:
        """Those whose false belief decided a lost ending: the counted, else who acted."""
        return _wrong(self.deciders)

    def lines(self) -> list[str]:
        """The post-mortem in words, as `hearsay run` prints it."""
        won = "won" if self.win else "lost"
        out = [f"Ending: {self.title} ({won}), {self.time}"]
        for c in self.claims:
            if c.truth is not None:
                out.append(f"  The truth: {c.truth_words}.")
        if self.cause:
            out.append(f"  What decided it: {self.cause}")
        if self.headcount:
            out.append(f"  {self.headcount}")
        shown = [d for d in self.deciders if not self.win or d.true]
        if shown:
            out.append("  Whose beliefs decided it:")
            for d in shown:
                mark = "" if d.true is None else ("; right" if d.true else "; wrong")
                acted = " (acted on it)" if d.role == "acted" else ""
                did = [a for a in self.acts if a.actor == d.resident and a.claim == d.claim
                       and a.value is not None]
                if d.role == "acted" and did and did[-1].value != d.value:
                    # "Ada (acted on it): Dee" of Ada, who had accused Cy and learnt
                    # otherwise since (a playtest): what she acted on was another value.
                    acted = " (acted on another belief, since changed)"
                out.append(f"    {d.name}{acted}: {d.value_words}, {d.confidence}% sure{mark}"
                           f" — {d.source.partition(': ')[2] or d.source}")
                for step in d.chain[1:4]:
                    out.append(f"      ← {step}")
        if self.acts:
            out.append("  What people did about it:")
            out.extend(f"    {a.time}  {a.summary}" for a in self.acts[-8:])
        if self.moves:
            helped = [m for m in self.moves if m.effect == HELPED]
            hurt = [m for m in self.moves if m.effect == HURT]
            n = len(self.moves)
            same = n - len(helped) - len(hurt)
            out.append(f"  What you did: {n} reaction{'s' if n != 1 else ''} — "
                       f"{len(helped)} helped, {len(hurt)} made it worse"
                       + (f", {same} changed nothing" if same else ""))
            # What made it worse first, then what helped: eight of them, told in time order,
            # and how many more there were.
            picked = (hurt + helped)[:8]
            for m in sorted(picked, key=lambda m: m.at):
                out.append(f"    {m.time}  {m.line} ({m.effect})")
            # What is left, by what it did (it said "that helped or made it worse", which the
            # counts above already tell apart; a playtest).
            left_hurt = len(hurt) - sum(1 for m in picked if m.effect == HURT)
            left_helped = len(helped) - sum(1 for m in picked if m.effect == HELPED)
            more = [f"{k} more that {what}" for k, what in ((left_hurt, "made it worse"),
                                                            (left_helped, "helped")) if k]
            if more:
                out.append("    … and " + " and ".join(more))
            neither = n - len(hurt) - len(helped)
            if neither:
                # Not "made no difference to the ending": in a town where any move stirs
                # the dice, taking one out can turn it (an author bisected a random win).
                out.append(f"    ({neither} moved nobody toward or away from what is so)")
        if self.brought:
            out.append("  Whom you brought along, and what they came to believe with you:")
            out.extend(f"    {line}" for line in self.brought)
        for w in self.worse:
            out.append(f"  Worse: {w}")
        if self.open_minds:
            out.append("  Open minds was on during this game.")
        return out


def post_mortem(sim: Game) -> PostMortem | None:
    """The post-mortem of the ending reached, or None while the story runs."""
    if not sim.ending:
        return None
    e = next(x for x in sim.sc.endings if x.id == sim.ending)
    ended = next((r["at"] for r in sim.world.log(kind="ending")), sim.now)
    claims = [_claim_report(sim, c) for c in e.explain]
    explain = set(e.explain)
    acts = [Act(r["at"], clock.fmt(r["at"]), r["actor"], r["kind"], r.get("value"),
                r["summary"], r.get("claim") or "") for r in sim.world.log()
            if r["kind"] in ACTS and r.get("claim") in explain and r["actor"] != PLAYER]
    deciders = _deciders(sim, e, explain, acts)
    # What the player's moves did to any of the case's questions: telling Ada where her key
    # is set her looking, and her finding it turned her round on who moved it; a post-mortem
    # of `explain`'s claims alone had no word of it (a playtest).
    moves = _moves(sim, explain | set(questions(sim)))
    cause = "" if e.win else _cause(sim, deciders, _sure_enough(sim, e))
    if not e.win and (events := _happenings(sim, e)):
        # What happened that the ending turned on: Ana set straight after her break with
        # Ben lost with no word of why — no belief was wrong (a playtest).
        cause = f"{cause} {events}" if cause else events
    worse = [f"Your own word reached {d.name}: {d.you_in_chain}"
             for d in deciders if d.you_in_chain and d.true is False]
    return PostMortem(e.id, e.title, e.win, ended, clock.fmt(ended), claims, deciders, acts,
                      moves, cause, worse, sim.open_minds_used,
                      "" if e.win else _headcount(sim),
                      _brought(sim, explain | set(questions(sim)), ended))


def _headcount(sim: Game) -> str:
    """For a lost ending: where a winning ending counted heads (`present("school") >= 5`),
    how many were there and who — "Too few came" said nothing of how few (a playtest). Of
    several counts, the one furthest short."""
    best: tuple[int, str] | None = None  # (how far short, the line)
    for e in sim.sc.endings:
        if not e.win or not e.when:
            continue
        for call, cmp in Condition(e.when).asked():
            if call.value != "present" or not at_least(call, cmp):
                continue
            need = _needed(call, cmp)
            args = _args(sim, call)
            if need is None or args is None or not isinstance(args[0], str):
                continue
            place = args[0]
            counted = ConditionContext(sim).present_for(*args)
            there = [sim.name(r) for r in counted]
            who = f": {and_list(there)}" if there else ""
            line = (f"{len(there)} of the {need} needed for “{e.title}” were at "
                    f"{sim.place_name(place)} at the end{who}.")
            # Counted only if there for it: say who was there and why they did not count
            # (two brought along who thought the meeting was off were not, and read as absent).
            others = [r for r in sim.present(place) if r != PLAYER and r not in counted]
            if len(args) > 1 and others:
                names = and_list([sim.name(r) for r in others])
                were = "were" if len(others) > 1 else "was"
                held = [f"that {sim.say_claim(str(c), str(v))}"
                        for c, v in zip(args[1::2], args[2::2], strict=True)]
                both = {1: "", 2: "both "}.get(len(held), "all of ")
                line += (f" {names} {were} there too, but did not believe {both}"
                         f"{and_list(held)}.")
            short = need - len(counted)
            if short <= 0:
                continue  # met ("6 of the 5 needed"): it lost on something else (a review)
            if best is None or short > best[0]:
                best = (short, line)
    return best[1] if best is not None else ""


def _happenings(sim: Game, ending) -> str:
    """For a lost ending: the events its condition asks for that happened ("Ana broke off
    with Ben (13:10 on day 2)"), and those a winning ending asked for that never did
    ("nobody made peace after"), as one sentence; "" if its conditions ask for none."""
    ctx = ConditionContext(sim)
    did: list[str] = []
    for call, cmp in Condition(ending.when).asked() if ending.when else []:
        args = _args(sim, call) if call.value == "happened" and cmp is None else None
        if args and all(isinstance(a, str) for a in args):
            ev = _event(sim, *args)
            if ev is not None:
                did.append(f"{ev['summary']} ({clock.fmt(ev['at'])})")
    if not did:
        return ""
    never: list[str] = []
    for w in sim.sc.endings:
        for call, cmp in Condition(w.when).asked() if w.win and w.when else []:
            args = _args(sim, call) if call.value == "happened" and cmp is None else None
            if args and all(isinstance(a, str) for a in args) and \
                    not ctx.fn_happened(*args):
                words = _never(sim, *args)
                if words not in never:
                    never.append(words)
    # (the player's own acts read "You …": mid-sentence, "you")
    did = [d if i == 0 or not d.startswith("You ") else "you " + d[4:]
           for i, d in enumerate(did)]
    text = _and(did) + (f", and {_and(never)}" if never else "")
    return text[:1].upper() + text[1:] + "."


def _event(sim: Game, what: str, actor: str | None = None,
           target: str | None = None) -> dict | None:
    """The first world event `happened(what, actor, target)` counts: by id, else by kind
    (game.ctx judges it so)."""
    by_id = sim.world.count_events(event_id=what, actor=actor, target=target) > 0
    for ev in sim.world.log(kind=None if by_id else what):
        if (not by_id or ev["data"].get("id") == what) and \
                (actor is None or ev["actor"] == actor) and \
                (target is None or ev["target"] == target):
            return ev
    return None


def _never(sim: Game, what: str, actor: str | None = None, target: str | None = None) -> str:
    """Words for an event that never happened: "nobody made peace after", "Ana and Ben never
    made peace", "Ana never accused Ben" — of a kind the game knows; else the scenario's
    event by its id ("“council_vote” never happened")."""
    done = {"reconcile": "made peace with", "break_off": "broke off with",
            "accuse": "accused", "report": "reported to", "administer": "treated",
            "avoid": "kept away from"}
    if what not in done:
        return f"“{what}” never happened"
    if what == "reconcile" and actor and target:
        return f"{sim.name(actor)} and {sim.name(target)} never made peace"
    whom = sim.name(target) if target else "anyone"
    if what == "reconcile":
        whom = "" if not target else whom
    verb = done[what] if whom else "made peace"
    who = sim.name(actor) if actor else "nobody"
    tail = f" {whom}" if whom else ""
    return f"{who} never {verb}{tail}" if actor else f"nobody {verb}{tail} after"


def _args(sim: Game, call) -> list | None:
    """A call's arguments as the ending was judged by them (`fact(...)` evaluated too), or
    None if one cannot be: the count would be of something else."""
    ctx = ConditionContext(sim)
    try:
        return [value_of(a, ctx) for a in call.args]
    except (ConditionError, TypeError, ValueError):
        return None


def _counted(sim: Game, call) -> list[str]:
    """Whom a `present(...)` call counts now: there, and holding every value it names
    (game.ctx, which the ending itself was judged by)."""
    args = _args(sim, call)
    if not args or not isinstance(args[0], str):
        return []
    return ConditionContext(sim).present_for(*args)


def _needed(call, cmp) -> int | None:
    """The least count `cmp` asks of `call` (`>= 5` -> 5, `> 4` -> 5, `5 <= …` -> 5)."""
    other = cmp.args[1] if cmp.args[0] is call else cmp.args[0]
    if other.op != "lit" or not isinstance(other.value, int) or isinstance(other.value, bool):
        return None
    strict = cmp.value in (">", "<")
    return other.value + 1 if strict else other.value


def _claim_report(sim: Game, claim: str) -> ClaimReport:
    s, _, a = claim.partition(".")
    truth = sim.world.fact(s, a)
    held: dict[str, list[str]] = {}
    for b in sim.store.believers(s, a):
        if b.resident == PLAYER or b.state.value == "past":
            continue
        held.setdefault(b.value, []).append(sim.name(b.resident))
    return ClaimReport(claim, sim.say_claim(claim), truth,
                       sim.say_claim(claim, truth) if truth is not None else "", held)


def _deciders(sim: Game, ending, explain: set[str], acts: list[Act]) -> list[Holder]:
    """Whose beliefs the ending turned on: residents a deciding condition names (the ending's
    own, and those of scheduled events that took place), then those who acted on the claim."""
    whens = [ending.when or ""]
    happened = {r["data"].get("id") for r in sim.world.log(kind="happen")}
    whens += [ev.when for ev in sim.sc.events if ev.when and ev.id in happened]
    named = _named(sim, whens, explain)
    if not named and ending.win:
        # A win counted by heads ("five in the schoolroom") names nobody, and a playtest's win
        # was explained by no one: those it counted, there at the end, are whose beliefs
        # brought them (the ending's own condition: a scheduled event's is not what won).
        named = _present(sim, [ending.when or ""], explain)
    if not named and not ending.win:
        # A catch-all ending ("a cold table") names nobody: whose mind the winning endings
        # needed changed is whose belief decided it.
        named = _named(sim, [e.when or "" for e in sim.sc.endings if e.win], explain)
    if not named and not ending.win:
        # Nor do the winning endings ("five in the schoolroom"): whose belief would have moved
        # them to act (a reaction on the claim: attend, report) is what decided it — less
        # those who were where the winning ending counts heads at the end: Uli, brought to
        # the schoolroom, was blamed for staying away and counted there in one post-mortem
        # (a playtest).
        named = _reactors(sim, explain)
        came = _present(sim, [e.when or "" for e in sim.sc.endings if e.win], explain)
        named = {claim: who - came.get(claim, set()) for claim, who in named.items()}
    acted = {claim: {a.actor for a in acts if a.claim == claim} - named.get(claim, set())
             for claim in explain}
    out = []
    for role, who in (("counted", named), ("acted", acted)):
        for claim in sorted(who):
            for rid in sorted(who[claim]):
                if rid in sim.people and rid != PLAYER:
                    last = max((a.at for a in acts if a.actor == rid and a.claim == claim),
                               default=None)
                    h = _holder(sim, rid, claim, role, last if role == "acted" else None)
                    if h is not None:
                        out.append(h)
    return out


def _named(sim: Game, whens: list[str], explain: set[str]) -> dict[str, set[str]]:
    """Residents the conditions `whens` ask about, claim by claim (believes, count_believers
    with its list, or everyone holding the value counted)."""
    named: dict[str, set[str]] = {}  # claim -> residents a condition counts
    for text in whens:
        if not text:
            continue
        for call in Condition(text).calls():
            args = [x.value if x.op == "lit" else [y.value for y in x.args]
                    if x.op == "list" else None for x in call.args]
            if call.value == "believes" and len(args) >= 2 and args[1] in explain:
                named.setdefault(args[1], set()).add(args[0])
            elif call.value == "count_believers" and args and args[0] in explain:
                among = args[3] if len(args) > 3 and isinstance(args[3], list) else \
                    _holders_of(sim, args[0], args[1])
                named.setdefault(args[0], set()).update(among)
    return named


def _present(sim: Game, whens: list[str], explain: set[str]) -> dict[str, set[str]]:
    """Residents the conditions `whens` want somewhere (`present("school") >= 5`, not under
    a `not`), for each of the claims: who is there now."""
    named: dict[str, set[str]] = {}
    for text in whens:
        if not text:
            continue
        for call, cmp in Condition(text).asked():
            if call.value == "present" and at_least(call, cmp):
                there = set(_counted(sim, call))
                for claim in explain:
                    named.setdefault(claim, set()).update(there)
    return named


def _reactors(sim: Game, explain: set[str]) -> dict[str, set[str]]:
    """Residents a reaction acts for on a belief about one of the claims, claim by claim."""
    named: dict[str, set[str]] = {}
    for r in sim.sc.reactions:
        claim = r.believes.claim
        if claim in explain:
            who = [p for p in sim.people if p != PLAYER] if r.who == "anyone" else r.who
            named.setdefault(claim, set()).update(who)
    return named


def _holders_of(sim: Game, claim: str, value) -> list[str]:
    s, _, a = claim.partition(".")
    return [b.resident for b in sim.store.believers(s, a) if b.value == str(value)]


def _your_path(chain, rid: str) -> list[str]:
    """How the player's own word travelled to `rid` along one evidence chain, origin first
    (you → Gus → Bo → Eli), or [] if it did not. The chain's steps follow each teller into
    their own memory, so a liar who passed it on as his own sighting does not hide the player
    behind him, as the tellers' names the listener was given (`as_told`) would."""
    path: list[str] = []
    for st in chain.steps:
        if st.resident == PLAYER:
            return [PLAYER, *reversed(path)]
        if st.loop:
            break
        path.append(st.resident)
        if st.teller == PLAYER:
            return [PLAYER, *reversed(path)]
    if PLAYER in chain.as_told:  # told so, though a teller's memory no longer shows it
        told = chain.as_told[chain.as_told.index(PLAYER):]
        return [x for x in told if x != rid] + [rid]
    return []


def _held_before(sim: Game, chain, claim: str) -> bool:
    """Whether someone along `chain` — its holder, or one between them and the player —
    already held the value on other grounds before the player's word came to them: then
    they had it, or passed on their own, and the player's word only seconded it. Bo, who had
    worked out that Cy took the key at 08:58 and told Gus so in the evening, overheard the
    player say it at 09:10; "your own word reached Gus: you → Bo → Gus" blamed the player
    for a rumour going round before they spoke (a playtest) — and Eli, who had it from Bo at
    09:30, for the player's word at 12:20 (a review)."""
    s, _, a = claim.partition(".")
    for st in chain.steps:
        if st.resident == PLAYER or st.loop:
            return False
        ex = sim.store.explain(st.resident, s, a)
        for c in ex.supports if ex is not None else []:
            first = c.steps[0] if c.steps else None
            if first is not None and first.value == st.value and first.at is not None and \
                    st.at is not None and first.at < st.at and not _your_path(c, st.resident):
                return True
        if st.teller == PLAYER:
            return False
    return False


def _holder(sim: Game, rid: str, claim: str, role: str,
            before: int | None = None) -> Holder | None:
    """`rid`'s belief about `claim` at the end, on whose word. `before`: for someone who acted
    on it, when they last did — the player's word counts only if it reached them by then."""
    s, _, a = claim.partition(".")
    b = sim.store.belief(rid, s, a, history=False)
    if b is None:
        return None
    truth = sim.world.fact(s, a)
    ex = sim.store.explain(rid, s, a)
    chain: list[str] = []
    you = ""
    origin = ""
    if ex is not None and ex.supports:
        # The chain the held value stands on: the one its source kind and teller come from.
        main = next((c for c in ex.supports if c.steps and c.steps[0].kind == b.kind and
                     c.steps[0].teller == b.teller), ex.supports[0])
        steps = main.steps
        chain = [_step_words(sim, st) for st in steps]
        # Where it started, as they were told: the origin their teller named (a liar names
        # himself), the person speaking of themselves, the document, or their own eyes.
        first = steps[0]
        origin = {"hearsay": first.origin, "declared": first.teller,
                  "document": first.document}.get(first.kind or "", "") or ""
        paths = []
        for c in ex.supports:
            if before is not None and c.steps and (c.steps[0].at or 0) > before:
                continue  # came after what they did: it cannot have moved them to it
            path = _your_path(c, rid)
            if path and not _held_before(sim, c, claim):
                # (a link of no known minute is not the first to come)
                at = c.steps[0].at
                paths.append((at if at is not None else float("inf"), len(path), path))
        if paths:  # the way it came first: told by you at 09:10, not "you → Bo → Eli" at 10:40
            path = min(paths, key=lambda p: p[:2])[2]
            you = " → ".join("you" if x == PLAYER else origin_name(sim, x) for x in path)
    source = chain[0] if chain else "no evidence"
    return Holder(rid, sim.name(rid), claim, b.value, sim.value_words(b.value, a),
                  b.confidence, b.state.value, None if truth is None else truth == b.value,
                  source, origin, origin_name(sim, origin) if origin and origin != rid else "",
                  chain, role=role, you_in_chain=you)


def _overheard(sim: Game, st) -> bool:
    """Whether the telling a link stands on was said to someone else, and its resident only
    caught it in passing (its world event's listener is another, and they were no party)."""
    ref = st.event or ""
    if ref[:1] != "w" or not ref[1:].isdigit():
        return False
    row = sim.db.execute("SELECT target, participants FROM world_log WHERE id = ?",
                         (int(ref[1:]),)).fetchone()
    return row is not None and row[0] is not None and row[0] != st.resident and \
        f'"{st.resident}"' not in (row[1] or "")


def _step_words(sim: Game, st) -> str:
    """One link of an evidence chain, with names (memory.explain.Step)."""
    when = f" ({clock.fmt(st.at)})" if st.at is not None else ""
    who = sim.name(st.resident)
    if st.loop:
        return f"which leads back to {who}, already shown"
    if st.misremembered:
        return f"{who}: misremembers it{when}"
    if not st.recorded:
        return f"{who} had no evidence of it"
    k = st.kind
    if k == "hearsay" and _overheard(sim, st):
        # Caught in passing, said to someone else: "you: told by Eli" was read of words the
        # player overheard Eli say to Hana (a playtest).
        said = told_by(sim, st.teller, "hearsay", st.basis, st.origin)
        return f"{who}: overheard {said.removeprefix('told by ')}{when}"
    if k == "hearsay":
        return f"{who}: {told_by(sim, st.teller, 'hearsay', st.basis, st.origin)}{when}"
    if k == "declared":
        return f"{who}: {told_by(sim, st.teller, 'declared')}{when}"
    if k == "document":
        return f"{who}: read it {read_at(origin_name(sim, st.document))}{when}"
    if k in ("witnessed", "firsthand"):
        clue = clue_seen(sim, st.event, None, st.value) if k == "witnessed" else None
        if clue:  # a thing that shows it, not the deed itself
            return f"{who}: saw {sim.thing(clue)} for {sim.pronoun(st.resident).refl}{when}"
        return f"{who}: saw it{when}"
    if k == "inferred":
        return f"{who}: worked it out{when}"
    return f"{who}: had it put in {sim.pronoun(st.resident).poss} head{when}"


def _moves(sim: Game, explain: set[str]) -> list[Move]:
    """How what the player told, showed or mediated visibly landed, claim by claim."""
    out = []
    for r in sim.world.log(kind="react"):
        claim = r.get("claim")
        if claim not in explain:
            continue
        s, _, a = claim.partition(".")
        truth = sim.world.fact(s, a)
        data = r["data"]
        change = data.get("change", "")
        value = r.get("value")
        effect = ""
        # A liar's face acting out the lie shows nothing of what the move did to them.
        if truth is not None and value is not None and not data.get("acting"):
            if change in ("new", "changed", "reinforce"):
                effect = HELPED if value == truth else HURT
            elif change in ("doubt", "less"):
                effect = HELPED if value != truth else HURT
        out.append(Move(r["at"], clock.fmt(r["at"]), r["actor"], data.get("because", ""),
                        change, effect, r["summary"]))
    return out


def _brought(sim: Game, claims: set[str], ended: int) -> list[str]:
    """Those the player brought along who came round to what is so while with them, one line
    a person: walking four people to the notice board won The Cancelled Meeting, and the
    post-mortem counted only the frowns at what the player had said (a playtest). A change,
    within the hours one follows from a bring (BRING_HOURS; one who fell asleep sooner is not
    told apart), to the value that is so at the end from another, with what it stood on."""
    got: dict[str, tuple[int, list[tuple[int, str, str]]]] = {}  # who: (since, changes)
    for e in sim.world.log(kind="bring"):
        rid, start = e["target"], e["at"]
        if e["actor"] != PLAYER or not rid:
            continue
        until = min(start + BRING_HOURS * clock.HOUR, ended)
        for claim in sorted(claims):
            s, _, a = claim.partition(".")
            truth = sim.world.fact(s, a)
            if truth is None or any(c == claim for _, c, _ in got.get(rid, (0, []))[1]):
                continue
            before = None
            for v in sim.store.history(rid, s, a):
                if v.at > until:
                    break
                if v.at >= start and v.value == truth and before != truth:
                    got.setdefault(rid, (start, []))[1].append(
                        (v.at, claim, _on_what(sim, v.evidence_id)))
                    break
                before = v.value
    out = []
    for rid, (start, changes) in got.items():
        changes.sort()
        first = changes[0][0]
        since = clock.fmt_clock(start) if clock.day_of(start) == clock.day_of(first) else \
            clock.fmt(start)
        # "that the meeting is in the schoolroom and that it is on day 3 at six (read it on
        # the notice board)": what it stood on said once where it is the same.
        same = len({on for _, _, on in changes}) == 1
        what = " and that ".join(sim.say_claim(c, sim.world.fact(*c.split(".", 1)))
                                 + ("" if same else on) for _, c, on in changes)
        out.append((first, rid, f"{clock.fmt(first)}  {sim.name(rid)}, brought along at "
                                f"{since}, came to believe that {what}"
                                + (changes[0][2] if same else "")))
    return [line for _, _, line in sorted(out)]


def _on_what(sim: Game, evidence_id: int | None) -> str:
    """What a change stood on, in brackets: " (read it on the notice board)"."""
    e = sim.store.evidence_by_id(evidence_id) if evidence_id is not None else None
    if e is None:
        return ""
    k = getattr(e.kind, "value", e.kind)
    if k == "document" and e.document:
        return f" ({'read it ' + read_at(origin_name(sim, e.document))})"
    if k == "hearsay" and e.teller:
        return f" ({told_by(sim, e.teller, 'hearsay', e.basis, e.origin)})"
    if k in ("firsthand", "witnessed"):
        return " (saw it)"
    return ""


def _sure_enough(sim: Game, ending) -> dict[tuple[str, str], int]:
    """How sure a resident's belief that claim = value had to be for the conditions that
    decide `ending` to count it (`believes(…, N)`, `count_believers(…, N)`): the ending's
    own, the scheduled events' that took place, and, for a lost ending, the winning ones'.
    The least of them, where several name it; the player's own beliefs are not counted."""
    whens = [ending.when or ""]
    happened = {r["data"].get("id") for r in sim.world.log(kind="happen")}
    whens += [ev.when for ev in sim.sc.events if ev.when and ev.id in happened]
    if not ending.win:
        whens += [e.when or "" for e in sim.sc.endings if e.win]
    out: dict[tuple[str, str], int] = {}
    for text in whens:
        if not text:
            continue
        for call in Condition(text).calls():
            at = {"believes": (1, 2, 3), "count_believers": (0, 1, 2)}.get(call.value)
            args = call.args
            if at is None or len(args) <= at[1] or any(args[i].op != "lit" for i in at[:2]):
                continue
            if call.value == "believes" and (args[0].op != "lit" or args[0].value == PLAYER):
                continue
            key = (args[at[0]].value, args[at[1]].value)
            n = args[at[2]].value if len(args) > at[2] and args[at[2]].op == "lit" else 0
            if all(isinstance(x, str) for x in key) and isinstance(n, (int, float)) and \
                    not isinstance(n, bool):
                out[key] = min(out.get(key, int(n)), int(n))
    return out


def _cause(sim: Game, deciders: list[Holder],
           needed: dict[tuple[str, str], int] | None = None) -> str:
    """'Gus, Eli and Hana believed that Ada's key was moved by Cy — from Bo.' Those less sure
    than a deciding condition counts (`needed`) are said apart: "Ilse and Marta believed…" of
    two at 46 % whom a vote at 50 did not count misled an author tuning it."""
    needed = needed or {}
    wrong = _wrong(deciders)
    if not wrong:
        return ""
    by_value: dict[str, list[Holder]] = {}
    for d in wrong:
        by_value.setdefault(d.value, []).append(d)
    value, holders = max(by_value.items(), key=lambda kv: len(kv[1]))
    claim = holders[0].claim
    origins: dict[str, int] = {}
    for d in holders:
        own = "reasoning" if "worked" in d.source else "account"
        key = d.origin_name or f"{d.name}'s own {own}"
        origins[key] = origins.get(key, 0) + 1
    names = [d.name for d in holders]
    who = names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]
    # One source needs no count; several are told apart by how many each convinced.
    parts = [k if len(origins) == 1 else f"{k} ({n})" for k, n in
             sorted(origins.items(), key=lambda kv: (-kv[1], kv[0]))]
    where = parts[0] if len(parts) == 1 else ", ".join(parts[:-1]) + " and " + parts[-1]
    said = sim.say_claim(claim, value)
    least = needed.get((claim, value), 0)
    short = [d.name for d in holders if d.confidence < least]
    if short:
        sure = [d.name for d in holders if d.name not in short]
        were = "was" if len(short) == 1 else "were"
        low = (f"{_and(short)} {were} not sure enough to be counted (under {least}%), still "
               "thinking so")
        if not sure:
            return f"{_and(short)} {were} not sure enough to be counted (under {least}%), " \
                f"still thinking that {said} — from {where}."
        return f"{_and(sure)} believed that {said}, and {low} — from {where}."
    if all(sureness(d.confidence, "", "") == "unsure" for d in holders):
        # "Pat and Sam believed …" of two people 24 % sure read as a contradiction of the
        # figures beside it (a playtest): unsure, they still held it, and stayed away. By
        # confidence alone, in the words a speaker's sureness is told in: a doubtful state
        # can stand at 75 % and more.
        were = "was" if len(names) == 1 else "were"
        return f"{who} {were} left unsure, still thinking that {said} — from {where}."
    unsure = [d.name for d in holders if sureness(d.confidence, "", "") == "unsure"]
    if unsure:
        # "Marta, Olek and Sefa believed …" beside "Marta: … 38% sure", whom the vote had
        # not counted (an author's playtest): the unsure said apart.
        sure = [d.name for d in holders if d.name not in unsure]
        were = "was" if len(unsure) == 1 else "were"
        return (f"{_and(sure)} believed that {said}, and {_and(unsure)} {were} left unsure, "
                f"still thinking so — from {where}.")
    return f"{who} believed that {said} — from {where}."


def _and(names: list[str]) -> str:
    return names[0] if len(names) == 1 else ", ".join(names[:-1]) + " and " + names[-1]


def _wrong(deciders: list[Holder]) -> list[Holder]:
    return [d for d in deciders if d.true is False and d.role == "counted"] or \
        [d for d in deciders if d.true is False]
