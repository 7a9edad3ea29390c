"""API fixtures: a real `gradebox serve` for the session, and a fresh client (learner) per test."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from app.live_server import LiveServer
from tests.conftest import EXERCISES, FLAGSHIP

SOLUTION = (EXERCISES / FLAGSHIP / "solution.py").read_text(encoding="utf-8")
FLAGSHIP_URL = f"/api/exercises/{FLAGSHIP}"
# No rate limits: every test's client is a new learner from 127.0.0.1; the per-learner and
# per-address rates are tested on servers of their own (test_admission, test_submissions_api).
UNLIMITED = {
    "submissions_per_minute": "0",
    "address_submissions_per_minute": "0",
    "identities_per_minute": "0",
}


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("server"), **UNLIMITED) as live:
        yield live


@pytest.fixture
def client(server: LiveServer) -> Iterator[httpx.Client]:
    """A fresh browser-like client: its own cookie jar, so its own anonymous learner."""
    with server.client() as http:
        yield http
