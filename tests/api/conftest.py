"""A real server for API tests: `gradebox serve` in a subprocess on a free loopback port."""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import httpx
import pytest

from tests.conftest import ROOT

SOLUTION = (ROOT / "exercises/sinusoidal-positional-encoding/solution.py").read_text(
    encoding="utf-8"
)
FLAGSHIP_URL = "/api/exercises/sinusoidal-positional-encoding"


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class LiveServer:
    """One `gradebox serve` process with its own data directory and settings."""

    def __init__(self, data_dir: Path, **settings: str) -> None:
        self.data_dir = data_dir
        self.settings = settings
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    def start(self) -> LiveServer:
        environment = {
            **os.environ,
            "GRADEBOX_DATA_DIR": str(self.data_dir),
            "GRADEBOX_POOL_SIZE": "2",
            "GRADEBOX_CPU_SECONDS": "1",
            "GRADEBOX_WALL_SECONDS": "2",
            **{f"GRADEBOX_{key.upper()}": value for key, value in self.settings.items()},
        }
        with (self.data_dir / "server.log").open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", "app.cli", "serve", "--port", str(self.port)],
                cwd=ROOT,
                env=environment,
                stdout=subprocess.DEVNULL,
                stderr=log,
            )
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            try:
                if httpx.get(f"{self.url}/healthz", timeout=1).status_code == 200:
                    return self
            except httpx.TransportError:
                time.sleep(0.1)
        self.stop()
        raise RuntimeError(
            f"server did not start: {(self.data_dir / 'server.log').read_text()[-2000:]}"
        )

    def client(self, **options: object) -> httpx.Client:
        return httpx.Client(base_url=self.url, timeout=30, **options)  # type: ignore[arg-type]

    def stop(self, kill: bool = False) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        try:
            self.process.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    live = LiveServer(tmp_path_factory.mktemp("server"), submissions_per_minute="0").start()
    yield live
    live.stop()


@pytest.fixture
def client(server: LiveServer) -> Iterator[httpx.Client]:
    """A fresh browser-like client: its own cookie jar, so its own anonymous learner."""
    with server.client() as http:
        yield http
