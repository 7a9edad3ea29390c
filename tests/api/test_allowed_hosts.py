"""The Host allow-list: a page that rebinds its DNS name to our address is refused at the edge.

In process, the edge around a bare app decides each Host, and the whole app answers the
defaults and refuses the rest with problem+json (its /healthz too); a real `gradebox serve
--host` is needed for what `serve` itself does: it adds its `--host` address, warns when it
listens on every interface with no list set, and answers the image's health check.
"""

from __future__ import annotations

import asyncio
import json
import os
import re
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import httpx
import pytest
from pydantic import ValidationError
from starlette.types import Receive, Scope, Send

from app.edge import Edge
from app.live_server import DEFAULT_SETTINGS, PROJECT_ROOT, START_SECONDS, free_port
from app.settings import Settings
from tests.api.app_server import AppServer

PROBLEM = "application/problem+json"


async def _bare_app(scope: Scope, receive: Receive, send: Send) -> None:
    await send({"type": "http.response.start", "status": 200, "headers": []})
    await send({"type": "http.response.body", "body": b"ok"})


def _answer(
    host: str, bind_host: str = "", forwarded_host: str = "", **settings: str
) -> httpx.Response:
    """What the edge answers a GET with this Host header from 127.0.0.1, in process."""
    edge = Edge(_bare_app, Settings.model_validate(settings), bind_host=bind_host)
    headers = {"host": host, **({"x-forwarded-host": forwarded_host} if forwarded_host else {})}

    async def get() -> httpx.Response:
        transport = httpx.ASGITransport(app=edge, client=("127.0.0.1", 40000))
        async with httpx.AsyncClient(transport=transport, base_url="http://127.0.0.1") as http:
            return await http.get("/healthz", headers=headers)

    return asyncio.run(get())


@pytest.mark.parametrize(
    ("host", "allowed", "bind_host", "status"),
    [
        ("localhost:8000", "", "", 200),
        ("127.0.0.1:8000", "", "", 200),
        ("[::1]:8000", "", "", 200),
        ("LOCALHOST", "", "", 200),
        ("localhost.", "", "", 200),
        ("evil.example", "", "", 400),
        ("evil.example:8000", "", "", 400),
        ("127.0.0.2:8000", "", "", 400),
        ("10.0.0.5:8000", "", "10.0.0.5", 200),
        ("10.0.0.5:8000", "", "0.0.0.0", 400),
        ("gradebox.example.org", "gradebox.example.org", "", 200),
        ("localhost", "gradebox.example.org", "", 400),
        ("a.school.example", "*.school.example", "", 200),
        ("a.b.school.example", "*.school.example", "", 200),
        ("school.example", "*.school.example", "", 400),
        ("evilschool.example", "*.school.example", "", 400),
        ("[fe80::1]", "fe80::1", "", 200),
        ("", "", "", 400),
        ("evil@localhost", "", "", 400),
        ("localhost:notaport", "", "", 400),
        ("localhost:99999", "", "", 400),
        ("[::1", "", "", 400),
    ],
    ids=lambda value: str(value) or "-",
)
def test_only_an_allowed_host_is_answered(
    host: str, allowed: str, bind_host: str, status: int
) -> None:
    response = _answer(host, bind_host, allowed_hosts=allowed)
    assert response.status_code == status
    if status == 400:
        assert response.headers["content-type"] == PROBLEM
        assert response.json()["setting"] == "allowed_hosts"
        assert response.json()["status"] == 400


@pytest.mark.parametrize(
    ("trusted", "status"), [("127.0.0.1", 200), ("", 400)], ids=["trusted-proxy", "anyone-else"]
)
def test_behind_a_trusted_proxy_the_forwarded_host_is_the_one_checked(
    trusted: str, status: int
) -> None:
    response = _answer(
        "internal-upstream:8000",
        forwarded_host="gradebox.example.org",
        allowed_hosts="gradebox.example.org",
        trusted_proxies=trusted,
    )
    assert response.status_code == status


@pytest.mark.parametrize(
    "allowed", ["*", "localhost, *", "localhost:8000", "http://localhost", "a/b", "*."]
)
def test_a_wildcard_or_malformed_host_list_refuses_to_start(allowed: str) -> None:
    with pytest.raises(ValidationError, match="allowed_hosts"):
        Settings(allowed_hosts=allowed)


# The whole app, in process


@pytest.mark.parametrize("host", ["localhost", "127.0.0.1", "[::1]"])
def test_the_default_hosts_are_answered(server: AppServer, host: str) -> None:
    with server.client(headers={"host": f"{host}:{server.port}"}) as http:
        assert http.get("/healthz").status_code == 200


@pytest.mark.parametrize("path", ["/healthz", "/api/exercises", "/"])
def test_a_host_not_on_the_list_gets_a_problem_not_a_page(server: AppServer, path: str) -> None:
    with server.client(headers={"host": f"rebound.example:{server.port}"}) as http:
        response = http.get(path)
    assert response.status_code == 400
    assert response.headers["content-type"] == PROBLEM
    assert response.json()["setting"] == "allowed_hosts"
    assert response.json()["type"] == "https://gradebox.dev/problems/bad-request"


# Over HTTP, against a real `gradebox serve --host`


def test_the_images_health_check_is_answered_on_a_list_without_127_0_0_1(tmp_path: Path) -> None:
    """The Dockerfile's HEALTHCHECK connects to 127.0.0.1 and asks for localhost: an operator's
    list that keeps localhost (as the docs say) keeps the container healthy."""
    dockerfile = (PROJECT_ROOT / "Dockerfile").read_text(encoding="utf-8")
    command = re.search(r'HEALTHCHECK[^\n]*\\\n\s*CMD python -c "(.+)"\n', dockerfile)
    assert command
    listed = {"allowed_hosts": "gradebox.example.org, localhost"}
    # As the image's CMD: --host 0.0.0.0, which adds no name of its own.
    with serve_on(tmp_path, "0.0.0.0", "127.0.0.1", "localhost", **listed) as (url, _):
        check = command.group(1).replace("http://127.0.0.1:8000", url)
        done = subprocess.run([sys.executable, "-c", check], capture_output=True, timeout=30)
    assert done.returncode == 0, done.stderr.decode()


@contextmanager
def serve_on(
    tmp_path: Path, host: str, reach: str, health_host: str = "", **settings: str
) -> Iterator[tuple[str, Path]]:
    """`gradebox serve --host HOST` (a LiveServer always binds 127.0.0.1, asks for 127.0.0.1);
    yields its URL at the address `reach` and its log, once /healthz answers there (asked for
    `health_host`, or `reach`)."""
    port = free_port()
    url = f"http://{reach}:{port}"
    environment = {
        **os.environ,
        "GRADEBOX_DATA_DIR": str(tmp_path),
        **{
            f"GRADEBOX_{key.upper()}": value
            for key, value in {**DEFAULT_SETTINGS, **settings}.items()
        },
    }
    log_path = tmp_path / "server.log"
    command = [
        sys.executable,
        "-m",
        "app.cli",
        "serve",
        "--host",
        host,
        "--port",
        str(port),
    ]
    with log_path.open("ab") as log:
        process = subprocess.Popen(
            command, cwd=PROJECT_ROOT, env=environment, stdout=subprocess.DEVNULL, stderr=log
        )
    try:
        deadline = time.monotonic() + START_SECONDS
        asked = {"host": health_host} if health_host else {}
        with httpx.Client(base_url=url, headers=asked, trust_env=False, timeout=2) as http:
            while process.poll() is None and time.monotonic() < deadline:
                try:
                    if http.get("/healthz").status_code == 200:
                        break
                except httpx.TransportError:
                    pass
                time.sleep(0.1)
            else:
                raise RuntimeError(f"server did not start: {log_path.read_text()[-2000:]}")
        yield url, log_path
    finally:
        process.terminate()
        process.wait(timeout=20)


def _host_warnings(log_path: Path) -> list[dict[str, object]]:
    lines = (json.loads(line) for line in log_path.read_text().splitlines() if line.startswith("{"))
    return [line for line in lines if line["level"] == "WARNING" and "allowed_hosts" in line]


@pytest.mark.parametrize(
    ("allowed", "warned"), [("", True), ("localhost,127.0.0.1", False)], ids=["unset", "set"]
)
def test_serving_every_interface_with_no_list_set_warns_at_start(
    tmp_path: Path, allowed: str, warned: bool
) -> None:
    with serve_on(tmp_path, "0.0.0.0", "127.0.0.1", allowed_hosts=allowed) as (_, log_path):
        warnings = _host_warnings(log_path)
    assert bool(warnings) is warned
    if warned:
        assert warnings[0]["allowed_hosts"] == ["127.0.0.1", "::1", "localhost"]


def test_the_serve_host_address_is_answered_beside_the_list(tmp_path: Path) -> None:
    # Only a name is listed; serve_on waits for /healthz at the --host address, so it passes.
    listed = {"allowed_hosts": "gradebox.example.org"}
    with (
        serve_on(tmp_path, "127.0.0.2", "127.0.0.2", **listed) as (url, _),
        httpx.Client(base_url=url, trust_env=False, timeout=10) as http,
    ):
        named = http.get("/healthz", headers={"host": "gradebox.example.org"})
        default = http.get("/healthz", headers={"host": "localhost"})
    assert (named.status_code, default.status_code) == (200, 400)
