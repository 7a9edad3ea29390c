"""The service in this process: the app `gradebox serve` builds, its lifespan run, no socket.

For the API tests that need no process boundary. It is `app.live_server.LiveServer` without the
process: the same factory (`app.main.create_app`, embedded mode: SQLite in its own data
directory, a sandbox pool of its own), the same default settings and keyword overrides, and
`client()` returns the same kind of `httpx.Client` (own cookie jar, a browser's `Origin`, no
redirects followed), so a test reads the same either way:

    with AppServer(tmp_path, submissions_per_minute="0") as served:
        with served.client() as http:
            http.get("/api/exercises")

Requests go through Starlette's test transport on one event loop in a thread of its own (the
lifespan's), streamed as they are sent (SSE included). What it cannot show is what only the
server process does: uvicorn's h11 bounds (app/protocol.py), kill -9 and restarts, the JSON
logs `serve` configures, the process's memory. Those tests keep `LiveServer`.
"""

from __future__ import annotations

import itertools
import warnings
from collections.abc import Awaitable, Callable
from pathlib import Path
from types import TracebackType
from typing import Self, TypeVar

import httpx
from fastapi import FastAPI

from app.live_server import DEFAULT_SETTINGS
from app.main import create_app
from app.settings import Settings

with warnings.catch_warnings():
    # Starlette asks for its httpx fork (httpx2) and warns at import when it finds httpx; the
    # test transport below is httpx's own BaseTransport either way.
    warnings.filterwarnings("ignore", message="Using `httpx` with `starlette.testclient`")
    from starlette.testclient import TestClient, _TestClientTransport

T = TypeVar("T")
_PORTS = itertools.count(50000)  # each client its own peer port, as each would be a connection


class AppServer:
    """One app and its lifespan, as `LiveServer` is one `gradebox serve` process.

    `start` returns once the lifespan has started (the pool is warm, the database migrated);
    `stop` runs its shutdown, and may be followed by another `start` on the same data (a new app,
    as a restarted process would build).
    """

    def __init__(self, data_dir: Path, **settings: str) -> None:
        self.data_dir = data_dir
        self.settings = {**DEFAULT_SETTINGS, **settings}
        self.port = 8000  # what the Host header says; nothing listens on it
        self.host = "127.0.0.1"  # the clients' address, as the edge sees it
        self._runner: TestClient | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> Self:
        # The GRADEBOX_* environment applies as it would to a child process; these override it.
        settings = Settings(data_dir=self.data_dir, **self.settings)  # type: ignore[arg-type]
        runner = TestClient(create_app(settings), base_url=self.url)
        runner.__enter__()  # the lifespan's start-up, on the runner's event loop
        self._runner = runner
        return self

    def stop(self) -> None:
        if self._runner is not None:
            runner, self._runner = self._runner, None
            runner.__exit__(None, None, None)

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()

    @property
    def app(self) -> FastAPI:
        runner = self._runner
        assert runner is not None, "start() first"
        return runner.app  # type: ignore[return-value]

    def call(self, function: Callable[[], Awaitable[T]]) -> T:
        """Run `function` on the app's event loop (where its service lives) and return its result."""
        runner = self._runner
        assert runner is not None, "start() first"
        assert runner.portal is not None
        return runner.portal.call(function)

    def client(
        self,
        *,
        headers: dict[str, str] | None = None,
        cookies: dict[str, str] | None = None,
        address: str | None = None,
        origin: bool = True,
    ) -> httpx.Client:
        """A new client of this app with its own cookie jar, as `LiveServer.client`: it sends
        `Origin` as a browser on the page would (`origin=False`: only the headers given), from
        `address` (default 127.0.0.1, as a connection over loopback would be)."""
        runner = self._runner
        assert runner is not None, "start() first"
        transport = _TestClientTransport(
            runner.app,
            portal_factory=runner._portal_factory,
            raise_server_exceptions=False,  # a 500 is a response, as over HTTP
            client=(address or self.host, next(_PORTS)),
            app_state=runner.app_state,
        )
        return httpx.Client(
            transport=transport,
            base_url=self.url,
            timeout=30,
            headers={**({"Origin": self.url} if origin else {}), **(headers or {})},
            cookies=cookies,
        )
