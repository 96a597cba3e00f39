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

        self.server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self.server.daemon_threads = True
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


# Each misbehaviour of the server, by name: what it sends back to a model call.
HUGE = "x" * 1_000_000
MISBEHAVIOURS: dict[str, Behaviour] = {
    "invalid json": body(b'{"choices": [{"message": {"content": "{\\"listener'),
    "empty body": body(b""),
    "not utf-8": body(b"\xff\xfe\xfa" * 100),
    "json array": body(b"[1, 2, 3]"),
    "json null": body(b"null"),
    "no choices": body(b'{"id": "x", "choices": []}'),
    "choices not a list": body(b'{"id": "x", "choices": "many"}'),
    "message a number": body(b'{"choices": [{"index": 0, "message": 5}]}'),
    "content a number": answer(7),
    "content a list": answer(["listener", "ada"]),
    "content an object": answer({"listener": "ada", "subject": "ada_key"}),
    "content null": answer(None),
    "content prose": answer("Sure! Ada is told that Dee moved her key."),
    "content 1 MB": answer(HUGE),
    "content deep json": answer("[" * 100_000 + "]" * 100_000),
    "body over 1 MiB": body(b'{"choices": "' + b"x" * (2 << 20) + b'"}'),
    "html error page": body(b"<html><body>502 Bad Gateway</body></html>", 200, "text/html"),
    "http 500": status(500),
    "http 502 html": body(b"<html>bad gateway</html>", 502, "text/html"),
    "http 429": status(429, {"Retry-After": "3600"}),
    "http 401": status(401),
    "http 403": status(403),
    "http 404": status(404),
    "redirect 307": redirect(307),
    "redirect 302": redirect(302),
    "redirect loop": redirect(301, "/v1/chat/completions"),
    "closed mid-body": cut(),
    "closed before headers": lambda h, stop: h.connection.shutdown(2),
    "hang": hang,
    "a byte at a time": trickle(),
    "garbage stream": garbage_stream,
    "gzip lie": body(b"not gzip at all", headers={"Content-Encoding": "gzip"}),
    "unknown encoding": body(completion(reading()), headers={"Content-Encoding": "br, zstd"}),
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
