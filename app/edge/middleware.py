"""The edge middleware: bound, check, time, label and log each HTTP request around the app."""

from __future__ import annotations

import logging
import time
from typing import Any

from starlette.datastructures import MutableHeaders
from starlette.types import ASGIApp, Message, Receive, Scope, Send

from app import logs, problems
from app.edge.headers import (
    DOCS_POLICY,
    content_security_policy,
    merged_server_timing,
    request_id,
    security_headers,
)
from app.edge.origins import (
    client_address,
    cross_site_refusal,
    host_refusal,
    is_trusted,
    trusted_networks,
)
from app.settings import Settings, get_settings, host_names

access_log = logging.getLogger("gradebox.access")
error_log = logging.getLogger("gradebox.api")
# Metric labels come from this set: a client may send any method token, and each new label
# value would be a new time series.
_METHODS = frozenset({"GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"})
_DISCONNECT: Message = {"type": "http.disconnect"}


class Edge:
    """The first code of ours every HTTP request meets (a plain ASGI middleware, no
    BaseHTTPMiddleware: that costs about a millisecond a request).

    - A body over `max_body_bytes` is refused with 413: unread when its Content-Length says so,
      else as soon as the count of what the app has read passes it (chunked bodies included);
      the connection is then closed, so the rest is never read.
    - A Host that is not one of `allowed_hosts` (with the `serve --host` address) is refused
      with 400, /healthz included (`origins.host_refusal`).
    - A cross-site request riding on the learner cookie is refused with 403 (`origins.py`).
    - Every response carries the security headers, `X-Request-ID` (the client's, if it is a
      short safe token) and `Server-Timing: total;dur=` for the whole request.
    - One access log line per request, with the request id in `app.logs.request_id` meanwhile.
    - An unexpected error becomes a logged 500 problem, carrying these headers too.
    - The first request whose peer sends X-Forwarded-For without being in `trusted_proxies` is
      logged as a WARNING, once per process: a load balancer left out of the setting makes every
      client behind it one address, so every per-address limit a global one.
    """

    def __init__(self, app: ASGIApp, settings: Settings | None = None, bind_host: str = "") -> None:
        self.app = app
        self.settings = settings or get_settings()
        self.trusted = trusted_networks(self.settings.trusted_proxies)  # a wrong entry: no start
        self.warned_untrusted_proxy = False
        self.allowed_hosts = host_names(self.settings.allowed_hosts, bind_host)
        self.page_headers = security_headers(content_security_policy(self.settings.static_dir))
        self.docs_headers = security_headers(DOCS_POLICY)

    async def __call__(self, scope: Scope, receive: Receive, send: Send) -> None:
        if scope["type"] != "http":
            await self.app(scope, receive, send)
            return
        if not self.warned_untrusted_proxy:
            self._warn_untrusted_proxy(scope)
        exchange = _Exchange(self, scope, receive, send)
        token = logs.request_id.set(exchange.request_id)
        try:
            await exchange.run()
        finally:
            exchange.count_and_log()
            logs.request_id.reset(token)

    def _warn_untrusted_proxy(self, scope: Scope) -> None:
        peer = scope.get("client")
        address = str(peer[0]) if peer else "unknown"
        if _first(scope, b"x-forwarded-for") is None or is_trusted(address, self.trusted):
            return
        self.warned_untrusted_proxy = True
        error_log.warning(
            "%s sent X-Forwarded-For but is not in GRADEBOX_TRUSTED_PROXIES: the header is "
            "ignored, so every client behind it counts as that one address for the per-address "
            "limits. If it is your load balancer, list it there (logged once)",
            address,
            extra={"event": "untrusted-forwarded-for", "peer": address},
        )


class _Exchange:
    """One request through the edge: what it has read, what was answered, and when."""

    def __init__(self, edge: Edge, scope: Scope, receive: Receive, send: Send) -> None:
        self.edge, self.scope, self._receive, self._send = edge, scope, receive, send
        self.started = time.perf_counter()
        self.request_id = request_id(_first(scope, b"x-request-id"))
        self.status = 0  # 0 until a response starts
        self.body_bytes = 0
        self.answered_here = False  # the edge answered: whatever the app sends is dropped
        self.close = False  # the body is left unread: the server must not drain it

    async def run(self) -> None:
        limit = self.edge.settings.max_body_bytes
        length = (_first(self.scope, b"content-length") or b"").strip()
        # More than 20 digits would not even be parsed (h11 refuses them; int() has a limit).
        if length.isdigit() and (len(length) > 20 or int(length) > limit):
            await self.answer(
                413, f"The request body is over {limit} bytes.", "body-too-large", close=True
            )
            return
        refused_host = host_refusal(self.scope, self.edge.settings, self.edge.allowed_hosts)
        if refused_host is not None:
            await self.answer(400, refused_host, "host-not-allowed", setting="allowed_hosts")
            return
        refusal = cross_site_refusal(self.scope, self.edge.settings)
        if refusal is not None:
            await self.answer(403, refusal, "cross-site")
            return
        try:
            await self.edge.app(self.scope, self.receive, self.send)
        except Exception:
            if self.answered_here:  # the app failed on the disconnect it was given: expected
                return
            if self.status:  # too late for a problem response: the server cuts the connection
                raise
            error_log.exception("unexpected error on %s %s", self.scope["method"], self._path())
            detail = "Something went wrong on our side. It has been logged."
            await self.answer(500, detail, "our-fault")

    async def receive(self) -> Message:
        if self.answered_here:
            return _DISCONNECT
        message = await self._receive()
        if message["type"] == "http.request":
            self.body_bytes += len(message.get("body", b""))
            limit = self.edge.settings.max_body_bytes
            if self.body_bytes > limit:
                if not self.status:
                    detail = f"The request body is over {limit} bytes."
                    await self.answer(413, detail, "body-too-large", close=True)
                return _DISCONNECT  # the app stops reading; the connection will be closed
        return message

    async def send(self, message: Message) -> None:
        if not self.answered_here:
            await self._forward(message)

    async def answer(
        self, status: int, detail: str, code: str, close: bool = False, **extra: str
    ) -> None:
        """Send a problem response from the edge itself (`code`: one of app.problems.CODES);
        the app's own is dropped."""
        self.answered_here, self.close = True, self.close or close
        response = problems.problem_response(status, detail, None, code=code, **extra)
        await response(self.scope, self._receive, self._forward)

    async def _forward(self, message: Message) -> None:
        if message["type"] == "http.response.start":
            self.status = int(message["status"])
            headers = MutableHeaders(raw=list(message.get("headers", [])))
            self._decorate(headers)
            message = {**message, "headers": headers.raw}
        await self._send(message)

    def _decorate(self, headers: MutableHeaders) -> None:
        for name, value in self._security_headers():
            if name.decode() not in headers:  # a route may set a stricter one of its own
                headers.raw.append((name, value))
        headers["x-request-id"] = self.request_id
        timing = headers.getlist("server-timing")
        del headers["server-timing"]
        headers["server-timing"] = merged_server_timing(timing, self.elapsed_ms())
        if self.close:
            headers["connection"] = "close"

    def _security_headers(self) -> list[tuple[bytes, bytes]]:
        app = self.scope.get("app")
        docs = {getattr(app, name, None) for name in ("docs_url", "redoc_url")} - {None}
        oauth = getattr(app, "swagger_ui_oauth2_redirect_url", None)
        if self.scope["path"] in docs or (oauth and self.scope["path"] == oauth):
            return self.edge.docs_headers
        return self.edge.page_headers

    def elapsed_ms(self) -> float:
        return (time.perf_counter() - self.started) * 1000

    def _path(self) -> str:
        """The route's template where one matched (bounded label values), else the path cut short."""
        template = getattr(self.scope.get("route"), "path", None)
        return str(template) if template else str(self.scope.get("path", ""))[:200]

    def count_and_log(self) -> None:
        status = self.status or 500  # no response at all: the server sends a 500
        method = str(self.scope["method"])
        path = self._path()
        fields: dict[str, Any] = {
            "method": method,
            "path": path,
            "status": status,
            "latency_ms": round(self.elapsed_ms(), 1),
            "client": client_address(self.scope, self.edge.settings),
            "body_bytes": self.body_bytes,
        }
        access_log.info("%s %s %d", method, path, status, extra=fields)
        state = getattr(self.scope.get("app"), "state", None)
        service = getattr(state, "service", None)
        if service is not None:
            label = path if getattr(self.scope.get("route"), "path", None) else "unmatched"
            metric_method = method if method in _METHODS else "other"
            service.metrics.requests.labels(metric_method, label, str(status)).inc()


def _first(scope: Scope, name: bytes) -> bytes | None:
    return next((value for key, value in scope["headers"] if key == name), None)
