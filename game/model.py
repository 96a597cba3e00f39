"""An optional language model: any OpenAI-compatible endpoint the user configures.

It may do two things, and decides nothing about what anyone believes:

- **reword** what a resident says. The template renders the facts first (who, what, how sure,
  from whom); the model may only say the same thing in the resident's voice. If its answer drops
  a name or a value the template gave — or the call fails, times out or is refused — the
  template's words are used. Words never touch the world log, so runs stay deterministic.
- **read** what the player types ("tell Ada it was Dee who moved her key") into a claim. Its
  reading is a memory-write proposal: it passes the memory guard (epistemics §12) before
  anything is written, and a reading that breaks the contract — "Ada saw it", "it happened" —
  is refused with the guard's reason, leaving memory as it was.

Configure with environment variables (nothing is needed to play without a model):
HEARSAY_MODEL_URL (e.g. http://localhost:11434/v1 for Ollama), HEARSAY_MODEL (the model's
name), HEARSAY_MODEL_KEY (if the endpoint wants one).
"""

from __future__ import annotations

import os
import re
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field, ValidationError

from memory import GuardRefusal, Proposal, WorldEvent

from .world import Event

if TYPE_CHECKING:
    from .sim import Simulation


class ModelSettings(BaseModel):
    base_url: str
    model: str
    api_key: str = "none"
    timeout: float = Field(default=20.0, gt=0)
    max_retries: int = Field(default=1, ge=0)

    @classmethod
    def from_env(cls) -> ModelSettings | None:
        url, name = os.environ.get("HEARSAY_MODEL_URL"), os.environ.get("HEARSAY_MODEL")
        if not url or not name:
            return None
        return cls(base_url=url, model=name, api_key=os.environ.get("HEARSAY_MODEL_KEY",
                                                                    "none"))


class Reading(BaseModel):
    """What the model makes of a line the player typed: something the player tells someone."""

    listener: str = Field(description="the id of the resident being told")
    subject: str = Field(description="the claim's subject id, e.g. ada_key")
    attribute: str = Field(description="the claim's attribute, e.g. moved_by")
    value: str = Field(description="the value the player asserts, e.g. dee")
    source: Literal["hearsay", "firsthand", "witnessed", "declared", "document"] = Field(
        default="hearsay", description="how the listener would come to know it")
    basis: Literal["saw", "heard", "reckon"] = "heard"


class SimWorld:
    """The world as the memory guard sees it: events from the log."""

    def __init__(self, sim: Simulation):
        self.sim = sim

    def event(self, event_id: str) -> WorldEvent | None:
        m = re.fullmatch(r"w(\d+)", event_id)
        if not m:
            return None
        row = self.sim.db.execute("SELECT id, at, kind, participants, witnesses FROM world_log "
                                  "WHERE id = ?", (int(m.group(1)),)).fetchone()
        if row is None:
            return None
        import json

        return WorldEvent(id=event_id, at=row[1], participants=json.loads(row[3]),
                          witnesses=json.loads(row[4]),
                          spoken=row[2] in ("talk", "why", "ask", "mediate", "report", "say",
                                            "announce", "reply"))


class LanguageModel:
    def __init__(self, settings: ModelSettings, client: Any = None):
        self.settings = settings
        if client is None:
            from openai import OpenAI

            client = OpenAI(base_url=settings.base_url, api_key=settings.api_key,
                            timeout=settings.timeout, max_retries=settings.max_retries)
        self.client = client

    # -- words ---------------------------------------------------------------------------------

    def reword(self, text: str, speaker: str, must_keep: list[str]) -> str:
        """The same statement in the speaker's voice, or `text` unchanged."""
        try:
            out = self.client.chat.completions.create(
                model=self.settings.model, temperature=0.7, max_tokens=120,
                messages=[
                    {"role": "system", "content": (
                        "You voice a resident of a small town in a game. Rewrite the line in "
                        f"{speaker}'s voice, in one or two short sentences. Say exactly the "
                        "same thing: keep every name and fact, the source they give, and how "
                        "sure they are. Add nothing. Reply with the line only.")},
                    {"role": "user", "content": text}])
            said = (out.choices[0].message.content or "").strip().strip('"')
        except Exception:  # noqa: BLE001 - any failure of an optional model means: template
            return text
        if not said or any(k.lower() not in said.lower() for k in must_keep if k):
            return text  # it dropped a fact: the template stands
        return said

    # -- reading typed text --------------------------------------------------------------------

    def read(self, sim: Simulation, text: str) -> Reading:
        residents = sorted(r for r in sim.people if r != "player")
        claims = sorted({f"{b.subject}.{b.attribute}" for b in sim.store.beliefs(
            "player", about_others=False)} | {f"{o}.location" for o in sim.objects})
        prompt = (
            "The player of a town-gossip game typed a line. Read it as something the player "
            "tells one resident. Residents: " + ", ".join(
                f"{r} ({sim.name(r)})" for r in residents) + ". Claims the player knows of: "
            + ", ".join(claims) + ". Use ids, lowercase.")
        try:
            out = self.client.chat.completions.parse(
                model=self.settings.model, response_format=Reading, temperature=0,
                messages=[{"role": "system", "content": prompt},
                          {"role": "user", "content": text}])
            reading = out.choices[0].message.parsed
        except (ValidationError, Exception) as exc:  # noqa: BLE001
            raise GuardRefusal("evidence-contract", f"the model's reading could not be used: "
                               f"{type(exc).__name__}") from None
        if reading is None:
            raise GuardRefusal("evidence-contract", "the model gave no reading")
        return reading


def tell_from_text(sim: Simulation, model: LanguageModel, text: str):
    """The player types what they tell someone; the model reads it; the guard decides."""
    from .player import PLAYER, Reply, fail

    try:
        r = model.read(sim, text)
    except GuardRefusal as exc:
        return fail(f"The model's reading was refused: {exc.reason}")
    if r.listener not in sim.people or r.listener == PLAYER:
        return fail(f"The model named no resident you can talk to ({r.listener!r}).")
    st = sim.state[r.listener]
    if st.place != sim.state[PLAYER].place or st.status != "awake":
        return fail(f"{sim.name(r.listener)} is not here to hear it.")
    claim = f"{r.subject}.{r.attribute}"
    eid, _ = sim.record(Event(
        kind="talk", at=sim.now, actor=PLAYER, target=r.listener, place=st.place, claim=claim,
        value=r.value, summary=f"you told {sim.name(r.listener)} that "
        f"{sim.say_claim(claim, r.value)}", data={"typed": text, "origin": PLAYER},
        participants=[PLAYER, r.listener]))
    proposal = Proposal(
        proposer="model", resident=r.listener, subject=r.subject, attribute=r.attribute,
        value=r.value, kind=r.source, at=sim.now, event=f"w{eid}",
        teller=PLAYER if r.source in ("hearsay", "declared") else None,
        origin=PLAYER if r.source == "hearsay" else None,
        basis=r.basis if r.source == "hearsay" else None, by_player=True)
    from .visible import change, held

    before = held(sim, r.listener, claim)
    try:
        sim.store.propose(proposal, SimWorld(sim))
    except GuardRefusal as exc:
        return Reply(True).say("", f"(What you said was heard, but the model's reading was "
                                   f"refused by the memory guard: {exc.reason})")
    ch = change(sim, r.listener, claim, r.value, before, held(sim, r.listener, claim))
    return Reply(True).say(sim.name(r.listener), f"So {sim.say_claim(claim, r.value)}?",
                           event=eid).mark(ch.line, ch.detail)


class ModelNarrator:
    """Templates first; the model may only reword what they said (see `reword`)."""

    def __init__(self, templates, model: LanguageModel):
        self.templates = templates
        self.model = model
        self.env = templates.env

    def render(self, name: str, seed: str, **ctx: Any) -> str:
        text = self.templates.render(name, seed, **ctx)
        s = ctx.get("s") or {}
        if name not in ("answer", "why") or not isinstance(s, dict) or not s.get("known"):
            return text
        keep = [s.get("value", ""), s.get("teller", "")]
        return self.model.reword(text, s.get("speaker", ""), keep)
