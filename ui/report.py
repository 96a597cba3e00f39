"""The HTML report: a save, as one self-contained page a developer can open in any browser.

What the town believes about each claim, every resident's beliefs with confidence, state,
source, how easily they come to mind and — on click — the evidence chain and history; the world
truth beside them (marked as the debug view) and the whole world log. Rendered by jinja2 in a
sandboxed, autoescaping environment from `content/report/report.html.j2`.
"""

from __future__ import annotations

from pathlib import Path

from jinja2 import FileSystemLoader, StrictUndefined
from jinja2.sandbox import SandboxedEnvironment

from game import clock

from .labels import evidence_words, provenance, step_words

TEMPLATE_DIR = Path(__file__).resolve().parents[1] / "content" / "report"


def render(sim) -> str:
    env = SandboxedEnvironment(loader=FileSystemLoader(str(TEMPLATE_DIR)), autoescape=True,
                               undefined=StrictUndefined, trim_blocks=True, lstrip_blocks=True)
    return env.get_template("report.html.j2").render(**context(sim))


def context(sim) -> dict:
    sc = sim.sc.scenario
    ending = None
    if sim.ending:
        e = next(x for x in sim.sc.endings if x.id == sim.ending)
        ending = {"title": e.title, "win": e.win}
    residents = []
    for rid in sorted(sim.people):
        p = sim.people[rid]
        residents.append({"id": rid, "name": p.name, "role": p.role,
                          "beliefs": [_belief(sim, b) for b in sim.store.beliefs(rid)]})
    return {
        "title": sc.title, "premise": sc.premise.strip(), "time": clock.fmt(sim.now),
        "seed": sim.world.meta("seed") or "0", "ending": ending, "residents": residents,
        "counts": sim.store.counts(), "log_hash": sim.world.log_hash(),
        "claims": _claims(sim),
        "log": [{"when": clock.fmt(e["at"]), "summary": e["summary"]}
                for e in sim.world.log()],
    }


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
    return {
        "key": f"{b.subject}.{b.attribute}", "words": sim.say_claim(
            f"{b.subject}.{b.attribute}", b.value), "value": b.value,
        "others": ", ".join(f"{c.value} {c.confidence}" for c in b.candidates if not c.held),
        "confidence": b.confidence, "state": b.state.value, "source": b.source,
        "told": provenance(sim, b),
        "access": b.access(sim.now), "accessibility": b.accessibility(sim.now),
        "truth": truth, "matches": truth == b.value, "stale": b.stale, "why": why,
        "history": [{"when": clock.fmt(v.at), "cause": v.cause, "value": v.value,
                     "confidence": v.confidence, "state": v.state, "note": v.note}
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
            "key": key, "words": sim.say_claim(key), "truth": truth,
            "truth_words": sim.value_words(truth, a) if truth else "",
            "held": [{"value": v, "words": sim.value_words(v, a), "residents": names}
                       for v, names in sorted(values.items(), key=lambda kv: -len(kv[1]))],
        })
    return out
