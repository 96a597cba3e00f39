"""An optional language model: any OpenAI-compatible endpoint the user configures.

It may do two things, and decides nothing about what anyone believes:

- **reword** what a resident says. The template renders the facts first (who, what, how sure,
  from whom); the model may only say the same thing in the resident's voice. Its words are
  checked both ways: if they drop a name or a value the template gave, or add a name, a value,
  a place, a time or a sight ("I saw…") the template did not have, or run past
  MAX_REPLY_CHARS — or the call fails, times out or is refused — the template's words are used.
  Words never touch the world log, so runs stay deterministic.
- **read** what the player types ("tell Ada it was Dee who moved her key") into a claim. The
  line itself is a world event (`speak`), logged the same whether a model read it, refused it or
  is absent; the model's reading is only a memory-write proposal citing that event: it passes
  the memory guard (epistemics §12) before anything is written, and a reading that breaks the
  contract — "Ada saw it", "it happened", an empty or oversized value — is refused with the
  reason, leaving memory as it was.

Every verb has a total time budget for model calls (`ModelSettings.verb_budget`): a slow model
costs at most that, and the game goes on with the template words.

Configure with environment variables (nothing is needed to play without a model):
HEARSAY_MODEL_URL (e.g. http://localhost:11434/v1 for Ollama), HEARSAY_MODEL (the model's
name), HEARSAY_MODEL_KEY (if the endpoint wants one), HEARSAY_MODEL_BUDGET (seconds of model
time per verb, default 8).
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, Field, ValidationError

from memory import GuardRefusal, InvalidEvidence, Proposal, WorldEvent

from .world import Event

if TYPE_CHECKING:
    from .town import Game


class ModelSettings(BaseModel):
    base_url: str
    model: str
    api_key: str = "none"
    timeout: float = Field(default=20.0, gt=0, allow_inf_nan=False)
    max_retries: int = Field(default=1, ge=0, le=5)
    verb_budget: float = Field(default=8.0, gt=0, le=600, allow_inf_nan=False)

    @classmethod
    def from_env(cls) -> ModelSettings | None:
        url, name = os.environ.get("HEARSAY_MODEL_URL"), os.environ.get("HEARSAY_MODEL")
        if not url or not name:
            return None
        _check_url(url)
        budget = _seconds(os.environ.get("HEARSAY_MODEL_BUDGET"), 8.0)
        return cls(base_url=url[:2000], model=name[:200], verb_budget=budget,
                   api_key=os.environ.get("HEARSAY_MODEL_KEY", "none"))


class ModelConfigError(ValueError):
    """HEARSAY_MODEL_URL is not a URL a model can be reached at: bad input (exit 2)."""


def _check_url(url: str) -> None:
    """An http(s) URL with a host and, if any, a port — checked before any client is made:
    'http://[::1' and a URL ending in a newline crashed every command that builds a game
    (a hostile-input test)."""
    from urllib.parse import urlsplit

    shown = repr(url if len(url) <= 60 else url[:57] + "...")
    if len(url) > 2000 or not url.isprintable() or any(c.isspace() for c in url):
        raise ModelConfigError(f"HEARSAY_MODEL_URL {shown}: a URL has no spaces or control "
                               "characters")
    try:
        parts = urlsplit(url)
        parts.port  # noqa: B018 - parsed here so that a bad port raises here
    except ValueError as exc:
        raise ModelConfigError(f"HEARSAY_MODEL_URL {shown}: not a URL ({exc})") from None
    if parts.scheme not in ("http", "https") or not parts.hostname:
        raise ModelConfigError(f"HEARSAY_MODEL_URL {shown}: give an http:// or https:// URL "
                               "with a host, like http://localhost:11434/v1")
    import httpx2

    try:  # as the client will read it: 'http://256.1.1.1/v1' passed above and crashed it
        httpx2.URL(url)
    except (httpx2.InvalidURL, ValueError) as exc:
        raise ModelConfigError(f"HEARSAY_MODEL_URL {shown}: not a URL ({exc})") from None


def _seconds(text: str | None, default: float) -> float:
    """HEARSAY_MODEL_BUDGET: seconds of model time per verb (a bad value: the default)."""
    try:
        x = float(text) if text else default
    except ValueError:
        return default
    return x if 0 < x <= 600 else default


FAILURES_TO_REST = 2  # calls failed in a row (timed out, refused, broken) before a rest
REST_SECONDS = 60.0  # of wall time without calls: the template's words meanwhile
MAX_REPLY_CHARS = 400  # a reworded line: one or two short sentences
MAX_TYPED_CHARS = 500  # what the player may type after `say`
_TIME_WORDS = ("day", "days", "today", "tonight", "tomorrow", "yesterday", "morning", "noon",
               "afternoon", "evening", "night", "midnight", "week", "hour", "hours", "minute",
               "minutes", "o'clock", "am", "pm", "monday", "tuesday", "wednesday", "thursday",
               "friday", "saturday", "sunday", "dawn", "dusk")
_SIGHT_WORDS = ("saw", "seen", "see", "watched", "witnessed", "eyes", "myself")
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")


class Reading(BaseModel):
    """What the model makes of a line the player typed: something the player tells someone."""

    listener: str = Field(description="the id of the resident being told", min_length=1,
                          max_length=60)
    subject: str = Field(description="the claim's subject id, e.g. ada_key", min_length=1,
                         max_length=60)
    attribute: str = Field(description="the claim's attribute, e.g. moved_by", min_length=1,
                           max_length=60)
    value: str = Field(description="the value the player asserts, e.g. dee", min_length=1,
                       max_length=200)
    source: Literal["hearsay", "firsthand", "witnessed", "declared", "document"] = Field(
        default="hearsay", description="how the listener would come to know it")
    basis: Literal["saw", "heard", "reckon"] = "heard"


class SimWorld:
    """The world as the memory guard sees it: events from the log."""

    def __init__(self, sim: Game):
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
                                            "speak", "announce", "reply"))


class LanguageModel:
    def __init__(self, settings: ModelSettings, client: Any = None):
        self.settings = settings
        self.deadline: float | None = None
        # A dead or stalling server is rested after two failures in a row (each cost up to a
        # verb's budget: a 2,000-line walkthrough with one that never answered ran for hours).
        self.failures = 0
        self.resting_until = 0.0
        if client is None:
            import httpx2
            from openai import OpenAI

            from .model_http import BoundedClient

            try:
                http = BoundedClient(lambda: self.deadline, timeout=settings.timeout)
                client = OpenAI(base_url=settings.base_url, api_key=settings.api_key,
                                timeout=settings.timeout, max_retries=settings.max_retries,
                                http_client=http)
            except (httpx2.InvalidURL, ValueError) as exc:  # (what _check_url let by)
                raise ModelConfigError(f"HEARSAY_MODEL_URL {settings.base_url[:60]!r}: not a "
                                       f"URL a model can be reached at ({exc})") from None
        self.client = client

    def new_verb(self) -> None:
        """A player verb starts: its model calls share one time budget from now."""
        self.deadline = time.monotonic() + self.settings.verb_budget

    def _client(self) -> Any | None:
        """The client with what is left of this verb's budget as its timeout; None if the
        budget is spent (the caller keeps the template's words)."""
        if self.deadline is None:
            self.new_verb()
        left = self._left()
        if left < 0.05 or time.monotonic() < self.resting_until:
            return None
        with_options = getattr(self.client, "with_options", None)
        return with_options(timeout=left, max_retries=0) if with_options else self.client

    def _left(self) -> float:
        return min(self.settings.timeout, (self.deadline or 0) - time.monotonic())

    def _within_budget(self, call: Callable[[], Any]) -> Any:
        """Run `call` (one request to the model), waiting at most what is left of the verb's
        budget. The client's timeout bounds each read, not the whole reply: a server that
        sends a byte every half second never tripped it, and the game waited for ever
        (a hostile-input test). Past the budget the request is left to finish on its own
        thread, its answer unused, and TimeoutError is raised."""
        box: dict[str, Any] = {}

        def run() -> None:
            try:
                box["out"] = call()
            except BaseException as exc:  # noqa: BLE001 - handed to the caller below
                box["exc"] = exc

        worker = threading.Thread(target=run, name="hearsay-model", daemon=True)
        worker.start()
        worker.join(max(0.0, self._left()))
        if worker.is_alive() or "exc" in box:
            self.failures += 1
            if self.failures >= FAILURES_TO_REST:
                self.failures, self.resting_until = 0, time.monotonic() + REST_SECONDS
            if worker.is_alive():
                raise TimeoutError("the model took too long (this verb's time budget is "
                                   "spent)")
            raise box["exc"]
        self.failures = 0
        return box.get("out")

    # -- words ---------------------------------------------------------------------------------

    def reword(self, text: str, speaker: str, must_keep: list[str],
               vocabulary: list[str] = ()) -> str:
        """The same statement in the speaker's voice, or `text` unchanged. `vocabulary`: the
        town's names, places and values — the rewording may not bring in one `text` lacks."""
        client = self._client()
        if client is None:
            return text
        try:
            out = self._within_budget(lambda: client.chat.completions.create(
                model=self.settings.model, temperature=0.7, max_tokens=120,
                messages=[
                    {"role": "system", "content": (
                        "You voice a resident of a small town in a game. Rewrite the line in "
                        f"{speaker}'s voice, in one or two short sentences. Say exactly the "
                        "same thing: keep every name and fact, the source they give, and how "
                        "sure they are. Add nothing. Reply with the line only.")},
                    {"role": "user", "content": text}]))
            said = out.choices[0].message.content or ""
        except Exception:  # noqa: BLE001 - any failure of an optional model means: template
            return text
        if not isinstance(said, str) or len(said) > MAX_REPLY_CHARS * 2:
            return text
        said = " ".join(said.split()).strip().strip('"')
        return said if same_facts(text, said, must_keep, vocabulary) else text

    # -- reading typed text --------------------------------------------------------------------

    def read(self, sim: Game, text: str) -> Reading:
        residents = sorted(r for r in sim.people if r != "player")
        claims = sorted(_claims_known(sim))
        prompt = (
            "The player of a town-gossip game typed a line. Read it as something the player "
            "tells one resident. Residents: " + ", ".join(
                f"{r} ({sim.name(r)})" for r in residents) + ". Claims the player knows of: "
            + ", ".join(claims) + ". Use ids, lowercase.")
        client = self._client()
        if client is None:
            raise GuardRefusal("evidence-contract", "the model took too long (this verb's "
                               "time budget is spent)")
        try:
            out = self._within_budget(lambda: client.chat.completions.parse(
                model=self.settings.model, response_format=Reading, temperature=0,
                messages=[{"role": "system", "content": prompt},
                          {"role": "user", "content": text}]))
            reading = out.choices[0].message.parsed
        except (ValidationError, Exception) as exc:  # noqa: BLE001
            raise GuardRefusal("evidence-contract", f"the model's reading could not be used: "
                               f"{type(exc).__name__}") from None
        if not isinstance(reading, Reading):
            raise GuardRefusal("evidence-contract", "the model gave no reading")
        return reading


def _claims_known(sim: Game) -> set[str]:
    """The claims the player knows of (the case's questions, what they believe, and where
    each thing is): all a reading of their words may name."""
    from .knowledge import questions

    return set(questions(sim)) | {f"{b.subject}.{b.attribute}" for b in sim.store.beliefs(
        "player", about_others=False)} | {f"{o}.location" for o in sim.objects}


def same_facts(template: str, said: str, must_keep: list[str], vocabulary) -> bool:
    """Does `said` say what `template` says — no fact dropped, none added? Checked on words:
    every kept fact is still there; no name, place, value, number, time or sight word (from
    `vocabulary` and the lists above) appears that the template did not have."""
    if not said or len(said) > MAX_REPLY_CHARS or not said.isprintable():
        return False
    t, s = template.lower(), said.lower()
    if any(k.lower() not in s for k in must_keep if k):
        return False  # it dropped a fact
    t_words, s_words = set(_WORD.findall(t)), set(_WORD.findall(s))
    added = s_words - t_words
    if any(w.isdigit() or w in _TIME_WORDS or w in _SIGHT_WORDS for w in added):
        return False  # a number, a time or a sight the template did not have
    for term in vocabulary:
        words = _WORD.findall(term.lower())
        if not words:
            continue
        if len(words) == 1:
            if words[0] in added:
                return False
        elif _phrase_in(words, s) and not _phrase_in(words, t):
            return False
    return True


def _phrase_in(words: list[str], text: str) -> bool:
    return re.search(r"\b" + r"\W+".join(map(re.escape, words)) + r"\b", text) is not None


def vocabulary(sim: Game) -> list[str]:
    """What a rewording may not bring in unless the template said it: every name and id of a
    person, place, thing or document, and every value the scenario mentions, in ids and words."""
    out: set[str] = set()
    for rid, p in sim.people.items():
        out |= {rid, p.name}
    for pid, info in sim.places.items():
        out |= {pid, info["name"], *info["spots"]}
    for oid, o in sim.objects.items():
        out |= {oid, o["name"], *_name_words(o["name"])}
    for did, d in sim.documents.items():
        out |= {did, d["name"], *_name_words(d["name"])}
    for attr in sim.attributes.values():
        out |= set(attr.values) | set(attr.values.values())
    sc = sim.sc
    statements = [*sc.facts, *sc.beliefs]
    for e in sc.events:
        statements += [*e.says, *e.effects, *e.reveals, *e.seen_as]
    for o in sc.objects:
        statements += o.shows
    for r in sc.reactions:
        statements += [r.believes, *r.effects]
    for st in statements:
        out.add(st.value)
        out.add(sim.value_words(st.value, st.claim.partition(".")[2]))
    return sorted(x for x in out if x and x.lower() not in _COMMON)


# Values so common in speech that finding one added says nothing ("no doubt", "yes, well").
_COMMON = {"you", "yes", "no", "true", "false", "none", "nothing", "unknown", "maybe"}
_STOP = {"the", "a", "an", "of", "and", "on", "in", "at", "to", "for", "with", "my", "your",
         "old", "new", "little", "big"}


def _name_words(name: str) -> set[str]:
    """The telling words of a thing's name ("the market cash box" -> market, cash, box),
    possessives stripped ("Ada's key" -> ada, key)."""
    words = {w.removesuffix("'s") for w in _WORD.findall(name.lower())}
    return {w for w in words if w not in _STOP and len(w) > 2}


def say(sim: Game, model: LanguageModel | None, text: str):
    """The player says a line in their own words, to whoever is here. The line is a world
    event, the same with or without a model; a model's reading of it is evidence at most."""
    from .player import PLAYER, Reply

    text = " ".join(text.split())[:MAX_TYPED_CHARS]
    place = sim.state[PLAYER].place
    here = [x for x in sim.present(place) if x != PLAYER]
    eid, _ = sim.record(Event(
        kind="speak", at=sim.now, actor=PLAYER, place=place, summary=f'you said: "{text}"',
        data={"text": text}, participants=[PLAYER, *here]))
    if model is None:
        # The hint names no resident, claim or value: a worked example would have to be one
        # of this town's, and any real one says something the player may not know yet.
        return Reply(False).say("", "You say it, but nobody takes anything from it. No "
                                "language model is configured (set HEARSAY_MODEL_URL and "
                                "HEARSAY_MODEL); use the verbs instead, e.g. tell RESIDENT "
                                "CLAIM VALUE, or ask RESIDENT CLAIM.")
    return _read_into_memory(sim, model, text, f"w{eid}", here)


def _read_into_memory(sim: Game, model: LanguageModel, text: str, event: str,
                      here: list[str]):
    from .player import PLAYER, Reply
    from .visible import before as face_before
    from .visible import change, held

    def heard(why: str):
        return Reply(False).say("", f"(What you said was heard, but the model's reading was "
                                    f"refused: {why})")

    try:
        r = model.read(sim, text)
        if r.listener not in here or r.listener == PLAYER:
            return heard(f"it named no one here who could hear it ({r.listener[:60]!r})")
        if sim.state[r.listener].status != "awake":
            return heard(f"{sim.name(r.listener)} is not awake to hear it")
        from .commands import CommandError
        from .player import _no_lead

        # Only what the town has words for goes into a memory: a claim of the scenario the
        # player knows of, and a value its vocabulary allows for that claim. A model wrote
        # a made-up claim with 200 combining accents, and control characters, into Fen's
        # memory (a hostile-input test).
        claim = f"{r.subject}.{r.attribute}"
        if claim not in _claims_known(sim):
            return heard("it named no claim you know of")
        try:
            with sim.names().as_guessed() as words:
                value = words.value(claim, r.value)
        except CommandError:
            return heard("its answer is nobody and nothing you know of here")
        if _no_lead(sim, value) is not None:  # a hidden spot nobody has led the player to
            return heard("it names something nobody has said a word of to you")
        proposal = Proposal(
            proposer="model", resident=r.listener, subject=r.subject, attribute=r.attribute,
            value=value, kind=r.source, at=sim.now, event=event,
            teller=PLAYER if r.source in ("hearsay", "declared") else None,
            origin=PLAYER if r.source == "hearsay" else None,
            basis=r.basis if r.source == "hearsay" else None, by_player=True)
        before = face_before(sim, r.listener, claim)
        sim.store.propose(proposal, SimWorld(sim))
    except GuardRefusal as exc:
        return heard(exc.reason)
    except (ValidationError, InvalidEvidence, ValueError) as exc:
        return heard(f"it could not be written as a memory ({type(exc).__name__})")
    ch = change(sim, r.listener, claim, value, before, held(sim, r.listener, claim))
    return Reply(True).say(sim.name(r.listener), f"So {sim.say_claim(claim, value)}?",
                           event=int(event[1:])).mark(ch.line, ch.detail)


class ModelNarrator:
    """Templates first; the model may only reword what they said (see `reword`)."""

    def __init__(self, templates, model: LanguageModel, vocabulary=lambda: []):
        self.templates = templates
        self.model = model
        self.env = templates.env
        self._vocabulary = vocabulary
        self._words: list[str] | None = None

    def render(self, name: str, seed: str, **ctx: Any) -> str:
        text = self.templates.render(name, seed, **ctx)
        s = ctx.get("s") or {}
        if name not in ("answer", "why") or not isinstance(s, dict) or not s.get("known"):
            return text
        keep = [s.get("value", ""), s.get("teller", "")]
        if self._words is None:
            self._words = list(self._vocabulary())
        return self.model.reword(text, s.get("speaker", ""), keep, self._words)
