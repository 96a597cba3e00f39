"""The model client's HTTP transport, bounded: a reply is read only while its verb's time budget
lasts and only up to `MAX_BODY` bytes, decompressed or not.

The client's own timeout bounds each read, not the whole reply, and the call runs on a thread
the game stops waiting for when the budget is spent (`game.model`): a server that streamed
without end went on being read on that thread, 200 MB a second, until the process ran out of
memory, and a 200 KB gzip body grew to 200 MB (a hostile-input test). Here the reading itself
stops: past the deadline or the size, the stream raises and the thread ends.
"""

from __future__ import annotations

import threading
import time
import zlib
from collections.abc import Callable, Iterator
from typing import Any

import httpcore2
import httpx2

MAX_BODY = 1 << 20  # bytes of a reply, once decompressed: a line or a reading is a few hundred
_ENCODINGS = {"gzip": 16 + zlib.MAX_WBITS, "x-gzip": 16 + zlib.MAX_WBITS,
              "deflate": zlib.MAX_WBITS}


class ReplyRefused(httpx2.ReadError):
    """A reply read no further: past the verb's budget, too long, or in an encoding we do not
    read. A transport error, so the client treats it as a failed call."""


class ReplyLate(ReplyRefused):
    """A reply still coming when its verb's budget ran out."""


class _Bounded(httpx2.SyncByteStream):
    def __init__(self, inner: httpx2.SyncByteStream, deadline: float | None,
                 limit: int, wbits: int | None, request: httpx2.Request):
        self._inner, self._deadline, self._limit = inner, deadline, limit
        self._dec = zlib.decompressobj(wbits) if wbits is not None else None
        self._request = request

    def __iter__(self) -> Iterator[bytes]:
        total = 0
        due = self._deadline
        for chunk in self._inner:
            if due is not None and time.monotonic() > due:
                raise ReplyLate("its reply ran past the verb's time budget",
                                   request=self._request)
            if self._dec is not None:
                # At most what is still allowed, plus one byte to know it went over.
                try:
                    chunk = self._dec.decompress(chunk, self._limit - total + 1)
                except zlib.error:  # it escaped the client as zlib's own error (a test)
                    raise ReplyRefused("its reply is not in the encoding it names",
                                       request=self._request) from None
            total += len(chunk)
            if total > self._limit:
                raise ReplyRefused(f"its reply is longer than {self._limit} bytes",
                                   request=self._request)
            yield chunk

    def close(self) -> None:
        self._inner.close()


# The deadline of the request this thread is making (each call runs on a thread of its own:
# game.model), read by the sockets below.
_current = threading.local()


def _left(timeout: float | None, late: type[Exception]) -> float | None:
    """`timeout` cut to what is left of this thread's request's budget; past it, `late`."""
    due = getattr(_current, "due", None)
    if due is None:
        return timeout
    left = due - time.monotonic()
    if left <= 0:
        raise late("its reply ran past the verb's time budget")
    return left if timeout is None else min(timeout, left)


class _DeadlineStream(httpcore2.NetworkStream):
    """A connection's socket whose every read and write ends by the request's deadline. The
    body was bounded, but not what comes before it: a server sending '100 Continue' without
    end kept the abandoned call's thread reading for as long as it liked, each read well
    within the client's timeout (a hostile-model test)."""

    def __init__(self, inner: httpcore2.NetworkStream):
        self._inner = inner

    def read(self, max_bytes: int, timeout: float | None = None) -> bytes:
        return self._inner.read(max_bytes, _left(timeout, httpcore2.ReadTimeout))

    def write(self, buffer: bytes, timeout: float | None = None) -> None:
        self._inner.write(buffer, _left(timeout, httpcore2.WriteTimeout))

    def close(self) -> None:
        self._inner.close()

    def start_tls(self, ssl_context, server_hostname=None, timeout=None):
        return _DeadlineStream(self._inner.start_tls(
            ssl_context, server_hostname, _left(timeout, httpcore2.ConnectTimeout)))

    def get_extra_info(self, info: str) -> Any:
        return self._inner.get_extra_info(info)


class _DeadlineBackend(httpcore2.NetworkBackend):
    def __init__(self, inner: httpcore2.NetworkBackend):
        self._inner = inner

    def connect_tcp(self, host, port, timeout=None, local_address=None, socket_options=None):
        return _DeadlineStream(self._inner.connect_tcp(
            host, port, _left(timeout, httpcore2.ConnectTimeout), local_address,
            socket_options))

    def connect_unix_socket(self, path, timeout=None, socket_options=None):
        return _DeadlineStream(self._inner.connect_unix_socket(
            path, _left(timeout, httpcore2.ConnectTimeout), socket_options))

    def sleep(self, seconds: float) -> None:
        self._inner.sleep(seconds)


def _bound_sockets(transport: httpx2.BaseTransport) -> None:
    """Give `transport`'s connection pool sockets that keep to the deadline (httpx sets its
    pool's network backend up itself and offers no way in: its attribute is replaced)."""
    pool = getattr(transport, "_pool", None)
    backend = getattr(pool, "_network_backend", None)
    if backend is not None and not isinstance(backend, _DeadlineBackend):
        pool._network_backend = _DeadlineBackend(backend)


class BoundedTransport(httpx2.BaseTransport):
    """An HTTP transport whose replies stop at `deadline()` (a `time.monotonic` instant, or
    None for no deadline) and at `limit` bytes."""

    def __init__(self, deadline: Callable[[], float | None], limit: int = MAX_BODY,
                 inner: httpx2.BaseTransport | None = None):
        self._deadline, self._limit = deadline, limit
        self._inner = inner or httpx2.HTTPTransport()
        _bound_sockets(self._inner)

    def handle_request(self, request: httpx2.Request) -> httpx2.Response:
        # The deadline as the request starts: read live, a later verb's moved it on, and a
        # reply abandoned at its own budget went on being read into the verbs after (a
        # review).
        due = self._deadline()
        _current.due = due
        request.headers["Accept-Encoding"] = "gzip, deflate"
        response = self._inner.handle_request(request)
        encoding = response.headers.get("content-encoding", "identity").strip().lower()
        if encoding not in ("", "identity") and encoding not in _ENCODINGS:
            response.close()
            raise ReplyRefused(f"its reply is in an encoding not read here "
                               f"({encoding[:40]!r})", request=request)
        headers = [(k, v) for k, v in response.headers.multi_items()
                   if k.lower() not in ("content-encoding", "content-length")]
        stream = response.stream
        assert isinstance(stream, httpx2.SyncByteStream)
        return httpx2.Response(
            status_code=response.status_code, headers=headers,
            stream=_Bounded(stream, due, self._limit, _ENCODINGS.get(encoding), request),
            extensions=response.extensions, request=request)

    def close(self) -> None:
        self._inner.close()


class BoundedClient(httpx2.Client):
    """An httpx client whose every transport — the direct one, and those the environment's
    proxies (HTTP_PROXY, NO_PROXY, …) mount — is bounded. Given a transport of its own, httpx
    ignores the environment's proxies, and users behind one lost the model (a review)."""

    def __init__(self, deadline: Callable[[], float | None], limit: int = MAX_BODY, **kw):
        super().__init__(**kw)
        self._bounded = (deadline, limit)

    def _transport_for_url(self, url: httpx2.URL) -> httpx2.BaseTransport:
        deadline, limit = self._bounded
        return BoundedTransport(deadline, limit, inner=super()._transport_for_url(url))


assert hasattr(httpx2.Client, "_transport_for_url"), "httpx2 no longer routes by URL so"
