"""Hardening: the security headers on every response, and the cross-site (CSRF) refusal of
requests that ride on the learner cookie; in process, but for the edge's own refusals of raw
requests, which need a real `gradebox serve`: its h11 protocol answers them before the app."""

from __future__ import annotations

import base64
import hashlib
import re
import socket
from collections.abc import Iterator

import httpx
import pytest

from app.identity import COOKIE_NAME
from app.live_server import LiveServer
from tests.api.app_server import AppServer
from tests.api.conftest import FLAGSHIP_URL
from tests.conftest import FLAGSHIP

SUBMIT = f"{FLAGSHIP_URL}/submissions"
PROBLEM = "application/problem+json"
FIXED = {
    "x-content-type-options": "nosniff",
    "referrer-policy": "same-origin",
    "x-frame-options": "DENY",
}
LOCKED_DOWN = {
    "frame-ancestors": ["'none'"],
    "base-uri": ["'none'"],
    "object-src": ["'none'"],
}
INVALID_BODY = {"code": 1}  # passes the edge, then fails validation (422) without grading


def policy(header: str) -> dict[str, list[str]]:
    directives = (part.split() for part in header.split(";") if part.strip())
    return {name: sources for name, *sources in directives}


def raw_exchange(server: LiveServer, request: bytes) -> tuple[int, dict[str, str]]:
    """Send raw bytes, read the answer's status line and headers (the edge closes after it)."""
    with socket.create_connection(("127.0.0.1", server.port), timeout=10) as sock:
        try:
            sock.sendall(request)
        except (BrokenPipeError, ConnectionResetError):  # it answered before reading it all
            pass
        data = b""
        while b"\r\n\r\n" not in data and (more := sock.recv(65536)):
            data += more
    status_line, *lines = data.partition(b"\r\n\r\n")[0].decode("latin-1").split("\r\n")
    headers = {
        name.lower(): value.strip() for name, _, value in (line.partition(":") for line in lines)
    }
    return int(status_line.split()[1]), headers


@pytest.fixture
def bare(server: AppServer) -> Iterator[httpx.Client]:
    """A client that sends only the headers a test names (no default Origin)."""
    with server.client(origin=False) as http:
        yield http


@pytest.fixture(scope="module")
def learner_cookie(server: AppServer) -> str:
    with server.client(origin=False) as http:
        response = http.get(SUBMIT)  # any learner route hands a new browser its cookie
    assert response.status_code == 200
    return str(response.cookies[COOKIE_NAME])


# Headers


@pytest.mark.parametrize(
    ("method", "path"),
    [
        ("GET", "/"),
        ("GET", f"/exercises/{FLAGSHIP}"),
        ("GET", "/static/dist/manifest.json"),
        ("GET", "/api/exercises"),
        ("GET", "/healthz"),
        ("GET", "/nothing-here"),
        ("DELETE", "/healthz"),
        ("POST", SUBMIT),
    ],
)
def test_every_response_carries_the_security_headers(
    bare: httpx.Client, method: str, path: str
) -> None:
    response = bare.request(method, path, json=INVALID_BODY if method == "POST" else None)
    for name, value in FIXED.items():
        assert response.headers[name] == value
    directives = policy(response.headers["content-security-policy"])
    assert directives.items() >= LOCKED_DOWN.items()
    assert directives["default-src"] == ["'self'"]
    assert directives["form-action"] == ["'self'"]
    scripts = directives["script-src"]
    assert scripts[0] == "'self'"
    assert all(re.fullmatch(r"'sha256-[A-Za-z0-9+/]+={0,2}'", extra) for extra in scripts[1:])


@pytest.mark.parametrize(
    ("request_bytes", "status"),
    [
        (b"POST /api/learners HTTP/1.1\r\nHost: x\r\nContent-Length: 999999999\r\n\r\n", 413),
        (b"GET / HTTP/1.1\r\nHost: x\r\nX-Padding: " + b"a" * 100_000 + b"\r\n\r\n", 431),
        (b"GET / HTTP/1.1\r\nHost x\r\n\r\n", 400),
    ],
    ids=["413 from the middleware", "431 from the protocol", "400 from the protocol"],
)
def test_the_edges_own_refusals_carry_them_too(
    live_server: LiveServer, request_bytes: bytes, status: int
) -> None:
    answered, headers = raw_exchange(live_server, request_bytes)
    assert answered == status
    assert headers["content-type"] == PROBLEM
    for name, value in FIXED.items():
        assert headers[name] == value
    assert "frame-ancestors 'none'" in headers["content-security-policy"]


def test_each_inline_script_of_a_page_is_allowed_by_its_hash_alone(bare: httpx.Client) -> None:
    response = bare.get(f"/exercises/{FLAGSHIP}")
    inline = re.findall(r"<script>(.*?)</script>", response.text, re.S)
    digests = {
        "'sha256-" + base64.b64encode(hashlib.sha256(script.encode()).digest()).decode() + "'"
        for script in inline
    }
    allowed = policy(response.headers["content-security-policy"])["script-src"]
    assert digests <= set(allowed)
    assert "'unsafe-inline'" not in allowed
    assert "'unsafe-eval'" not in allowed


def test_only_the_api_docs_pages_may_load_their_cdn(bare: httpx.Client) -> None:
    docs = policy(bare.get("/docs").headers["content-security-policy"])
    assert "https://cdn.jsdelivr.net" in docs["script-src"]
    assert docs["frame-ancestors"] == ["'none'"]
    page = policy(bare.get("/").headers["content-security-policy"])
    assert "https://cdn.jsdelivr.net" not in page["script-src"]


# Cross-site requests


@pytest.mark.parametrize(
    "headers",
    [
        {},
        {"Origin": "https://evil.example"},
        {"Origin": "null"},
        {"Origin": "http://127.0.0.1:1"},
        {"Origin": "http://localhost"},
        {"Referer": "https://evil.example/exercises/x"},
        {"Authorization": ""},
    ],
    ids=["no Origin nor Referer", "other site", "null", "other port", "other host",
         "Referer of another site", "empty Authorization"],
)  # fmt: skip
def test_a_cookie_request_from_another_origin_is_refused(
    bare: httpx.Client, learner_cookie: str, headers: dict[str, str]
) -> None:
    bare.cookies.set(COOKIE_NAME, learner_cookie)
    response = bare.post(SUBMIT, json=INVALID_BODY, headers=headers)
    assert response.status_code == 403
    assert response.headers["content-type"] == PROBLEM
    assert response.json()["title"] == "Forbidden"


@pytest.mark.parametrize("method", ["PUT", "PATCH", "DELETE"])
def test_every_unsafe_method_is_checked(
    bare: httpx.Client, learner_cookie: str, method: str
) -> None:
    bare.cookies.set(COOKIE_NAME, learner_cookie)
    assert bare.request(method, SUBMIT).status_code == 403


def test_a_cookie_request_from_our_own_origin_passes(
    server: AppServer, bare: httpx.Client, learner_cookie: str
) -> None:
    bare.cookies.set(COOKIE_NAME, learner_cookie)
    by_origin = bare.post(SUBMIT, json=INVALID_BODY, headers={"Origin": server.url})
    by_referer = bare.post(
        SUBMIT, json=INVALID_BODY, headers={"Referer": f"{server.url}/exercises/{FLAGSHIP}"}
    )
    assert (by_origin.status_code, by_referer.status_code) == (422, 422)


def test_a_bearer_token_request_passes_without_an_origin(
    bare: httpx.Client, learner_cookie: str
) -> None:
    token = bare.post("/api/learners").json()["token"]
    bare.cookies.set(COOKIE_NAME, learner_cookie)
    response = bare.post(
        SUBMIT,
        json=INVALID_BODY,
        headers={"Authorization": f"Bearer {token}", "Origin": "https://evil.example"},
    )
    assert response.status_code == 422


def test_a_request_without_the_cookie_or_a_safe_one_is_not_checked(
    bare: httpx.Client, learner_cookie: str
) -> None:
    no_cookie = bare.post(SUBMIT, json=INVALID_BODY, headers={"Origin": "https://evil.example"})
    bare.cookies.set(COOKIE_NAME, learner_cookie)
    safe = bare.get(SUBMIT, headers={"Origin": "https://evil.example"})
    assert (no_cookie.status_code, safe.status_code) == (422, 200)
