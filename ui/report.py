"""The HTML report: a save, as one self-contained page a developer can open in any browser.

What the town believes about each claim, every resident's beliefs with confidence, state,
source, how easily they come to mind and — on click — the evidence chain and history; the world
truth beside them (marked as the debug view), the memory edits, and the whole world log. The
pictures (`ui.svg`, inline SVG, nothing fetched): the main claim's spread over time and who
told whom (lies marked), each believer's confidence over time and how easily the memory comes
to mind, and everyone's attention over a day. Prose speaks in names and words, never ids.
Rendered by jinja2 in a sandboxed, autoescaping environment from
`content/report/report.html.j2`.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from game import PLAYER, clock, plots

from . import svg
from .labels import (
    STATE_WORDS,
    cause_words,
    edit_words,
    evidence_words,
    name_of,
    provenance,
    source_words,
    step_words,
    told_of,
    value_label,
)

MAX_SMALL = 8  # believers drawn one by one for the main claim

TEMPLATE_DIR = Path(__file__).resolve().parents[1] / "content" / "report"


def render(sim) -> str:
    env = SandboxedEnvironment(loader=FileSystemLoader(str(TEMPLATE_DIR)), autoescape=True,
                               undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.get_template("report.html.j2").render(**context(sim))


def context(sim) -> dict:
    sc = sim.sc.scenario
    ending = None
    if sim.ending:
        from game import post_mortem

        e = next(x for x in sim.sc.endings if x.id == sim.ending)
        pm = post_mortem(sim)
        # How it ended, first: the report had its title as a badge and the story only in
        # the debug world log at the bottom (an author read it as a dump).
        lines = [ln.text for ln in sim.ending_lines()[2:]] if sim.has_player else []
        ending = {"title": e.title, "win": e.win, "text": " ".join(e.text.split()),
                  "found": lines[:1], "stages": lines[1:],
                  "why": [{"depth": (len(ln) - len(ln.lstrip())) // 2, "text": ln.strip()}
                          for ln in (pm.lines()[1:] if pm is not None else [])]}
    residents = []
    for rid in sorted(sim.people):
        p = sim.people[rid]
        held = [_belief(sim, b) for b in sim.store.beliefs(rid)]
        # Who stood where, an hour at a time, is most of a resident's memories (800 rows in
        # a four-day story): kept apart, folded, under the beliefs the story turns on.
        residents.append({"id": rid, "name": p.name, "role": p.role, "player": p.is_player,
                          "beliefs": [b for b in held if not b["whereabouts"]],
                          "whereabouts": [b for b in held if b["whereabouts"]]})
    return {
        "title": sc.title, "premise": sc.premise.strip(), "time": clock.fmt(sim.now),
        "seed": sim.world.meta("seed") or "0", "ending": ending, "residents": residents,
        # A report is the open-minds view; said so at its top, and louder while a player's
        # story is still going (a player reporting their own save reads the answer).
        "playing": sim.has_player and not sim.ending,
        "counts": sim.store.counts(), "log_hash": sim.world.log_hash(),
        "claims": _claims(sim),
        "log": [{"when": clock.fmt(e["at"]), "summary": e["summary"]}
                for e in sim.world.log()],
        "pictures": _pictures(sim),
        "edits": [edit_words(sim, e) for e in sim.store.edits()],
    }


def main_claims(sim) -> list[str]:
    """The claims the story turns on: those its endings explain, else the most widely held."""
    out = list(dict.fromkeys(c for e in sim.sc.endings for c in e.explain))
    if not out:
        from memory import claims

        out = [f"{c.subject}.{c.attribute}" for c in claims(sim.store, limit=1)]
    return out[:2]


def _pictures(sim) -> list[dict]:
    pics = []
    for claim in main_claims(sim):
        s, _, a = claim.partition(".")
        believers = [b.resident for b in sim.store.believers(s, a) if b.resident != PLAYER]
        small = []
        for rid in believers[:MAX_SMALL]:
            acc = plots.accessibility(sim, rid, claim)
            small.append({"name": name_of(sim, rid),
                          "confidence": svg.confidence(sim, plots.confidence(sim, rid, claim),
                                                       sim.now),
                          "access": svg.accessibility(sim, acc) if acc else None})
        sp, told = plots.spread(sim, claim), plots.told(sim, claim)
        colours = svg.value_colours(sp.values, [x.value for x in told.tellings])
        pics.append({"words": sim.say_claim(claim), "spread": svg.spread(sim, sp, colours),
                     "told": svg.told(sim, told, colours=colours), "residents": small})
    att = plots.attention(sim)
    return [{"claims": pics, "attention": svg.attention(sim, att), "day": att.day}]


def _belief(sim, b) -> dict:
    full = sim.store.belief(b.resident, b.subject, b.attribute)
    truth = sim.world.fact(b.subject, b.attribute)
    why = []
    ex = sim.store.explain(b.resident, b.subject, b.attribute)
    if ex is not None:  # in the same words as the window and `hearsay why`
        for chain in ex.supports:
            for depth, step in enumerate(chain.steps):
                why.append({"depth": depth, "text": step_words(sim, step)})
        for e in ex.against:
            why.append({"depth": 0, "text": f"against: {evidence_words(sim, e)}"})
    a = b.attribute
    edits = {}
    for e in sim.store.edits(b.resident, b.subject, a):
        edits.setdefault(e.at, []).append(edit_words(sim, e))
    return {
        "whereabouts": a.startswith("at_d"),
        "words": sim.say_claim(f"{b.subject}.{a}", b.value, told=told_of(sim, b.resident,
                                                                          b.subject, a)),
        "value": value_label(sim, b.value, a),
        "others": ", ".join(f"{value_label(sim, c.value, a)} {c.confidence}"
                            for c in b.candidates if not c.held),
        "confidence": b.confidence, "state": b.state.value,
        "state_words": STATE_WORDS.get(b.state.value, ""), "source": source_words(b),
        "told": provenance(sim, b),
        "access": b.access(sim.now), "accessibility": b.accessibility(sim.now),
        "truth": value_label(sim, truth, a) if truth is not None else None,
        "matches": truth == b.value, "stale": b.stale, "why": why,
        "edited": bool(edits),
        "history": [{"when": clock.fmt(v.at), "cause": cause_words(v.cause),
                     "value": value_label(sim, v.value, a), "confidence": v.confidence,
                     "state": v.state,
                     "edit": edits.get(v.at, [""])[0] if v.cause.startswith("edited by") else ""}
                    for v in (full.history if full else [])],
    }


def _claims(sim) -> list[dict]:
    by_claim: dict[tuple[str, str], dict[str, list[str]]] = {}
    for rid in sorted(sim.people):
        for b in sim.store.beliefs(rid, about_others=False):
            if b.attribute.startswith("at_d"):
                continue  # who stood where, an hour at a time: in each resident's list
            by_claim.setdefault((b.subject, b.attribute), {}).setdefault(b.value, []).append(
                sim.name(rid))
    out = []
    for (s, a), values in sorted(by_claim.items()):
        if sum(len(v) for v in values.values()) < 2:
            continue
        key = f"{s}.{a}"
        truth = sim.world.fact(s, a)
        out.append({
            "words": sim.say_claim(key), "truth": truth,
            "truth_words": sim.value_words(truth, a) if truth else "",
            "held": [{"value": v, "words": sim.value_words(v, a), "residents": names}
                       for v, names in sorted(values.items(), key=lambda kv: -len(kv[1]))],
        })
    return out
