"""The HTTP/1.1 protocol `gradebox serve` speaks: uvicorn's h11 one, bounded against slow and
greedy clients.

Why h11, not httptools (uvicorn's choice when both are installed): uvicorn's httptools protocol
buffers a request head of any size and has no read timeout, so a 200 MB header, or 1,100
half-sent requests (slowloris), take the server down. h11 refuses a head over its
`max_incomplete_event_size`; `GuardedH11Protocol` adds the rest. Its limits, from `Settings`:

limit                           setting                      past it
request line + headers, bytes   max_header_bytes             431, closed (no more is buffered)
request line + headers, time    header_timeout_seconds       408 and closed; idle: closed
idle between two requests       keep_alive_seconds           closed (uvicorn's timer)
pause while the body arrives    body_timeout_seconds         408 (unless answered) and closed
body bytes nobody reads         max_body_bytes               closed (after the response)
open connections                max_connections              503 at once, closed
open connections, one address   max_connections_per_client   429 at once, closed
  (an address is its network: ipv4_prefix, ipv6_prefix; app.edge.address_key)

The head timer starts with the connection, so a connection that sends nothing is closed too,
and again with the first byte of each next request: between two requests a kept-alive
connection waits `keep_alive_seconds`, which a load balancer's pool needs longer than a head. The body timer measures a pause, not the whole upload: a client
that trickles a byte every few seconds stays within it, but `max_connections_per_client` bounds
how many such connections one address holds. Trusted proxies are exempt from the per-address
cap (every request behind them comes from their address).
"""

from __future__ import annotations

import asyncio
import logging
import re
import time
from collections import Counter
from dataclasses import dataclass
from http import HTTPStatus
from typing import Any, ClassVar, Literal

import h11
from uvicorn.config import Config
from uvicorn.protocols.http.h11_impl import H11Protocol
from uvicorn.server import ServerState

from app import problems
from app.edge.headers import security_headers
from app.edge.origins import Network, address_key, is_trusted, trusted_networks
from app.settings import Settings

log = logging.getLogger("gradebox.edge")
# The refusals below carry the fixed headers; no page is ever served with them.
_HEADERS = security_headers("default-src 'none'; frame-ancestors 'none'")
_NOTE_EVERY_SECONDS = 10.0  # a flood of refusals is logged once per reason in this time
Phase = Literal["head", "body"]
_HEAD_END = re.compile(rb"\n\r?\n")  # the blank line after the headers, as h11 finds it


@dataclass(frozen=True)
class ConnectionLimits:
    max_connections: int
    max_connections_per_client: int
    max_head_bytes: int
    head_timeout_seconds: float
    body_timeout_seconds: float
    max_unread_body_bytes: int
    trusted_proxies: tuple[Network, ...] = ()
    ipv4_prefix: int = 32  # an address is counted by its network (`address_key`)
    ipv6_prefix: int = 64

    @classmethod
    def from_settings(cls, settings: Settings) -> ConnectionLimits:
        return cls(
            max_connections=settings.max_connections,
            max_connections_per_client=settings.max_connections_per_client,
            max_head_bytes=settings.max_header_bytes,
            head_timeout_seconds=settings.header_timeout_seconds,
            body_timeout_seconds=settings.body_timeout_seconds,
            max_unread_body_bytes=settings.max_body_bytes,
            trusted_proxies=trusted_networks(settings.trusted_proxies),
            ipv4_prefix=settings.ipv4_prefix,
            ipv6_prefix=settings.ipv6_prefix,
        )


def protocol_for(settings: Settings) -> type[GuardedH11Protocol]:
    """The class for `uvicorn.run(http=...)`: these limits, and a per-address count of its own."""
    attributes = {"limits": ConnectionLimits.from_settings(settings), "per_client": Counter()}
    return type("GuardedH11Protocol", (GuardedH11Protocol,), attributes)


class GuardedH11Protocol(H11Protocol):
    """One client connection; see the module docstring for its limits."""

    limits: ClassVar[ConnectionLimits]
    per_client: ClassVar[Counter[str]]  # open connections by address, shared by the server's
    _last_noted: ClassVar[dict[str, float]] = {}

    def __init__(
        self,
        config: Config,
        server_state: ServerState,
        app_state: dict[str, Any],
        _loop: asyncio.AbstractEventLoop | None = None,
    ) -> None:
        super().__init__(config, server_state, app_state, _loop)
        self.conn = h11.Connection(h11.SERVER, max_incomplete_event_size=self.limits.max_head_bytes)
        self._timer: asyncio.TimerHandle | None = None
        self._timer_for: Phase | None = None
        self._head_bytes = 0  # of this request's head, so far
        self._head_tail = b""  # its last bytes: the blank line may straddle two reads
        self._unread_bytes = 0  # received after the response, of a body nobody read
        self._counted_as: str | None = None
        self._ended = False

    def connection_made(self, transport: asyncio.Transport) -> None:  # type: ignore[override]
        super().connection_made(transport)
        address = self.client[0] if self.client else ""
        if len(self.connections) > self.limits.max_connections:
            detail = "The server has too many open connections: try again shortly."
            self._end(503, detail, "too-many-connections", retry_after=1)
            self._note("connections", "refused a connection: max_connections reached")
            return
        if not is_trusted(address, self.limits.trusted_proxies):
            key = address_key(address, self.limits.ipv4_prefix, self.limits.ipv6_prefix)
            if self.per_client[key] >= self.limits.max_connections_per_client:
                detail = "Too many open connections from your address: close some."
                self._end(429, detail, "address-connections", retry_after=1)
                self._note("per-client", f"refused a connection: {key} holds its maximum")
                return
            self.per_client[key] += 1
            self._counted_as = key
        self._watch()

    def connection_lost(self, exc: Exception | None) -> None:
        self._stop_timer()
        if self._counted_as is not None:
            self.per_client[self._counted_as] -= 1
            if self.per_client[self._counted_as] <= 0:
                del self.per_client[self._counted_as]
            self._counted_as = None
        super().connection_lost(exc)

    def data_received(self, data: bytes) -> None:
        if self._ended:
            return
        if self.conn.their_state is h11.IDLE:
            if self._head_is_over_cap(data):
                self.send_400_response("")
                return
        elif self.cycle is not None and self.cycle.response_complete:
            self._unread_bytes += len(data)  # answered, yet the client is still sending its body
            if self._unread_bytes > self.limits.max_unread_body_bytes:
                self._end(None)
                return
        super().data_received(data)
        self._watch()

    def on_response_complete(self) -> None:
        super().on_response_complete()
        self._unread_bytes = 0
        if self.conn.their_state is h11.IDLE:
            # Between requests uvicorn's keep-alive timer (`keep_alive_seconds`) is the one
            # deadline; the head's starts with the next request's first byte. Else a balancer
            # keeping connections longer than `header_timeout_seconds` would find them closed.
            self._stop_timer()
        else:
            self._watch()

    def _head_is_over_cap(self, data: bytes) -> bool:
        """Count this read into the head (up to its end, if it is here): over the cap?

        h11 checks its own cap only while a head is incomplete, so a head that arrives whole in
        one read (up to 256 KiB) would pass it.
        """
        window = self._head_tail + data
        end = _HEAD_END.search(window)
        counted = end.end() if end else len(window)
        self._head_bytes += max(0, counted - len(self._head_tail))
        self._head_tail = window[-3:]
        return self._head_bytes > self.limits.max_head_bytes

    def send_400_response(self, msg: str) -> None:
        """h11 refused the request: say 431 when it was for the size of the head."""
        if self._head_bytes > self.limits.max_head_bytes:
            limit = self.limits.max_head_bytes
            detail = f"The request line and headers are over {limit} bytes."
            self._end(431, detail, "head-too-large")
            self._note("head-size", "refused a request head over max_header_bytes")
        else:
            self._end(400, "The request is not valid HTTP/1.1.", "not-http")

    def _watch(self) -> None:
        """Keep the one deadline that fits where the request is: its head, its body, or none."""
        if self._ended or self.transport.is_closing():
            return
        state = self.conn.their_state
        if state is not h11.IDLE:
            self._head_bytes, self._head_tail = 0, b""
        if state is h11.IDLE and self._timer_for != "head":
            self._start_timer("head", self.limits.head_timeout_seconds)
        elif state is h11.SEND_BODY:  # restarted on every read: it measures a pause
            self._start_timer("body", self.limits.body_timeout_seconds)
        elif state is not h11.IDLE:
            self._stop_timer()

    def _start_timer(self, phase: Phase, seconds: float) -> None:
        self._stop_timer()
        self._timer = self.loop.call_later(seconds, self._deadline_passed)
        self._timer_for = phase

    def _stop_timer(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
        self._timer, self._timer_for = None, None

    def _deadline_passed(self) -> None:
        watched = self._timer_for
        self._timer, self._timer_for = None, None
        if self._ended or self.transport.is_closing():
            return
        if watched == "head":
            if self._head_bytes == 0:  # an idle connection: a 408 would be read as the answer
                self._end(None)  # to the client's next request, so close without one
                return
            seconds = self.limits.head_timeout_seconds
            detail = f"The request line and headers did not arrive within {seconds:g} s."
            self._end(408, detail, "head-too-slow")
            self._note("head-time", "closed a connection whose request head was too slow")
        elif watched == "body":
            if self.flow.read_paused:  # we stopped reading (the app is busy), not the client
                self._start_timer("body", self.limits.body_timeout_seconds)
                return
            seconds = self.limits.body_timeout_seconds
            self._end(408, f"The request body paused for over {seconds:g} s.", "body-too-slow")
            self._note("body-time", "closed a connection whose request body stalled")

    def _end(
        self, status: int | None, detail: str = "", code: str = "", retry_after: int | None = None
    ) -> None:
        """Answer `status` with a problem (`code`: one of app.problems.CODES) unless this
        request has had a response, then close."""
        self._ended = True
        self._stop_timer()
        answering = status is not None
        cycle = self.cycle  # the current request's, or the one before (its head has not come)
        if cycle is not None and not cycle.response_complete:
            answering = answering and not cycle.response_started
            cycle.disconnected = True  # the app gets a disconnect; its response, if any, is dropped
            cycle.message_event.set()
        elif cycle is not None and self.conn.their_state is h11.SEND_BODY:
            answering = False  # answered already; the client is still sending the body
        if answering and status is not None and not self.transport.is_closing():
            self.transport.write(_problem_bytes(status, detail, code, retry_after))
        self.transport.close()

    @classmethod
    def _note(cls, reason: str, message: str) -> None:
        REFUSED[reason] += 1  # every one counted (/metrics); logged at most once per interval
        now = time.monotonic()
        if now - cls._last_noted.get(reason, -_NOTE_EVERY_SECONDS) >= _NOTE_EVERY_SECONDS:
            cls._last_noted[reason] = now
            log.warning("%s (logged once per %g s)", message, _NOTE_EVERY_SECONDS)


# Connections and requests refused here, before the app sees them, by reason: what
# `gradebox_http_refused_total` reports (one process, one server: module-level on purpose).
REFUSED: Counter[str] = Counter()


def _problem_bytes(status: int, detail: str, code: str, retry_after: int | None) -> bytes:
    """A whole problem+json response on the wire, the connection closing after it."""
    response = problems.problem_response(status, detail, retry_after, code=code)
    lines = [f"HTTP/1.1 {status} {HTTPStatus(status).phrase}".encode("ascii")]
    for name, value in [*response.raw_headers, *_HEADERS, (b"connection", b"close")]:
        lines.append(name + b": " + value)
    return b"\r\n".join(lines) + b"\r\n\r\n" + bytes(response.body)
