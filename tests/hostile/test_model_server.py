"""A misbehaving OpenAI-compatible model, on loopback: the fake server the hostile model tests
drive the game against (here, and in test_model_cli.py and test_model_window.py), and the
model client against each of its misbehaviours, one call at a time.

`FakeModel` serves /v1/chat/completions from a queue of behaviours (then its `default`): a good
completion, invalid JSON, JSON of the wrong shape, HTTP errors, a redirect, a connection closed
mid-body, a hang, a reply a byte at a time, an endless stream of garbage. Every test here
asserts the same things of each: the call ends within its verb's budget, with the template's
words or a refusal that says why in a player's words — never a traceback, never a hang."""

from __future__ import annotations

import json
import threading
import time
from collections.abc import Callable
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

import pytest

Behaviour = Callable[[BaseHTTPRequestHandler, threading.Event], None]


def completion(content: object, **message) -> bytes:
    """A chat completion whose one choice says `content` (any JSON value: the model's)."""
    return json.dumps({
        "id": "x", "object": "chat.completion", "created": 0, "model": "fake",
        "choices": [{"index": 0, "finish_reason": "stop",
                     "message": {"role": "assistant", "content": content, **message}}],
    }).encode()


def reading(**kw) -> str:
    """A model's reading of a typed line, as JSON (a good one unless `kw` spoils it)."""
    base = {"listener": "ada", "subject": "ada_key", "attribute": "moved_by", "value": "dee",
            "source": "hearsay", "basis": "heard"}
    return json.dumps({**base, **kw})


def _send(h: BaseHTTPRequestHandler, status: int, body: bytes,
          ctype: str = "application/json", headers: dict[str, str] | None = None) -> None:
    h.send_response(status)
    h.send_header("Content-Type", ctype)
    h.send_header("Content-Length", str(len(body)))
    for k, v in (headers or {}).items():
        h.send_header(k, v)
    h.end_headers()
    h.wfile.write(body)
    h.wfile.flush()


def answer(content: object) -> Behaviour:
    """A well-formed completion whose content is `content` (a string, or any JSON value)."""
    return lambda h, stop: _send(h, 200, completion(content))


def body(raw: bytes, status: int = 200, ctype: str = "application/json",
         headers: dict[str, str] | None = None) -> Behaviour:
    """Exactly these bytes as the reply's body."""
    return lambda h, stop: _send(h, status, raw, ctype, headers)


def status(code: int, headers: dict[str, str] | None = None) -> Behaviour:
    return body(json.dumps({"error": {"message": "nope", "type": "x", "code": code}}).encode(),
                code, headers=headers)


def redirect(code: int = 307, to: str = "http://127.0.0.1:9/v1/chat/completions") -> Behaviour:
    return body(b"", code, headers={"Location": to})


def cut(raw: bytes = None, keep: int = 40) -> Behaviour:
    """Promise the whole body, send `keep` bytes of it, and close the connection."""
    raw = raw if raw is not None else completion(reading())

    def run(h, stop):
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(raw)))
        h.end_headers()
        h.wfile.write(raw[:keep])
        h.wfile.flush()
        h.close_connection = True
        h.connection.shutdown(2)
    return run


def hang(h, stop: threading.Event) -> None:
    """Read the request and never answer (until the server is closed)."""
    stop.wait(600)


def trickle(raw: bytes = None, every: float = 0.2) -> Behaviour:
    """A good reply, one byte at a time: it would end well, long after any budget."""
    raw = raw if raw is not None else completion(reading())

    def run(h, stop):
        h.send_response(200)
        h.send_header("Content-Type", "application/json")
        h.send_header("Content-Length", str(len(raw)))
        h.end_headers()
        for i in range(len(raw)):
            if stop.wait(every):
                return
            h.wfile.write(raw[i:i + 1])
            h.wfile.flush()
    return run


def endless_continue(h, stop: threading.Event) -> None:
    """'100 Continue', again and again: never the answer itself."""
    while not stop.is_set():
        h.wfile.write(b"HTTP/1.1 100 Continue\r\n\r\n")
        h.wfile.flush()
        time.sleep(0.01)


def endless_headers(h, stop: threading.Event) -> None:
    """Headers without end (the first already longer than any client takes)."""
    h.wfile.write(b"HTTP/1.1 200 OK\r\nX-First: " + b"a" * 200_000 + b"\r\n")
    while not stop.is_set():
        h.wfile.write(b"X-More: " + b"a" * 8000 + b"\r\n")
        h.wfile.flush()
        time.sleep(0.005)


def garbage_stream(h, stop: threading.Event) -> None:
    """An event stream of garbage, chunk after chunk, without end (until closed)."""
    h.send_response(200)
    h.send_header("Content-Type", "text/event-stream")
    h.send_header("Transfer-Encoding", "chunked")
    h.end_headers()
    junk = b"data: {\"choices\": [\xff\xfe\x00 garbage \x1b[2J\n\n" * 64
    while not stop.is_set():
        h.wfile.write(b"%x\r\n%s\r\n" % (len(junk), junk))
        h.wfile.flush()
        time.sleep(0.01)


class FakeModel:
    """An OpenAI-compatible server on 127.0.0.1 (a free port) that misbehaves as told: each
    request takes the next queued behaviour, or `default` when the queue is empty."""

    def __init__(self, default: Behaviour | None = None):
        self.queue: list[Behaviour] = []
        self.default = default or answer(reading())
        self.requests: list[dict] = []
        self.stop = threading.Event()
        fake = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"

            def do_POST(self):  # noqa: N802 - http.server's name
                raw = self.rfile.read(int(self.headers.get("Content-Length") or 0))
                try:
                    fake.requests.append(json.loads(raw))
                except ValueError:
                    fake.requests.append({})
                act = fake.queue.pop(0) if fake.queue else fake.default
                try:
                    act(self, fake.stop)
                except OSError:  # the client gave up on us: as a real server would, go on
                    self.close_connection = True

            do_GET = do_POST  # noqa: N815 - a redirect's target, if it were followed

            def log_message(self, *a):
                pass

        class Server(ThreadingHTTPServer):
            daemon_threads = True

            def handle_error(self, request, client_address):
                pass  # a client that gave up mid-reply: nothing to print

        self.server = Server(("127.0.0.1", 0), Handler)
        self.url = f"http://127.0.0.1:{self.server.server_port}/v1"
        self._thread = threading.Thread(target=self.server.serve_forever, daemon=True)
        self._thread.start()

    def env(self, monkeypatch, budget: float | None = None) -> None:
        """Point the game at this server (and give each verb `budget` seconds of it)."""
        monkeypatch.setenv("HEARSAY_MODEL_URL", self.url)
        monkeypatch.setenv("HEARSAY_MODEL", "fake")
        if budget is not None:
            monkeypatch.setenv("HEARSAY_MODEL_BUDGET", str(budget))

    def close(self) -> None:
        self.stop.set()
        self.server.shutdown()
        self.server.server_close()


@pytest.fixture
def fake():
    f = FakeModel()
    yield f
    f.close()


# Each misbehaviour of the server, by name: what it sends back to a model call, and the words
# the player is given for it when it was to read what they said.
HUGE = "x" * 1_000_000
NOT_JSON, NOT_A_COMPLETION = "did not answer in JSON", "did not answer with a chat completion"
NOT_A_READING, TOO_LONG = "not the JSON reading asked for", "did not answer within this verb's"
CASES: dict[str, tuple[Behaviour, str]] = {
    "invalid json": (body(b'{"choices": [{"message": {"content": "{\\"listener'), NOT_JSON),
    "empty body": (body(b""), NOT_JSON),
    "not utf-8": (body(b"\xff\xfe\xfa" * 100), NOT_JSON),
    "html error page": (body(b"<html><body>502 Bad Gateway</body></html>", 200, "text/html"),
                        NOT_JSON),
    "json array": (body(b"[1, 2, 3]"), NOT_A_COMPLETION),
    "json null": (body(b"null"), NOT_A_COMPLETION),
    "no choices": (body(b'{"id": "x", "choices": []}'), NOT_A_COMPLETION),
    "choices not a list": (body(b'{"id": "x", "choices": "many"}'), NOT_A_COMPLETION),
    "message a number": (body(b'{"choices": [{"index": 0, "message": 5}]}'), NOT_A_COMPLETION),
    "content a number": (answer(7), NOT_A_COMPLETION),
    "content a list": (answer(["listener", "ada"]), NOT_A_COMPLETION),
    "content an object": (answer({"listener": "ada", "subject": "ada_key"}), NOT_A_COMPLETION),
    "content null": (answer(None), "the model gave an empty answer"),
    "a refusal": (lambda h, stop: _send(h, 200, completion(None, refusal="I can't")),
                  "the model declined to answer"),
    "cut off": (body(completion(reading()).replace(b'"stop"', b'"length"')), "was cut off"),
    "content prose": (answer("Sure! Ada is told that Dee moved her key."), NOT_A_READING),
    "content 1 MB": (answer(HUGE), NOT_A_READING),
    "content deep json": (answer("[" * 100_000 + "]" * 100_000), NOT_A_READING),
    "body over 1 MiB": (body(b'{"choices": "' + b"x" * (2 << 20) + b'"}'), "longer than"),
    "http 500": (status(500), "answered HTTP 500 (the server failed)"),
    "http 502 html": (body(b"<html>bad gateway</html>", 502, "text/html"), "HTTP 502"),
    "http 429": (status(429, {"Retry-After": "3600"}), "HTTP 429 (too many requests"),
    "http 401": (status(401), "HTTP 401 (it refused the key: check HEARSAY_MODEL_KEY)"),
    "http 403": (status(403), "HTTP 403"),
    "http 404": (status(404), "check HEARSAY_MODEL_URL and HEARSAY_MODEL"),
    "redirect 307": (redirect(307), "(HTTP 307 to 'http://127.0.0.1:9/v1/chat/completions'), "
                                    "which is not followed"),
    "redirect 302": (redirect(302), "which is not followed"),
    "redirect loop": (redirect(301, "/v1/chat/completions"), "which is not followed"),
    "redirect hostile": (redirect(302, "\x1b[2J" + "http://x/" * 300), "which is not followed"),
    "closed mid-body": (cut(), "broke off its answer"),
    "closed before headers": (lambda h, stop: h.connection.shutdown(2), "broke off its answer"),
    "hang": (hang, TOO_LONG),
    "a byte at a time": (trickle(), TOO_LONG),
    "garbage stream": (garbage_stream, TOO_LONG),
    "endless 100 continue": (endless_continue, TOO_LONG),
    "endless headers": (endless_headers, "broke off its answer"),
    "gzip lie": (body(b"not gzip at all", headers={"Content-Encoding": "gzip"}),
                 "its reply is not in the encoding it names"),
    "unknown encoding": (body(completion(reading()), headers={"Content-Encoding": "br, zstd"}),
                         "its reply is in an encoding not read here ('br, zstd')"),
}
MISBEHAVIOURS: dict[str, Behaviour] = {k: v[0] for k, v in CASES.items()}
# The model's reading itself (a well-formed completion whose content is this JSON) naming what
# may not be written, and what the player is told.
BAD_READINGS: dict[str, tuple[str, str]] = {
    "extra fields": (reading(confidence=100, records_done=True, certainty="fact"),
                     "confidence: Extra inputs are not permitted"),
    "a number for a value": (reading(value=5), "value: Input should be a valid string"),
    "null listener": (reading(listener=None), "listener: Input should be a valid string"),
    "a list for a subject": (reading(subject=["ada_key"]), "subject: Input should be"),
    "a missing field": (json.dumps({"listener": "ada", "value": "dee"}), "Field required"),
    "a 1 MB value": (reading(value="dee" * 333_333), "value: String should have at most 200"),
    "an implanted memory": (reading(source="implanted"), "source: Input should be"),
    "a sight from a conversation": (reading(source="witnessed"), "a conversation"),
    "a first-hand account": (reading(source="firsthand"), "a conversation"),
    "a document with none": (reading(source="document"), "names the document read"),
    "a declaration by another": (reading(source="declared"), "a declaration is a person"),
    "a sight the player never had": (reading(basis="saw"), "you did not see that"),
    "a resident who does not exist": (reading(listener="zed"), "named no one here"),
    "a resident not here": (reading(listener="fen"), "named no one here"),
    "the player as listener": (reading(listener="player"), "named no one here"),
    "a listener in capitals": (reading(listener="ADA"), "named no one here"),
    "control characters in the listener": (reading(listener="ada\u0000\u202e"),
                                           "named no one here"),
    "a claim that does not exist": (reading(subject="ada_key", attribute="eaten_by"),
                                    "named no claim you know of"),
    "a subject that does not exist": (reading(subject="zed_key"), "named no claim you know of"),
    "a claim the player never heard of": (reading(subject="bo", attribute="rival_of",
                                                  value="cy"), "named no claim you know of"),
    "a claim about a resident": (reading(subject="fen", attribute="location", value="inn"),
                                 "named no claim you know of"),
    "a value that does not exist": (reading(value="zed"), "nobody and nothing you know of"),
    "a value outside the attribute's": (reading(value="yes"), "nobody and nothing you know of"),
    "a place as who moved it": (reading(value="cafe"), "nobody and nothing you know of"),
    "a hidden spot": (reading(attribute="location", value="cafe.drawer"),
                      "nobody and nothing you know of"),
    "control characters in the value": (reading(value="\u001b[2J\u202edee\u0007"),
                                        "nobody and nothing you know of"),
    "combining accents": (reading(subject="z" * 60, attribute="q" * 60, value="\u0301" * 200),
                          "named no claim you know of"),
    "a value the player did not say": (reading(value="cy"),
                                       "your words do not name Cy, which the model read"),
}


def test_the_fake_server_answers_as_a_model_would(fake):
    """The server itself: a good reading comes back whole (so what fails below is the
    misbehaviour, not the fake)."""
    from game.model import LanguageModel, ModelSettings

    model = LanguageModel(ModelSettings(base_url=fake.url, model="fake", verb_budget=5))
    fake.queue.append(answer("Bo told me Cy did it."))
    assert model.reword("Bo told me Cy did it.", "Ada", ["Cy", "Bo"]) == "Bo told me Cy did it."
    assert fake.requests and fake.requests[0]["model"] == "fake"


@pytest.mark.parametrize("name", sorted(MISBEHAVIOURS))
def test_a_rewording_survives_every_misbehaviour_within_its_budget(fake, name):
    """A resident's words under a misbehaving model: the template's words, at once or by the
    verb's budget — never an exception, never a wait past it."""
    from game.model import LanguageModel, ModelSettings

    fake.default = MISBEHAVIOURS[name]
    model = LanguageModel(ModelSettings(base_url=fake.url, model="fake", verb_budget=0.8))
    model.new_verb()
    t = time.monotonic()
    out = model.reword("Bo told me Cy did it.", "Ada", ["Cy", "Bo"])
    assert time.monotonic() - t < 0.8 + 0.5, name
    assert out == "Bo told me Cy did it.", (name, out[:200])


# -- the game: a typed line read by a misbehaving model ------------------------------------------

SAID = "say Ada, it was Dee who moved your key"
BUDGET = 0.8  # seconds of model time per verb, in these tests


def memory(sim) -> dict[str, list]:
    """Everything memory holds, table by table (what a refused reading must leave alone)."""
    tables = ("claims", "evidence", "belief_rows", "belief_versions", "belief_facts",
              "belief_premises", "trust", "trust_changes", "memory_edits")
    return {t: sorted(sim.db.execute(f"SELECT * FROM {t}").fetchall(), key=repr)
            for t in tables}


def with_someone(monkeypatch, fake: FakeModel | None, scenario: str, place: str, who: str,
                 wait: str):
    """`scenario`, seed 0, the player at `place` with `who` after `wait` (with `fake` as the
    model, or none)."""
    from game.sim import Simulation

    if fake is None:
        monkeypatch.delenv("HEARSAY_MODEL_URL", raising=False)
    else:
        fake.env(monkeypatch, BUDGET)
    sim = Simulation.new(scenario, seed=0)
    for line in (f"go {place}", f"wait {wait}"):
        assert sim.command(line).ok
    assert who in sim.present(place)
    return sim


def at_the_cafe(monkeypatch, fake: FakeModel | None):
    """missing_key, seed 0, the player at the café with Ada (with `fake` as the model, or
    none)."""
    return with_someone(monkeypatch, fake, "missing_key", "cafe", "ada", "10m")


def said_to_no_avail(sim, monkeypatch, line: str = SAID) -> str:
    """Say `line`; assert it took at most the verb's budget and wrote nothing from the
    model's reading — memory is as a game without a model leaves it; return the reply."""
    t = time.monotonic()
    r = sim.command(line)
    took = time.monotonic() - t
    assert took < BUDGET + 0.7, f"the say took {took:.2f} s"
    assert not r.ok
    said = sim.world.log(kind="speak")[-1]
    assert sim.db.execute("SELECT count(*) FROM evidence WHERE event = ?",
                          (f"w{said['id']}",)).fetchone()[0] == 0
    bare = at_the_cafe(monkeypatch, None)
    bare.command(line)
    assert memory(sim) == memory(bare), "a refused reading changed memory"
    assert sim.world.log_hash() == bare.world.log_hash()
    return r.text()


@pytest.mark.parametrize("name", sorted(CASES))
def test_a_said_line_survives_every_misbehaviour_in_words(fake, monkeypatch, name):
    """Each misbehaviour of the server: the say is refused with why, in words a player can
    act on (and where: the model's address) — never an exception's class name — within the
    budget, and memory is untouched."""
    behaviour, why = CASES[name]
    sim = at_the_cafe(monkeypatch, fake)
    fake.default = behaviour
    text = said_to_no_avail(sim, monkeypatch)
    assert "(What you said was heard, but the model's reading was refused: " in text
    assert why in text, (name, text)
    assert "Error" not in text and "Traceback" not in text, text
    assert text.isprintable() or "\n" in text, repr(text)
    assert "\x1b" not in text and len(text) < 400, repr(text)


@pytest.mark.parametrize("name", sorted(BAD_READINGS))
def test_a_reading_that_breaks_the_contract_is_refused(fake, monkeypatch, name):
    """The model answers, but its reading names what may not go into Ada's memory: refused
    with the reason, memory untouched."""
    content, why = BAD_READINGS[name]
    sim = at_the_cafe(monkeypatch, fake)
    fake.default = answer(content)
    text = said_to_no_avail(sim, monkeypatch)
    assert why in text, (name, text)


def test_a_line_that_names_nothing_is_not_read_as_an_accusation(fake, monkeypatch):
    """'say hello', read by a model as "Dee moved Ada's key", was written into Ada's memory
    as the player's word."""
    sim = at_the_cafe(monkeypatch, fake)
    text = said_to_no_avail(sim, monkeypatch, "say hello")
    assert "your words do not name Dee" in text
    ok = sim.command("say Ada, I think Dee's the one who moved it")  # "Dee's" names Dee
    assert ok.ok, ok.text()


def test_a_good_reading_is_written_once_and_cites_the_line(fake, monkeypatch):
    """The model behaves: Ada takes it as hearsay from the player, citing the spoken line."""
    sim = at_the_cafe(monkeypatch, fake)
    r = sim.command(SAID)
    assert r.ok, r.text()
    said = sim.world.log(kind="speak")[-1]
    rows = sim.db.execute(
        "SELECT e.resident, c.subject, c.attribute, e.value, e.kind, e.teller FROM evidence e "
        "JOIN claims c ON c.id = e.claim_id WHERE e.event = ? ORDER BY e.id",
        (f"w{said['id']}",)).fetchall()
    assert rows[0] == ("ada", "ada_key", "moved_by", "dee", "hearsay", "player"), rows
    # (and what memory makes of it: Ada learns that the player holds it)
    assert all(r[0] == "ada" and r[3] == "dee" for r in rows), rows


def test_a_model_that_fails_twice_is_rested_and_the_player_is_told_why(fake, monkeypatch):
    """After two failures in a row the model is not asked for a minute; the refusal said
    "the model took too long" of a server that had answered HTTP 401 at once."""
    from game import model as model_module

    sim = at_the_cafe(monkeypatch, fake)
    fake.default = status(401)
    for _ in range(2):
        assert "HTTP 401" in sim.command(SAID).text()
    asked = len(fake.requests)
    t = time.monotonic()
    text = sim.command(SAID).text()
    assert time.monotonic() - t < 0.3 and len(fake.requests) == asked
    assert "failed twice in a row" in text and "HTTP 401" in text, text
    assert "took too long" not in text
    sim.model.resting_until = 0.0  # a minute on: asked again, and a behaving model is read
    fake.default = answer(reading())
    assert sim.command(SAID).ok
    assert model_module.REST_SECONDS == 60  # ("for a minute", as the line says)


def test_a_reading_may_not_name_a_thing_the_player_never_heard_of(fake, monkeypatch, tmp_path):
    """A reading could name where any thing of the scenario is — a thing the player had
    never heard of, which `tell` refuses: it takes the claims `tell` takes."""
    from game.knowledge import known_claims
    from game.model import _claims_known
    from game.scenario.loader import SCENARIOS
    from game.sim import Simulation

    text = (SCENARIOS / "missing_key" / "scenario.toml").read_text(encoding="utf-8")
    folder = tmp_path / "scarf"
    folder.mkdir()
    (folder / "scenario.toml").write_text(text + '''
[[objects]]
id = "fen_scarf"
name = "Fen's green scarf"
owner = "fen"
location = "inn"
''', encoding="utf-8")
    fake.env(monkeypatch, BUDGET)
    sim = Simulation.new(folder, seed=0)
    assert "fen_scarf" in sim.objects
    assert _claims_known(sim) == known_claims(sim)
    assert "fen_scarf.location" not in _claims_known(sim)
    for line in ("go cafe", "wait 10m"):
        assert sim.command(line).ok
    fake.default = answer(reading(subject="fen_scarf", attribute="location", value="inn"))
    r = sim.command("say Ada, Fen's green scarf is at the inn")
    assert not r.ok and "named no claim you know of" in r.text(), r.text()
    from game.commands import CommandError

    with pytest.raises(CommandError):  # as the command line has it
        sim.command("tell ada fen_scarf.location inn")


def _model_threads() -> int:
    return sum(1 for t in threading.enumerate() if t.name == "hearsay-model" and t.is_alive())


@pytest.mark.parametrize("name", ["endless 100 continue", "a byte at a time", "hang",
                                  "garbage stream"])
def test_an_abandoned_call_ends_by_its_deadline(fake, name):
    """The game stops waiting at the budget; the call's thread must stop too. Before its body
    nothing bounded it: a server sending '100 Continue' without end kept it reading for as
    long as the server liked (every read well within the client's timeout)."""
    from game.model import LanguageModel, ModelSettings

    end = time.monotonic() + 5
    while _model_threads() and time.monotonic() < end:  # (an earlier test's, ending)
        time.sleep(0.05)
    assert _model_threads() == 0
    fake.default = MISBEHAVIOURS[name]
    model = LanguageModel(ModelSettings(base_url=fake.url, model="fake", verb_budget=0.5))
    model.new_verb()
    assert model.reword("Cy did it.", "Ada", ["Cy"]) == "Cy did it."
    end = time.monotonic() + 1.5
    while _model_threads() and time.monotonic() < end:
        time.sleep(0.05)
    assert _model_threads() == 0, "the abandoned call is still reading"


def test_the_clients_sockets_keep_to_the_deadline(monkeypatch):
    """httpx gives no way to its pool's network backend but its attribute: should that
    change, this says so (the model would still answer, its hangs no longer cut short)."""
    import httpx2

    from game.model_http import BoundedClient, _DeadlineBackend

    monkeypatch.delenv("HTTP_PROXY", raising=False)
    client = BoundedClient(lambda: None)
    t = client._transport_for_url(httpx2.URL("http://127.0.0.1:9/v1"))
    assert isinstance(t._inner._pool._network_backend, _DeadlineBackend)


def test_https_to_a_plain_server_says_so(fake, monkeypatch):
    """An https:// address for a server that speaks plain HTTP: 'could not be reached' sent
    the player to check whether it was running; it is a TLS error."""
    from game.model import LanguageModel, ModelSettings

    sim = at_the_cafe(monkeypatch, fake)
    sim.model = LanguageModel(ModelSettings(base_url=fake.url.replace("http:", "https:"),
                                            model="fake", verb_budget=BUDGET))
    text = said_to_no_avail(sim, monkeypatch)
    assert "a TLS error: is it http://, not https://?" in text, text


@pytest.mark.parametrize("value, typed, named", [
    ("dee", "Ada, it was Dee who moved your key", True),
    ("dee", "it was DEE's doing", True),
    ("dee", "ｄｅｅ did it", True),  # (typed full-width, as some keyboards do)
    ("dee", "hello", False),
    ("cy", "the baker did it", False),  # a role is not a name: say the name
    ("cafe.drawer", "it's in the drawer", True),
    ("cafe.drawer", "it's somewhere in Ada's café", False),  # the place is not the spot
    ("inn", "she's at the Drowsy Fox", True),
    ("ada_key", "Ada's key", True),
    ("player", "Ada, I moved it myself", True),
    ("player", "Ada, it was Dee", False),
    ("yes", "no idea", True),  # not a person, thing or place: said or not, `_not_said` tells
])
def test_what_a_reading_may_read_into_the_players_words(value, typed, named):
    from game.model import _named_in
    from game.sim import Simulation

    sim = Simulation.new("missing_key", seed=0)
    assert _named_in(sim, value, typed) is named


@pytest.mark.parametrize("after, words", [
    ("120", "2 minutes"), ("7", "7 seconds"), ("999999", "longer than 10 minutes"),
    ("WHEN", "3 minutes"),
])
def test_a_busy_server_is_left_as_long_as_it_asks(fake, monkeypatch, after, words):
    """A 429 with Retry-After: 3600 was asked again on the next verb, and rested a minute
    after the second; now it is rested at once, as long as it asked (at most ten minutes)."""
    from email.utils import formatdate

    if after == "WHEN":
        after = formatdate(time.time() + 180, usegmt=True)
    sim = at_the_cafe(monkeypatch, fake)
    fake.default = status(429, {"Retry-After": after})
    text = sim.command(SAID).text()
    assert "HTTP 429 (too many requests" in text and f"left for {words}" in text, text
    asked = len(fake.requests)
    text = sim.command(SAID).text()
    assert len(fake.requests) == asked and f"left for {words}" in text, text


@pytest.mark.parametrize("after", ["", "soon", "-5", "0", "Thu, 01 Jan 1970 00:00:00 GMT"])
def test_a_retry_after_of_no_use_is_a_failure_like_any(fake, monkeypatch, after):
    sim = at_the_cafe(monkeypatch, fake)
    fake.default = status(503, {"Retry-After": after} if after else None)
    assert "HTTP 503" in sim.command(SAID).text()
    asked = len(fake.requests)
    assert "HTTP 503" in sim.command(SAID).text() and len(fake.requests) > asked
    assert "failed twice in a row" in sim.command(SAID).text()
