"""Run the real service in a subprocess: `gradebox serve` on a free loopback port.

For the API and browser tests and the measuring scripts, which talk to the service over HTTP
exactly as a client would. Each server has its own data directory (so its own database and
secret) and small limits that keep hanging code quick; any `Settings` field can be overridden:

    with LiveServer(tmp_path, submissions_per_minute="0") as live:
        with live.client() as http:
            http.get("/api/exercises")

httpx is a development dependency, so only `client()` imports it.
"""

from __future__ import annotations

import ctypes
import os
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.request
from collections.abc import Callable
from pathlib import Path
from types import TracebackType
from typing import TYPE_CHECKING, Self

if TYPE_CHECKING:
    import httpx

PROJECT_ROOT = Path(__file__).resolve().parents[1]
# Every server starts with these GRADEBOX_* settings; keyword settings override them.
DEFAULT_SETTINGS = {
    "pool_size": "2",
    "cpu_seconds": "1",  # short limits: the hanging-code tests stay quick
    # Room for a busy loop to reach its CPU limit first on a loaded machine.
    "wall_seconds": "4",
}
START_SECONDS = 60.0  # start-up takes a second or two; this is a server that will not start
STOP_SECONDS = 20.0  # a graceful stop waits for the gradings in flight
# Loopback never goes through a proxy, whatever http_proxy says (`client()` ignores it too).
_DIRECT = urllib.request.build_opener(urllib.request.ProxyHandler({}))


PR_SET_PDEATHSIG = 1  # prctl(2): the signal a process gets when its parent ends


def dies_with_parent() -> Callable[[], None] | None:
    """A `preexec_fn` that ends the child (SIGTERM) when this process ends, however it ends:
    a test run killed with -9 leaves no server, worker or Redis behind. Linux's
    PR_SET_PDEATHSIG follows the *thread* that forked, so only a child started from the main
    thread gets it (None elsewhere, and off Linux)."""
    if (
        not sys.platform.startswith("linux")
        or threading.current_thread() is not threading.main_thread()
    ):
        return None
    prctl = ctypes.CDLL(None, use_errno=True).prctl  # looked up here, not in the forked child
    parent = os.getpid()

    def set_death_signal() -> None:
        prctl(PR_SET_PDEATHSIG, signal.SIGTERM)
        if os.getppid() != parent:  # the parent ended before the signal was set
            os.kill(os.getpid(), signal.SIGTERM)

    return set_death_signal


def free_port() -> int:
    """A loopback port nothing listens on (the kernel's choice)."""
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return int(probe.getsockname()[1])


class _LiveProcess:
    """A process of ours that `stop` ends: SIGTERM (a graceful stop waits for the gradings in
    flight), or SIGKILL to test recovery; a context manager around `start` and `stop`."""

    process: subprocess.Popen[bytes] | None = None

    def start(self) -> Self:
        raise NotImplementedError

    def stop(self, kill: bool = False) -> None:
        if self.process is None:
            return
        self.process.send_signal(signal.SIGKILL if kill else signal.SIGTERM)
        try:
            self.process.wait(timeout=STOP_SECONDS)
        except subprocess.TimeoutExpired:
            self.process.kill()
            self.process.wait()
        self.process = None

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.stop()


class LiveServer(_LiveProcess):
    """One `gradebox serve` process with its own data directory and settings.

    `start` returns once `/healthz` answers 200; `stop` ends the process (SIGTERM, or SIGKILL to
    test recovery) and may be followed by another `start` on the same port and data.
    The server's stderr is appended to `server.log` in the data directory.
    """

    def __init__(self, data_dir: Path, module: str = "app.cli", **settings: str) -> None:
        self.data_dir = data_dir
        self.module = module  # what `python -m` runs: the CLI, or a test's wrapper around it
        self.settings = {**DEFAULT_SETTINGS, **settings}
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"http://127.0.0.1:{self.port}"

    @property
    def log_path(self) -> Path:
        return self.data_dir / "server.log"

    def start(self) -> LiveServer:
        environment = {
            **os.environ,
            "GRADEBOX_DATA_DIR": str(self.data_dir),
            **{f"GRADEBOX_{key.upper()}": value for key, value in self.settings.items()},
        }
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                [sys.executable, "-m", self.module, "serve", "--port", str(self.port)],
                cwd=PROJECT_ROOT,
                env=environment,
                stdout=subprocess.DEVNULL,
                stderr=log,
                preexec_fn=dies_with_parent(),  # prctl only: see dies_with_parent
            )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline and self.process.poll() is None:
            if self._healthy():
                return self
            time.sleep(0.1)
        self.stop()
        raise RuntimeError(f"server did not start: {self.log_path.read_text()[-2000:]}")

    def _healthy(self) -> bool:
        try:
            with _DIRECT.open(f"{self.url}/healthz", timeout=1) as response:
                return int(response.status) == 200
        except OSError:  # not listening yet (URLError), or not healthy yet (HTTPError)
            return False

    def client(
        self,
        *,
        headers: dict[str, str] | None = None,
        cookies: dict[str, str] | None = None,
    ) -> httpx.Client:
        """A new HTTP client for this server, with its own cookie jar.

        It sends `Origin` as a browser on the page would: a cookie-authenticated POST without
        one is refused as cross-site (app.edge).
        """
        import httpx

        return httpx.Client(
            base_url=self.url,
            timeout=30,
            headers={"Origin": self.url, **(headers or {})},
            cookies=cookies,
            trust_env=False,
        )


class LiveRedis(_LiveProcess):
    """A private `redis-server` on a free loopback port (and a unix socket), keeping nothing on
    disk: tests and the bench start their own and never touch a shared one. `stop` then
    `start` is a Redis that restarted empty, on the same port and socket."""

    def __init__(self, data_dir: Path) -> None:
        self.data_dir = data_dir
        self.port = free_port()
        self.socket = data_dir / "redis.sock"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    @property
    def socket_url(self) -> str:
        return f"unix://{self.socket}?db=0"

    def start(self) -> LiveRedis:
        self.data_dir.mkdir(parents=True, exist_ok=True)
        command = [
            "redis-server",
            "--port", str(self.port),
            "--bind", "127.0.0.1",
            "--unixsocket", str(self.socket),
            "--unixsocketperm", "777",
            "--save", "",
            "--appendonly", "no",
            "--dir", str(self.data_dir),
        ]  # fmt: skip
        with (self.data_dir / "redis.log").open("ab") as log:
            self.process = subprocess.Popen(
                command,
                stdout=log,
                stderr=log,
                preexec_fn=dies_with_parent(),  # prctl only: see dies_with_parent
            )
        deadline = time.monotonic() + START_SECONDS
        while time.monotonic() < deadline and self.process.poll() is None:
            try:
                with socket.create_connection(("127.0.0.1", self.port), timeout=1) as probe:
                    probe.sendall(b"PING\r\n")
                    if probe.recv(16).startswith(b"+PONG"):
                        return self
            except OSError:
                pass
            time.sleep(0.05)
        self.stop()
        raise RuntimeError("redis-server did not start: see redis.log in " + str(self.data_dir))

    def stop(self, kill: bool = True) -> None:
        super().stop(kill=True)  # nothing is kept on disk: a kill loses what a stop would


def network_isolation_available() -> bool:
    """Whether `unshare --net` works here (root, or a kernel that lets us): a worker started
    with it has only a loopback of its own and reaches Redis over a unix socket."""
    try:
        done = subprocess.run(["unshare", "--net", "true"], capture_output=True, timeout=10)
    except (OSError, subprocess.TimeoutExpired):
        return False
    return done.returncode == 0


class LiveWorker(_LiveProcess):
    """One `gradebox worker` process on `redis_url`, with the same small limits as LiveServer.

    `isolated = True` starts it in a network namespace of its own (`unshare --net`): it can reach
    nothing but a unix socket, so `redis_url` must be a `unix://` one. `start` returns once the
    worker has said in Redis that it is ready to grade.
    """

    isolated = False  # set True before `start` for a network namespace of its own
    module = "app.cli"  # run as `python -m <module> worker --name <name>`; tests wrap it

    def __init__(self, log_dir: Path, redis_url: str, **settings: str) -> None:
        self.log_dir, self.redis_url = log_dir, redis_url
        self.settings = {**DEFAULT_SETTINGS, **settings}
        self.name = f"worker-{os.getpid()}-{id(self):x}"
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def log_path(self) -> Path:
        return self.log_dir / f"{self.name}.log"

    def start(self) -> LiveWorker:
        import redis

        environment = {
            **os.environ,
            "GRADEBOX_REDIS_URL": self.redis_url,
            **{f"GRADEBOX_{key.upper()}": value for key, value in self.settings.items()},
        }
        environment.pop("GRADEBOX_DATABASE_URL", None)  # a worker holds no database credentials
        command = [sys.executable, "-m", self.module, "worker", "--name", self.name]
        if self.isolated:
            command = ["unshare", "--net", *command]
        self.log_dir.mkdir(parents=True, exist_ok=True)
        with self.log_path.open("ab") as log:
            self.process = subprocess.Popen(
                command,
                cwd=PROJECT_ROOT,
                env=environment,
                stdout=subprocess.DEVNULL,
                stderr=log,
                preexec_fn=dies_with_parent(),  # prctl only: see dies_with_parent
            )
        prefix = self.settings.get("redis_prefix", "gradebox")
        client = redis.Redis.from_url(self.redis_url, socket_timeout=2)
        try:
            deadline = time.monotonic() + START_SECONDS
            while time.monotonic() < deadline and self.process.poll() is None:
                try:
                    if client.hget(f"{prefix}:workers", self.name):
                        return self
                except redis.RedisError:
                    pass
                time.sleep(0.1)
        finally:
            client.close()
        self.stop()
        raise RuntimeError(f"worker did not start: {self.log_path.read_text()[-2000:]}")
