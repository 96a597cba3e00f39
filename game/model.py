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
  contract — "Ada saw it", "it happened", an empty or oversized value, a field of its own, a
  claim the player knows nothing of, a claim or an answer the player's words do not name or
  say ("hello" read as "Mira is allergic to willowbark"), "I saw it" from a player who did
  not — is refused with the reason, leaving memory as it was.

Every verb has a total time budget for model calls (`ModelSettings.verb_budget`): a slow model
costs at most that, and the game goes on with the template words. A model that fails — an HTTP
error, a hang, a reply that is no chat completion, or an empty one — is never an error of the
game: a `say` is refused with a line that says what the server did and what to check
(`LanguageModel._why`), and two such failures in a row rest the model for a minute.

Configure with environment variables (nothing is needed to play without a model):
HEARSAY_MODEL_URL (e.g. http://localhost:11434/v1 for Ollama), HEARSAY_MODEL (the model's
name), HEARSAY_MODEL_KEY (if the endpoint wants one), HEARSAY_MODEL_BUDGET (seconds of model
time per verb, default 8). A malformed one is bad input (exit 2) before any command runs.
"""

from __future__ import annotations

import json
import os
import re
import threading
import time
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

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
        if url and not (name or "").strip():
            # A URL alone turned the model off without a word, and `say` then said the game
            # had been given none (a model fuzz; llama.cpp's server ignores the name).
            raise ModelConfigError(
                "HEARSAY_MODEL_URL is set but HEARSAY_MODEL is not: name the model (any name, "
                "if the server ignores it), or unset HEARSAY_MODEL_URL to play without one")
        if not url or not name:
            return None
        if name != name.strip():
            raise ModelConfigError(f"HEARSAY_MODEL {_said(name)}: a model's name has no spaces "
                                   "before or after it")
        _check_url(url)
        if not name.isprintable() or len(name) > 200:
            raise ModelConfigError(f"HEARSAY_MODEL {_said(name)}: a model's name is at most "
                                   "200 characters, with no control characters")
        budget = _seconds(os.environ.get("HEARSAY_MODEL_BUDGET"), 8.0)
        return cls(base_url=url[:2000], model=name, verb_budget=budget,
                   api_key=_key(os.environ.get("HEARSAY_MODEL_KEY")))


class ModelConfigError(ValueError):
    """The environment's model settings are unusable — HEARSAY_MODEL_URL is not a URL a model
    can be reached at, the name, key or budget is malformed: bad input (exit 2)."""


_CLIENT_ENV = ("ALL_PROXY", "HTTPS_PROXY", "HTTP_PROXY", "all_proxy", "https_proxy",
               "http_proxy", "SSL_CERT_FILE", "SSL_CERT_DIR")


def _client_trouble(url: str, exc: BaseException) -> str:
    """Why the model's client could not be made, naming what in the environment it read."""
    import os

    why = _shown(str(exc) or type(exc).__name__, 80)
    env = [k for k in _CLIENT_ENV if os.environ.get(k)]
    if env:
        return (f"the model's client could not be set up ({why}): check HEARSAY_MODEL_URL "
                f"{url[:60]!r} and {', '.join(env)} in the environment")
    return f"HEARSAY_MODEL_URL {url[:60]!r}: not a URL a model can be reached at ({why})"


def _said(text: str) -> str:
    return repr(text if len(text) <= 60 else text[:57] + "...")


def _key(key: str | None) -> str:
    """HEARSAY_MODEL_KEY, as an HTTP header can carry it (never shown: it is a secret). A key
    with a newline was sent as nothing ('broke off its answer') and one with a letter outside
    ASCII failed every call as UnicodeEncodeError (a hostile-input test)."""
    if not key:
        return "none"
    if any(not 33 <= ord(c) <= 126 for c in key):
        raise ModelConfigError("HEARSAY_MODEL_KEY: a key is ASCII letters, digits and signs, "
                               "with no spaces, accents or control characters (it is not shown "
                               "here)")
    return key


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
    """HEARSAY_MODEL_BUDGET: seconds of model time per verb (unset or empty: the default). A
    bad value was taken silently as the default: 'HEARSAY_MODEL_BUDGET=0.5s' waited 8 s a verb
    for a model that had gone away, with no word why."""
    if text is None or not text.strip():
        return default
    try:
        x = float(text)
    except ValueError:
        x = float("nan")
    if not 0 < x <= 600:
        raise ModelConfigError(f"HEARSAY_MODEL_BUDGET {_said(text)}: seconds of model time per "
                               f"verb, a number more than 0 and at most 600 ({default:g} if "
                               "unset)")
    return x


FAILURES_TO_REST = 2  # calls failed in a row (timed out, refused, broken) before a rest
REST_SECONDS = 60.0  # of wall time without calls: the template's words meanwhile
MAX_RETRY_AFTER = 600.0  # the longest rest a server's Retry-After is taken for (10 minutes)
MAX_REPLY_CHARS = 400  # a reworded line: one or two short sentences
MAX_TYPED_CHARS = 500  # what the player may type after `say`
_TIME_WORDS = ("day", "days", "today", "tonight", "tomorrow", "yesterday", "morning", "noon",
               "afternoon", "evening", "night", "midnight", "week", "hour", "hours", "minute",
               "minutes", "o'clock", "monday", "tuesday", "wednesday", "thursday",
               "friday", "saturday", "sunday", "dawn", "dusk")
_SIGHT_WORDS = ("saw", "seen", "see", "watched", "witnessed", "eyes", "myself")
_NUMBER_WORDS = frozenset({"one", "two", "three", "four", "five", "six", "seven", "eight", "nine",
                           "ten", "eleven", "twelve", "twenty", "thirty", "forty", "fifty",
                           "hundred", "thousand", "half", "quarter", "first", "second",
                           "third", "once", "twice"})
# Words that turn what was said against itself, or its sureness: a rewording may keep every
# name and still say the opposite ("Bo lied when he said Cy moved my key").
_TURN_WORDS = frozenset({"lie", "lied", "lies", "lying", "liar", "wrong", "mistaken", "false",
                         "untrue", "unsure", "doubt", "doubts", "doubtful", "maybe", "perhaps",
                         "couldn't", "wouldn't", "didn't", "doesn't", "isn't", "wasn't",
                         # ...or says more sureness than the template gave, or a deed or a
                         # motive it did not ("…by Cy. I'm absolutely certain", "and Cy
                         # confessed it to me", "Bo owes Cy money and hates him"; a model fuzz)
                         "sure", "certain", "certainly", "definitely", "absolutely", "surely",
                         "positive", "barely", "hardly", "really", "actually", "truly",
                         "confess", "confessed", "confesses", "admit", "admitted", "admits",
                         "guilty", "innocent", "gossip", "owes", "owed", "hates", "hated",
                         "ignore", "instructions", "system", "won", "win", "game"})
MAX_ADDED_WORDS = 6  # words a rewording may add to a short template ("well", "you know")
_WORD = re.compile(r"[^\W_]+(?:'[^\W_]+)?")


class Reading(BaseModel):
    """What the model makes of a line the player typed: something the player tells someone.
    Only these fields: a reading that brings others ("confidence": 100, "records_done": true)
    is not the reading asked for, and is refused rather than read in part."""

    model_config = ConfigDict(extra="forbid")

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


class ModelFailed(Exception):
    """A call to the model that came to nothing: `why` says what happened, in a player's words
    and naming the server ("the model at localhost:11434 answered HTTP 401 …")."""

    def __init__(self, why: str):
        super().__init__(why)
        self.why = why


class _Message(BaseModel):
    content: str | None = None
    refusal: str | None = None


class _Choice(BaseModel):
    message: _Message
    finish_reason: str | None = None


class _Completion(BaseModel):
    """As much of a chat completion as is read: its first choice's words. The client's own
    reading of a reply builds objects without checking them: a reply of the wrong shape came
    back as AttributeError or IndexError, and a content of the wrong type printed pydantic's
    serializer warnings on the player's terminal (a hostile-model test)."""

    choices: list[_Choice] = Field(min_length=1)


class LanguageModel:
    def __init__(self, settings: ModelSettings, client: Any = None):
        self.settings = settings
        self.deadline: float | None = None
        # A dead or stalling server is rested after two failures in a row (each cost up to a
        # verb's budget: a 2,000-line walkthrough with one that never answered ran for hours).
        self.failures = 0
        self.resting_until = 0.0
        self.last_failure = ""  # why the last call failed, in words: said while it rests
        self.asked_rest = 0.0  # seconds a busy server asked to be left (Retry-After), if it did
        self.where = _where(settings.base_url)
        if client is None:
            import httpx2
            from openai import OpenAI

            from .model_http import BoundedClient

            try:
                http = BoundedClient(lambda: self.deadline, timeout=settings.timeout)
                client = OpenAI(base_url=settings.base_url, api_key=settings.api_key,
                                timeout=settings.timeout, max_retries=settings.max_retries,
                                http_client=http)
            except (httpx2.InvalidURL, ValueError, ImportError, OSError) as exc:
                # (what _check_url let by — or the environment's proxy and certificate
                # settings, which the client reads: a SOCKS proxy it has no package for, a
                # certificate file that is not there; each was exit 1 in a fuzz run)
                raise ModelConfigError(_client_trouble(settings.base_url, exc)) from None
        self.client = client

    def new_verb(self) -> None:
        """A player verb starts: its model calls share one time budget from now."""
        self.deadline = time.monotonic() + self.settings.verb_budget

    def _client(self) -> Any | None:
        """The client with what is left of this verb's budget as its timeout; None if the
        budget is spent or the model is resting (the caller keeps the template's words)."""
        if self.deadline is None:
            self.new_verb()
        left = self._left()
        if left < 0.05 or self.resting():
            return None
        with_options = getattr(self.client, "with_options", None)
        return with_options(timeout=left, max_retries=0) if with_options else self.client

    def resting(self) -> bool:
        return time.monotonic() < self.resting_until

    def _not_asked(self) -> str:
        """Why no call was made: the model is resting, or this verb's time for it is spent."""
        if self.resting():
            if self.asked_rest:
                if self.asked_rest >= MAX_RETRY_AFTER:  # (it asked for longer: a review)
                    return (f"{self.last_failure}; it asked to be left for longer than "
                            f"{_duration(MAX_RETRY_AFTER)}, so it is not asked again for "
                            f"{_duration(MAX_RETRY_AFTER)}")
                return (f"{self.last_failure}; it asked to be left for "
                        f"{_duration(self.asked_rest)}, so it is not asked again till then")
            return (f"the model failed twice in a row ({self.last_failure}), so it is not "
                    f"asked again for a minute")
        return self._too_long()

    def _too_long(self) -> str:
        return (f"{self.where} did not answer within this verb's time for it "
                f"({self.settings.verb_budget:g} s, HEARSAY_MODEL_BUDGET)")

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
        if worker.is_alive():
            raise TimeoutError("the model took too long (this verb's time budget is spent)")
        if "exc" in box:
            raise box["exc"]
        return box.get("out")

    def _ask(self, call: Callable[[], Any]) -> str:
        """One chat completion (`call` returns the client's raw response) within the verb's
        budget: its first choice's words, read here from the reply's bytes; or ModelFailed
        with why — a server that failed, hung or broke off, or a reply that is no completion.
        Every failure counts towards a rest, and is the one a rest is said with: the count
        was made as the call returned, so a server answering `{}` in 5 ms was asked on every
        verb, and the rest named an older failure (a review)."""
        try:
            try:
                raw = self._within_budget(lambda: call().http_response.content)
            except TimeoutError:
                raise ModelFailed(self._too_long()) from None
            except Exception as exc:  # noqa: BLE001 - whatever failed, said in words below
                after = _retry_after(exc)
                if after:  # a busy server's own word on when to come back: rested so long
                    self._failed(self._why(exc), rest=after)
                    raise ModelFailed(self._not_asked()) from None
                raise ModelFailed(self._why(exc)) from None
            words = self._words_of(raw)
        except ModelFailed as exc:
            if not self.resting():
                self._failed(exc.why)
            raise
        self.failures = 0
        return words

    def _failed(self, why: str, rest: float = 0.0) -> None:
        """A call came to nothing: counted, and after FAILURES_TO_REST in a row, a rest —
        or at once the rest a busy server asked for (429 or 503 with Retry-After: it was
        asked again each verb, and rested a minute where it had asked for an hour)."""
        self.last_failure = why
        self.asked_rest = rest
        self.failures += 1
        if rest:
            self.failures, self.resting_until = 0, time.monotonic() + rest
        elif self.failures >= FAILURES_TO_REST:
            self.failures, self.resting_until = 0, time.monotonic() + REST_SECONDS

    def _words_of(self, raw: object) -> str:
        at = self.where
        try:
            data = json.loads(raw)  # type: ignore[arg-type]
        except (TypeError, ValueError, RecursionError):
            raise ModelFailed(f"{at} did not answer in JSON") from None
        try:
            choice = _Completion.model_validate(data).choices[0]
        except (ValidationError, RecursionError):
            raise ModelFailed(f"{at} did not answer with a chat completion") from None
        if choice.message.refusal:
            raise ModelFailed("the model declined to answer")
        if choice.finish_reason == "length":
            raise ModelFailed("the model's answer was cut off (it ran out of tokens)")
        if choice.finish_reason == "content_filter":
            raise ModelFailed(f"{at} withheld the model's answer (a content filter)")
        if not choice.message.content:
            raise ModelFailed("the model gave an empty answer")
        return choice.message.content

    def _why(self, exc: BaseException) -> str:
        """A failed call, in words: what the server did, where, and what to check."""
        import ssl

        import httpx2
        import openai

        from .model_http import ReplyLate, ReplyRefused

        at = self.where
        chain = _causes(exc)
        # Every read ends by the budget (game.model_http), so a timeout of any kind is the
        # budget's: said as the budget running out is, whichever thread noticed it first.
        if isinstance(exc, openai.APITimeoutError) or any(
                isinstance(e, (httpx2.TimeoutException, ReplyLate)) for e in chain):
            return self._too_long()
        refused = next((e for e in chain if isinstance(e, ReplyRefused)), None)
        if refused is not None:
            return f"{at}: {refused}"
        if isinstance(exc, openai.APIStatusError):
            return _status_why(at, exc.status_code, exc.response.headers.get("location"))
        if any(isinstance(e, ssl.SSLError) for e in chain):
            return (f"{at} could not be reached over a secure connection (a TLS error: is it "
                    "http://, not https://? HEARSAY_MODEL_URL)")
        if any(isinstance(e, httpx2.ConnectError) for e in chain):
            return f"{at} could not be reached (is it running? HEARSAY_MODEL_URL)"
        if isinstance(exc, openai.APIConnectionError) or any(
                isinstance(e, httpx2.TransportError) for e in chain):
            return f"{at} broke off its answer"
        return f"the call to {at} failed ({type(exc).__name__})"

    # -- words ---------------------------------------------------------------------------------

    def reword(self, text: str, speaker: str, must_keep: list[str],
               vocabulary: list[str] = ()) -> str:
        """The same statement in the speaker's voice, or `text` unchanged. `vocabulary`: the
        town's names, places and values — the rewording may not bring in one `text` lacks."""
        client = self._client()
        if client is None:
            return text
        try:
            said = self._ask(lambda: client.chat.completions.with_raw_response.create(
                model=self.settings.model, temperature=0.7, max_tokens=120,
                messages=[
                    {"role": "system", "content": (
                        "You voice a resident of a small town in a game. Rewrite the line in "
                        f"{speaker}'s voice, in one or two short sentences. Say exactly the "
                        "same thing: keep every name and fact, the source they give, and how "
                        "sure they are. Add nothing. Reply with the line only.")},
                    {"role": "user", "content": text}]))
        except ModelFailed:  # an optional model that failed means: the template's words
            return text
        if len(said) > MAX_REPLY_CHARS * 2:
            return text
        said = " ".join(said.split()).strip().strip('"')
        return said if same_facts(text, said, must_keep, vocabulary) else text

    # -- reading typed text --------------------------------------------------------------------

    def read(self, sim: Game, text: str) -> Reading:
        """The model's reading of what the player typed, as a `Reading` — or GuardRefusal
        with why: the model failed (in words), or its answer is not a reading."""
        residents = sorted(r for r in sim.people if r != "player")
        claims = sorted(_claims_known(sim))
        prompt = (
            "The player of a town-gossip game typed a line. Read it as something the player "
            "tells one resident. Residents: " + ", ".join(
                f"{r} ({sim.name(r)})" for r in residents) + ". Claims the player knows of: "
            + ", ".join(claims) + ". Use ids, lowercase.")
        client = self._client()
        if client is None:
            raise GuardRefusal("evidence-contract", self._not_asked())
        try:
            answer = self._ask(lambda: client.chat.completions.with_raw_response.parse(
                model=self.settings.model, response_format=Reading, temperature=0,
                messages=[{"role": "system", "content": prompt},
                          {"role": "user", "content": text}]))
        except ModelFailed as exc:
            raise GuardRefusal("evidence-contract", exc.why) from None
        try:
            return Reading.model_validate_json(answer)
        except ValidationError as exc:
            raise GuardRefusal("evidence-contract", _not_a_reading(exc, answer)) from None


def _causes(exc: BaseException) -> list[BaseException]:
    """`exc` and what it was raised from or during, nearest first (a loop is cut)."""
    out: list[BaseException] = []
    e: BaseException | None = exc
    while e is not None and e not in out and len(out) < 20:
        out.append(e)
        e = e.__cause__ or e.__context__
    return out


def _shown(text: str, width: int = 40) -> str:
    """A bit of the model's or its server's text, safe to show: printable, and short."""
    text = "".join(c if c.isprintable() else " " for c in text[:width * 4])
    text = " ".join(text.split())
    return repr(text if len(text) <= width else text[:width - 1] + "…")


def _where(url: str) -> str:
    """'the model at HOST:PORT' — never the URL's user or password."""
    from urllib.parse import urlsplit

    try:
        parts = urlsplit(url)
        host, port = parts.hostname or "?", parts.port
    except ValueError:
        host, port = "?", None
    host = f"[{host}]" if ":" in host else host
    return "the model at " + (_shown(f"{host}:{port}" if port else host, 60)[1:-1])


def _retry_after(exc: BaseException) -> float:
    """Seconds a server answering 429 or 503 asked to be left (its Retry-After: seconds or an
    HTTP date), at most MAX_RETRY_AFTER; 0 if it asked nothing readable."""
    import openai

    if not isinstance(exc, openai.APIStatusError) or exc.status_code not in (429, 503):
        return 0.0
    said = (exc.response.headers.get("retry-after") or "").strip()
    if not said:
        return 0.0
    try:
        seconds = float(said) if said.replace(".", "", 1).isdigit() else None
    except ValueError:
        seconds = None
    if seconds is None:
        from email.utils import parsedate_to_datetime

        try:
            when = parsedate_to_datetime(said)
        except (TypeError, ValueError, IndexError, OverflowError):
            return 0.0
        if when is None or when.tzinfo is None:
            return 0.0
        # (the wall clock only to read the server's date: the rest itself is timed by the
        # monotonic clock, and nothing of the sim depends on it)
        seconds = when.timestamp() - time.time()
    if seconds <= 0:  # (a date gone by)
        return 0.0
    return min(seconds, MAX_RETRY_AFTER)


def _duration(seconds: float) -> str:
    if seconds < 90:
        n = max(1, round(seconds))
        return f"{n} second{'s' if n != 1 else ''}"
    n = round(seconds / 60)
    return f"{n} minute{'s' if n != 1 else ''}"


def _status_why(at: str, code: int, location: str | None) -> str:
    if 300 <= code < 400:
        return (f"{at} sent the request elsewhere (HTTP {code}"
                + (f" to {_shown(location, 60)}" if location else "")
                + "), which is not followed: give HEARSAY_MODEL_URL as the address it names")
    why = {401: "it refused the key: check HEARSAY_MODEL_KEY",
           403: "it refused the request: check HEARSAY_MODEL_KEY and HEARSAY_MODEL",
           404: "no such model or address: check HEARSAY_MODEL_URL and HEARSAY_MODEL",
           408: "it timed out", 413: "the request was too large for it",
           429: "too many requests: it is busy or over its limit; try again later"}.get(code)
    if why is None:
        why = "the server failed" if code >= 500 else "the request was refused"
    return f"{at} answered HTTP {code} ({why})"


def _not_a_reading(exc: ValidationError, answer: str) -> str:
    """Why the model's answer is no reading: not JSON, or which field is wrong and how."""
    first = exc.errors(include_url=False, include_input=False)[0]
    if first["type"] == "json_invalid":
        return f"the model's answer is not the JSON reading asked for (it began {_shown(answer)})"
    loc = ".".join(str(x) for x in first.get("loc", ())) or "the reading"
    return f"the model's reading is not one: {_shown(loc, 40)[1:-1]}: {first['msg'][:120]}"


def _claims_known(sim: Game) -> set[str]:
    """The claims the player knows of — all a reading of their words may name: the same set
    the command line's `tell` takes (`knowledge.known_claims`). It was the case's questions,
    the player's own beliefs and where every thing in the scenario is, so a reading could
    name the whereabouts of a thing the player had never heard of."""
    from .knowledge import known_claims

    return known_claims(sim)


def same_facts(template: str, said: str, must_keep: list[str], vocabulary) -> bool:
    """Does `said` say what `template` says — no fact dropped, none added? Checked on words:
    every kept fact is still there; no name, place, value, number, time or sight word (from
    `vocabulary` and the lists above) appears that the template did not have."""
    if not said or len(said) > MAX_REPLY_CHARS or not said.isprintable():
        return False
    t, s = template.lower(), said.lower()
    # A letter of another script than the template's ("Dеe" with a Cyrillic е slipped a name
    # past the word checks; a fuzz run): none the template did not have.
    if any(c.isalpha() and not c.isascii() and c not in t for c in s):
        return False
    t_words, s_words = _forms(_WORD.findall(t)), _forms(_WORD.findall(s))
    # A kept fact is kept as a word ("Bo" was found in "about", "Cy" in "fancy").
    if any(not _phrase_in(_WORD.findall(k.lower()), s) for k in must_keep
           if k and _WORD.findall(k.lower())):
        return False  # it dropped a fact
    added = s_words - t_words
    if len(added) > max(MAX_ADDED_WORDS, len(t_words) // 2):
        # A voice adds a word or two; past that it says more than the template ("Bo owes Cy
        # money and hates him"), or another language ("Bo me dijo que…"; a model fuzz).
        return False
    if any(w.isdigit() or w in _TIME_WORDS or w in _SIGHT_WORDS or w in _NUMBER_WORDS
           or w in _TURN_WORDS or _is_no(w) for w in added):
        # a number (in figures or words), a time, a sight — or a "not", "lied", "unsure" the
        # template did not have: "my key was not moved by Cy. I'm not sure at all" reversed
        # both the fact and how sure (a fuzz run)
        return False
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


def _forms(words: list[str]) -> set[str]:
    """Each word as written and before its apostrophe: "dee's" is "dee" too (a possessive
    slipped a name past the check; a fuzz run)."""
    return set(words) | {w.partition("'")[0] for w in words}


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
        # (In the player's words: the settings' names are the README's, for whoever sets
        # one up; "No language model is configured (set HEARSAY_MODEL_URL…)" was a
        # developer's line on the player's screen: a window playtest.)
        return Reply(False).say("", "You say it, but nobody takes anything from it: people "
                                "here follow only the game's verbs (free talk needs a "
                                "language model, which this game has not been given). Use "
                                "tell RESIDENT CLAIM VALUE, or ask RESIDENT CLAIM.")
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
        from memory import about_attribute

        from .commands import CommandError
        from .perception import knows_otherwise
        from .player import _no_lead, origin_for

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
        # The model reads the player's words; it does not add to them. A model that read
        # "hello" as "Dee moved Ada's key" had its answer written into Ada's memory, and one
        # that made the player say "I saw it" gave a word that the `tell` verb cannot give
        # (hostile-model tests).
        # Nor may it add the claim: a model read "hello" as "Mira is allergic to willowbark"
        # (a yes, which no name check could catch) and Tilly took it as the player's word
        # (a review). The words name the claim — its subject or what it asks — and its
        # answer: a person, thing or place by name; a yes or a no by how it is said; any
        # other answer by its own words.
        missing = _not_said(sim, claim, value, text, r.listener)
        if missing is not None:
            return heard(f"your words do not {missing}, which the model read into them")
        if r.source == "hearsay" and r.basis == "saw" and not _player_saw(sim, r, value):
            return heard("it has you say you saw it yourself, and you did not see that")
        if r.source == "hearsay" and ((value == r.listener and sim.is_actor_attribute(
                r.attribute)) or knows_otherwise(sim, r.listener, r.subject, r.attribute,
                                                 value)):
            # Told of themselves what they know otherwise (as `tell` has it): they learn only
            # that the player says so.
            r = r.model_copy(update={"subject": PLAYER, "source": "declared",
                                     "attribute": about_attribute(r.subject, r.attribute)})
        proposal = Proposal(
            proposer="model", resident=r.listener, subject=r.subject, attribute=r.attribute,
            value=value, kind=r.source, at=sim.now, event=event,
            teller=PLAYER if r.source in ("hearsay", "declared") else None,
            # Said twice, once through `tell … anonymously`, is one source (§5 step 2): the
            # origin the player gave this listener first (a review won the_ledger so).
            origin=origin_for(sim, r.listener, r.subject, r.attribute, value, PLAYER)
            if r.source == "hearsay" else None,
            basis=r.basis if r.source == "hearsay" else None, by_player=True)
        before = face_before(sim, r.listener, claim)
        sim.store.propose(proposal, SimWorld(sim))
    except GuardRefusal as exc:
        return heard(exc.reason)
    except (ValidationError, InvalidEvidence, ValueError) as exc:
        return heard(f"it could not be written as a memory ({type(exc).__name__})")
    ch = change(sim, r.listener, claim, value, before, held(sim, r.listener, claim))
    echo = sim.say_claim(claim, value, me=r.listener, you=PLAYER)  # "my key", not "Ada's"
    return Reply(True).say(sim.name(r.listener), f"So {echo}?",
                           event=int(event[1:])).mark(ch.line, ch.detail)


def _fold(text: str) -> str:
    """Case, accents and the apostrophe's forms folded: "I’m" is "i'm", as "I'm" is."""
    import unicodedata

    text = unicodedata.normalize("NFKD", text).translate(_APOSTROPHES)
    return "".join(c for c in text if not unicodedata.combining(c)).casefold()


# Typed for an apostrophe: the curly one of most keyboards' autocorrect, the modifier letter.
_APOSTROPHES = str.maketrans({"\u2019": "'", "\u2018": "'", "\u02bc": "'", "\u2032": "'"})


def _telling(name: str, keep_short: bool = False) -> set[str]:
    """The words of a name that name it: not its owner's ("Ada's key" -> key), nor a
    stop word, nor (unless `keep_short`) one of two letters or fewer."""
    out = set()
    for w in _WORD.findall(_fold(name).replace("_", " ").replace(".", " ")):
        if w.endswith("'s") or w in _STOP or w in _COMMON:
            continue
        if keep_short or len(w) > 2:
            out.add(w)
    return out


def _named_in(sim: Game, value: str, text: str) -> bool:
    """Does the typed line name `value` — a person, thing, document or place (a spot in one)
    by a word of its name or id? Any other answer (a yes, a no, a reason) cannot be told
    from paraphrase by words alone, and passes."""
    if value == "player":  # the player speaking of themselves ("I'm the one": `_typed_words`)
        names = {"i", "me", "myself", "mine", "player"}
    elif value in sim.people:
        names = _telling(value, keep_short=True) | _telling(sim.name(value), keep_short=True)
    elif value in sim.objects:
        names = {_fold(value)} | _telling(sim.objects[value]["name"])
    elif value in sim.documents:
        names = {_fold(value)} | _telling(sim.documents[value]["name"])
    else:
        place, _, spot = value.partition(".")
        if place not in sim.places:
            return True
        # (not by its owner's name alone: "Ada, your key is on the counter" named Ada's
        # house; a model fuzz)
        owners = {w for r in sim.people for w in _telling(r, keep_short=True)}
        names = _telling(spot) if spot else (_telling(place) - owners) | _telling(
            sim.places[place]["name"])
    return bool(names & _typed_words(text))


def _typed_words(text: str) -> set[str]:
    """The typed line's words, folded: each as typed, and before its apostrophe ("Dee's" is
    "dee's" and "dee"; "I'm" is "i'm" and "i", with a straight apostrophe or a curly one)."""
    out = set()
    for w in _WORD.findall(_fold(text)):
        out.add(w)
        out.add(w.partition("'")[0])
    return out


# What a yes or a no is said with. A no: "no", "not", "never", "isn't"… A yes: "yes", or the
# claim said with no word against it ("Mira is allergic to willowbark").
_NO_WORDS = {"no", "not", "never", "nope", "nah", "false", "untrue", "cannot", "neither", "nor",
             "none", "nothing", "nobody"}
_YES_WORDS = {"yes", "yeah", "yep", "aye"}  # (a yes said outright, whatever else is said)
# Words of a question or its wording that say nothing of which claim it is — and words of
# one that are said in passing of anything ("well, …" is not "whether the well would cross
# Ned's field"; "she came by" is not "whether Ben came to the supper"): its subject's words
# and its own name it.
_NOT_A_CLAIM = {"who", "whom", "whose", "what", "where", "when", "why", "whether", "how", "is",
                "was", "are", "were", "be", "been", "has", "have", "had", "does", "did", "by",
                "from", "with", "off", "for", "it", "its", "would", "could", "should", "will",
                "there", "that", "this", "so", "as", "or", "not", "value", "subject", "well",
                "made", "make", "came", "come", "got", "get", "given", "give", "away", "early",
                "late", "good", "just", "like", "know", "think", "said", "told", "heard", "one",
                "town", "people", "someone", "place", "way"}


# A "n't" typed without its apostrophe, and the no of a few other languages (a model fuzz:
# "Dee didnt move your key", "Mira ist nicht allergisch" were read as yes).
_NO_WORDS |= {"isnt", "didnt", "wasnt", "dont", "cant", "wont", "doesnt", "arent", "werent",
              "hasnt", "havent", "hadnt", "shouldnt", "couldnt", "wouldnt", "aint", "hardly",
              "nicht", "kein", "keine", "nie", "pas", "jamais", "nunca", "nein", "non"}
_BARE_NO = {"no", "nope", "nah", "nein", "non"}  # an answer's no, which a yes can take back
# Words that say it is not known, or not so: a doubt, a wish, a condition, a scoff ("if Dee
# moved your key, she'd have said"; "…, but I doubt it"; "I wonder if…"; a model fuzz).
_UNSURE = {"whether", "wonder", "wondering", "if", "doubt", "doubts", "doubtful", "maybe",
           "perhaps", "might", "unsure", "rubbish", "nonsense", "supposedly", "allegedly"}
# One named just before these is who holds it, not the answer ("Bo thinks Dee moved it").
_REPORTING = {"thinks", "think", "claims", "claimed", "says", "said", "reckons", "believes",
              "told", "heard", "swears", "insists", "insisted"}


def _is_no(word: str) -> bool:
    return word in _NO_WORDS or word.endswith("n't")


def _clauses(text: str) -> list[str]:
    """The line's clauses: what a no in one says nothing of in another ("It wasn't Cy who
    moved your key, it was Bo"; "Dee moved your key. I'm not joking")."""
    return [c for c in re.split(r"[,;:.!?—–]+|\s-\s|\bbut\b|\band\b", text, flags=re.I)
            if _WORD.search(c)]


def _stem(word: str) -> str:
    """A word without an ending that changes little: "moved", "moving" and "move" are "mov";
    "allergic" and "allergy" are "allerg"."""
    word = word.removesuffix("'s")
    for end in ("ing", "ed", "es", "ic", "y", "s", "e"):
        if word.endswith(end) and len(word) - len(end) >= 3 and \
                not (end == "s" and word.endswith("ss")):
            return word[:-len(end)]
    return word


def _meets(words: set[str], said: set[str]) -> bool:
    """Does a word of `words` appear in `said`, in one of its forms ("allergy" in "allergic",
    "key" in "keys")?"""
    stems = {_stem(w) for w in said}
    for w in words:
        if w in said or _stem(w) in stems:
            return True
        if len(w) >= 4 and any(s.startswith(w) or (len(s) >= 4 and w.startswith(s))
                               for s in said):
            return True
    return False


def _subject_words(sim: Game, claim: str, listener: str | None = None) -> set[str]:
    """The words that name `claim`'s subject: a name, a thing's words, its owner's name ("Dee
    took Ada's key"). Said to `listener`, their own name is how they are spoken to, not a word
    of the claim ("Ada, Dee is lovely" named Ada's key to the guard; a model fuzz): of
    themselves "you", of their own things "your"."""
    subject = claim.partition(".")[0]
    out = _telling(subject, keep_short=True) | _telling(sim.thing(subject), keep_short=True)
    if subject in sim.people:
        out |= _telling(sim.name(subject), keep_short=True)
    owner = sim.objects.get(subject, {}).get("owner")
    if owner in sim.people:
        out |= _telling(sim.name(owner), keep_short=True)
    if listener in sim.people:
        out -= _telling(listener, keep_short=True) | _telling(sim.name(listener),
                                                              keep_short=True)
        if listener == subject:
            out |= {"you", "your", "yours", "yourself"}
        elif listener == owner:  # ("your key"; not "you", as in "Ada, you know Dee")
            out |= {"your", "yours"}
    return {w for w in out if w not in _NOT_A_CLAIM}


def _asked_words(sim: Game, claim: str) -> set[str]:
    attribute = claim.partition(".")[2]
    attr = sim.attributes.get(attribute)
    asked = [attribute, sim.say_claim(claim)]
    if attr is not None:
        asked += [x.replace("{subject}", " ").replace("{value}", " ")
                  for x in (attr.label, attr.about) if x]
    out: set[str] = set()
    for text in asked:
        out |= _telling(text)
    # (the subject's own words said in the question — "Mira" in "whether Mira is allergic" —
    # are the subject's, not what it asks)
    return {w for w in out if w not in _NOT_A_CLAIM} - _subject_words(sim, claim)


_WEAK = {"because", "as", "was", "were", "his", "her", "their", "that", "this", "about", "from",
         "into", "onto", "out", "off", "all", "any", "some", "very", "just"}


def _value_words(sim: Game, claim: str, value: str) -> set[str]:
    """The words that say `value` (neither a yes nor a no, nor anyone or anything in town) as
    the answer to `claim` rather than another of its answers: "working" and "night shift"
    for why Ben stayed away; "2" for a meeting on day 2 at six, not day 3 at six."""
    from .vocab import YES_NO

    attribute = claim.partition(".")[2]

    def words(v: str) -> set[str]:
        # (not "as" nor "because": "Ben stayed away, as usual" was read as a slight, "…
        # because he was angry" as the night shift; a model fuzz)
        return {w for w in _telling(v, keep_short=True) | _telling(
            sim.value_words(v, attribute), keep_short=True)
            if (len(w) > 2 or w.isdigit()) and w not in _WEAK}

    own = words(value)
    others = [v for v in sim.names().allowed(claim) - {value} if v not in YES_NO
              and "." not in v and v not in sim.people and v not in sim.places
              and v not in sim.objects]
    shared = set().union(*map(words, others))
    return (own - shared) or own


def _not_said(sim: Game, claim: str, value: str, text: str,
              listener: str | None = None) -> str | None:
    """What of `claim` = `value` the typed line does not say, in words ("name Dee", "say
    anything about who moved Ada's key", "say that Mira is not allergic to willowbark"); None
    if it says it all. The words may be few ("Ada, Dee's the one") and in any form; what they
    cannot do is name nothing of it — nor name the answer with a no beside it ("it was not Cy
    who moved your key" was read as Cy; a fuzz run), nor name the one spoken to only by
    speaking to them ("Ada, Dee is back on day 3" was read as Ada's own doing)."""
    from .vocab import YES_NO

    told = _telling_part(text)
    if told is None:
        # A question asks; it tells nothing ("Ada, have you heard from Dee lately?" was read
        # as Dee moving her key, and "Tilly, how is Mira today?" as an allergy; a model fuzz).
        return f"say that {sim.say_claim(claim, value)} (they ask a question)"
    text = told  # (what a question beside it asks is no part of what is told)
    said = _typed_words(text)
    other = _spoken_to(sim, text)
    if other is not None and listener is not None and other != listener:
        # "Bo, Dee moved Ada's key" is said to Bo, not to Ada (a model fuzz)
        return f"say it to {sim.name(listener)} (they speak to {sim.name(other)})"
    if _unsure(text):
        return f"say that {sim.say_claim(claim, value)} (they say it is not known so)"
    subject = _subject_words(sim, claim, listener)
    thing = value == "player" or value in sim.people or value in sim.objects or \
        value in sim.documents or value.partition(".")[0] in sim.places
    own = set() if thing or value in YES_NO else _value_words(sim, claim, value)

    def names_it(clause: str) -> bool:
        said_here = _typed_words(clause)
        return _meets(subject, said_here) or (_named_in(sim, value, clause) if thing else
                                              bool(own) and _meets(own, said_here))

    if _taken_back(text, names_it):
        return f"say that {sim.say_claim(claim, value)} (they take it back, or make it a " \
            "fancy)"
    # Its subject named, not only a word of what it asks: "Joss is allergic to willowbark"
    # was read as Mira's allergy, "Dee moved the chairs, Ada" as who moved her key (a model
    # fuzz). (Of the listener's own, a plain answer needs none: `_answers_theirs`.)
    about = None if _meets(_subject_words(sim, claim, listener), said) else \
        f"say anything about {sim.say_claim(claim)}"
    attribute = claim.partition(".")[2]
    entity = value == "player" or value in sim.people or value in sim.objects or \
        value in sim.documents or value.partition(".")[0] in sim.places
    if entity:
        named_here = _named_in(sim, value, text)
        if about is not None and named_here and value != listener and \
                _answers_theirs(sim, claim, value, said, listener):
            about = None
        if named_here and value == listener and value in sim.people:
            # Spoken to by name, and said to have done it: "you" says so, or their name
            # again past the greeting ("your" does not: "Ada, Dee moved your key").
            rest = _typed_words(text.split(",", 1)[1]) if "," in text else said
            named_here = bool(rest & {"you", "yourself"}) or \
                _named_in(sim, value, text.split(",", 1)[1] if "," in text else text)
        if named_here and value in sim.people and _only_reporting(sim, value, text):
            who = "you" if value == "player" else sim.name(value)
            return f"say that {sim.say_claim(claim, value)} (they say {who} " \
                f"{'hold' if who == 'you' else 'holds'} it, not did it)"
        if named_here and any(_is_no(w) for c in _clauses(text) if _named_in(sim, value, c)
                              for w in _typed_words(c)):
            return f"say plainly that {sim.say_claim(claim, value)} (they have a no in them)"
        if named_here:
            return about
        named = f"name {sim.value_words(value, attribute)}"
        return named if about is None else f"{named}, nor {about}"
    if about is not None:
        return about
    # A negation says no whatever else is said ("Yes, Cy isn't barred"); a bare "no" does
    # unless a yes takes it back ("no, no — yes, Cy is barred").
    negated = any(_is_no(w) and w not in _BARE_NO for w in said)
    bare_no = bool(said & _BARE_NO)
    if value in YES_NO:
        # A yes or a no is said of what is asked, not of its subject alone ("Mira has a
        # cough, Tilly" was read as her allergy), and of this question, not one beside it
        # ("Mira was given willowbark" as her allergy; a model fuzz).
        if not _meets(_own_asked_words(sim, claim), said):
            return f"say anything about {sim.say_claim(claim)}"
        if value == "no" and (negated or bare_no):
            return None
        if value == "yes" and not negated and (not bare_no or said & _YES_WORDS):
            return None
    elif _meets(_value_words(sim, claim, value), said) and not negated and not bare_no:
        # (and not with a no: "Ben wasn't working that night" was read as working)
        return None
    return f"say that {sim.say_claim(claim, value)}"


def _spoken_to(sim: Game, text: str) -> str | None:
    """The resident the line is said to by name — "Bo, …" or "…, Bo" — if any."""
    parts = [p.strip() for p in text.split(",")]
    for part in (parts[0], parts[-1]) if len(parts) > 1 else ():
        words = {w for w in _WORD.findall(_fold(part)) if w not in _GREETING}
        if not words:
            continue
        for rid in sim.people:
            # (the part is their name and nothing else: "Ben came, Ana" is said to Ana)
            if rid != "player" and words <= _telling(rid, keep_short=True) | _telling(
                    sim.name(rid), keep_short=True):
                return rid
    return None


_GREETING = {"hey", "hi", "hello", "morning", "good", "evening", "afternoon", "there", "oh",
             "listen", "look", "dear", "well"}


def _only_reporting(sim: Game, value: str, text: str) -> bool:
    """Is `value` named only as one who holds or tells it ("Bo thinks Dee moved your key",
    read as Bo having moved it; "I think Dee moved your key" as the player; a model fuzz)?"""
    if value == "player":
        names, verbs = {"i", "me"}, _REPORTING | _MINE
    else:
        names = _telling(value, keep_short=True) | _telling(sim.name(value), keep_short=True)
        verbs = _REPORTING
    words = [w.partition("'")[0] for w in _WORD.findall(_fold(text))]
    at = [i for i, w in enumerate(words) if w in names]
    return bool(at) and all(i + 1 < len(words) and words[i + 1] in verbs for i in at)


# What "I" says of the player's own mind, not a deed ("I know who…", "I'm sorry…"): the
# word after "I" (an apostrophe's ending dropped: "I'm sorry" is "i", then "sorry").
_MINE = {"know", "knew", "think", "guess", "suppose", "believe", "heard", "hear", "saw", "see",
         "sorry", "afraid", "fear", "hope", "wish", "wonder", "found", "learned", "learnt"}
# A doubt said in a phrase ("Dee could have moved your key, or Bo"), and a sureness that has
# a doubt's word in it ("no doubt about it").
_UNSURE_PHRASES = ("as if", "could have", "could be", "may have", "may be", "might have",
                   "not sure", "no idea",
                   # a telling that calls itself a lie, a joke or a folly, anywhere ("it is a
                   # lie that Dee moved your key", "only a fool would say…"; a model fuzz)
                   "a lie that", "it's a lie", "its a lie", "it is a lie", "that's a lie",
                   "all lies", "i'm joking", "im joking", "i am joking", "i'm kidding",
                   "im kidding", "i am kidding", "just kidding", "just joking", "only kidding",
                   "only joking", "said nobody", "says nobody", "said no one", "says no one",
                   "fool would", "fools would", "absurd to", "ridiculous to",
                   "preposterous to", "silly to", "laughable to", "absurd that",
                   "ridiculous that", "let's pretend", "lets pretend", "imagine if",
                   "what if")
_SURE_PHRASES = ("no doubt", "without a doubt", "without doubt", "beyond doubt",
                 "not joking", "not kidding", "no kidding", "not lying", "no lie", "no joke",
                 "not a word of a lie", "wouldn't lie", "would not lie", "never lie",
                 "wouldn't joke", "never joke", "would not joke", "no fantasy", "no fiction",
                 "no dream")
# Words that make a telling a fancy when said of it, in its own clause ("Ada, imagine Dee
# moved your key", "pretend Dee…"; not "Dee moved your key, imagine that!"), and words that
# take it back when said after it ("… Just kidding", "…, but Cy is lying"; not "Bo lied to
# you: Dee moved your key", nor "your key lies in the drawer"; a model fuzz, then a review).
_FANCY = {"imagine", "imagining", "pretend", "pretended", "pretending", "suppose",
          "supposing", "hypothetically", "dream", "dreamt", "dreamed", "dreaming", "fiction",
          "fantasy", "sarcasm", "sarcastic"}
_TAKEN_BACK = {"lie", "lies", "lied", "lying", "liar", "kidding", "joking", "jest",
               "jesting", "sarcasm", "sarcastic"}


def _unsure(text: str) -> bool:
    """Does the line say it is not known (a doubt, a wish, a condition, a scoff)?"""
    folded = _folded(text)
    return bool(set(folded.split()) & _UNSURE) or any(f" {p} " in folded
                                                      for p in _UNSURE_PHRASES)


def _folded(text: str) -> str:
    """The line's words, folded, space-separated and padded, its sure phrases taken out."""
    folded = " " + " ".join(_WORD.findall(_fold(text))) + " "
    for phrase in _SURE_PHRASES:
        folded = folded.replace(f" {phrase} ", " ")
    return folded


def _taken_back(text: str, names_it: Callable[[str], bool]) -> bool:
    """Does the line make its telling a fancy (`_FANCY` in a clause that says it) or take it
    back after it (`_TAKEN_BACK` in a later clause, or a bare "not" to end it: "Dee moved
    your key, not")? `names_it(clause)`: whether a clause says the claim."""
    clauses = _clauses(text)
    said = [i for i, c in enumerate(clauses) if names_it(c)]
    if not said:
        return False
    words = [set(_folded(c).split()) for c in clauses]
    if any(words[i] & _FANCY for i in said):
        return True
    if any(w & _TAKEN_BACK for w in words[said[0] + 1:]):
        return True
    return said[-1] < len(clauses) - 1 and words[-1] == {"not"}


def _own_asked_words(sim: Game, claim: str) -> set[str]:
    """What this question asks that no other question of its subject does: "allergic" for
    Mira's allergy, not "willowbark", which her being given it shares (or all its words, if
    it shares them all)."""
    subject = claim.partition(".")[0]
    own = _asked_words(sim, claim)
    others = set()
    for c in sim.names().claims:
        if c != claim and c.partition(".")[0] == subject:
            others |= _asked_words(sim, c)
    return (own - others) or own


# The last words of a tag question: what comes before them is told ("Dee took your key,
# didn't you know?").
_TAGS = {"didn't", "don't", "doesn't", "isn't", "wasn't", "weren't", "aren't", "hasn't",
         "haven't", "hadn't", "won't", "wouldn't", "can't", "couldn't", "shouldn't", "right",
         "eh", "ok", "okay", "innit", "huh", "true", "yes", "no", "see", "remember", "you"}
# The first words of a question typed without its mark ("Ada, did Dee move your key").
_ASKING = {"who", "whom", "whose", "what", "where", "when", "why", "how", "which", "did", "does",
           "do", "is", "are", "was", "were", "has", "have", "had", "can", "could", "would",
           "will", "should", "shall", "may", "might", "must", "am", "didn't", "don't",
           "doesn't", "isn't", "wasn't", "weren't", "aren't", "hasn't", "haven't"}
_SENTENCE = re.compile(r"[^.!?？。…]+(?:[.!?？。…]+|$)")
_CLOSING = "\"'”’)»"


def _telling_part(text: str) -> str | None:
    """What the typed line tells: its sentences that are not questions (a tag question's
    telling part kept); None if it only asks. A question is one whose last marks have a "?"
    ("…?!" too), or, with no mark at the end, one opening with an asking word, past a name
    it is said to ("Ada, did Dee move your key"). (It was the line's last character: "Ada,
    Dee moved it. Trust me?" was a question, "did Dee move your key?!" was not; a review.)"""
    told = []
    for m in _SENTENCE.finditer(text):
        sentence = m.group(0)
        body = sentence.rstrip().rstrip(_CLOSING).rstrip()
        core = body.rstrip(".!?？。…").rstrip(_CLOSING)
        end = body[len(core):]
        if not _WORD.search(core):
            continue
        if "?" in end or "？" in end:
            head, comma, tail = core.rpartition(",")
            tail_words = _WORD.findall(_fold(tail))
            if comma and _WORD.search(head) and 0 < len(tail_words) <= 4 and \
                    tail_words[0] in _TAGS and not _asks(head):
                # (a head that asks is no telling: "Was it Dee who moved your key, you
                # think?"; a model fuzz)
                told.append(head + ".")
            continue
        if not end and m.end() == len(text) and _asks(core):
            continue
        told.append(sentence)
    return " ".join(told) if told else None


def _asks(clause: str) -> bool:
    """Does the clause open with an asking word, past the short words it is said to or
    greeted with ("Ada, tell me, did Dee move your key"; "Hey there Ada, did…")?"""
    for part in clause.split(","):
        words = _WORD.findall(_fold(part))
        if not words:
            continue
        if words[0] in _ASKING or (len(words) > 1 and words[0] in _GREETING | {"so", "and"}
                                   and words[1] in _ASKING):
            return True
        if len(words) > 3 and words[:2] != ["tell", "me"]:
            return False  # past the greeting: the sentence itself, which does not ask
    return False


# Words an answer is said with around its name, that name no claim ("Ada, it was Dee";
# "Ada, Dee's the one"; "I was wrong, Ada, it was Dee").
_ANSWERING = {"it", "it's", "its", "was", "is", "the", "one", "who", "did", "done", "that", "i",
              "i'm", "im", "think", "reckon", "say", "said", "wrong", "sure", "am", "actually",
              "really", "oh", "well", "so", "yes", "twas", "him", "her", "them", "all", "along",
              "thought", "tell", "told", "you", "believe", "now", "know", "i've", "been", "fear",
              "afraid", "sorry", "but", "and", "a", "s", "listen", "look", "truth", "true",
              "honest", "swear", "certain", "guess", "must", "have", "after", "heard"}
# What makes a line an answer at all: "it was X", "X's the one", "X did it" ("Ada, tell Dee"
# and "Ada, I believe Dee" named Dee with no answer's frame and were read as the deed; a
# review).
_FRAME = {"it", "it's", "twas", "one", "did", "done"}


def _answers_theirs(sim: Game, claim: str, value: str, said: set[str],
                    listener: str | None) -> bool:
    """Is the line an answer about the listener's own thing or self, and nothing more — the
    value named with no other word than an answer is said with ("Ada, it was Dee" of who
    moved Ada's key)? Of their own, that is what it answers; "Ada, Dee is lovely" is not."""
    subject = claim.partition(".")[0]
    owner = sim.objects.get(subject, {}).get("owner")
    if listener is None or listener not in sim.people or listener not in (subject, owner):
        return False
    names = _telling(value, keep_short=True) | _telling(sim.name(value), keep_short=True) \
        if value in sim.people else set()
    names |= _telling(listener, keep_short=True) | _telling(sim.name(listener),
                                                             keep_short=True)
    asked = _asked_words(sim, claim)  # ("Ada, Dee moved it": what is asked, said of it)
    rest = {w for w in said if w not in names and w.partition("'")[0] not in names
            and w not in _ANSWERING and not _meets(asked, {w})}
    return not rest and bool(said & _FRAME or _meets(asked, said))


def _player_saw(sim: Game, r: Reading, value: str) -> bool:
    """Has the player seen for themselves that `r`'s claim has `value`?"""
    from .player import PLAYER

    return any(e.value == value and e.kind in ("firsthand", "witnessed")
               for e in sim.store.evidence(PLAYER, r.subject, r.attribute))


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
