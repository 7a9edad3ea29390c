"""API fixtures: the service for the session, in this process (`server`, tests.api.app_server)
or as a real `gradebox serve` (`live_server`, for what needs its process or socket), and a
fresh client (learner) of the in-process one per test."""

from __future__ import annotations

import secrets
from collections.abc import Iterator

import httpx
import psycopg
import pytest

from app.live_server import LiveServer
from tests.api.app_server import AppServer
from tests.conftest import EXERCISES, FLAGSHIP

SOLUTION = (EXERCISES / FLAGSHIP / "solution.py").read_text(encoding="utf-8")
FLAGSHIP_URL = f"/api/exercises/{FLAGSHIP}"
# No rate limits: every test's client is a new learner from 127.0.0.1; the per-learner and
# per-address rates are tested on servers of their own (test_admission, test_submissions_api).
POSTGRES_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
UNLIMITED = {
    "submissions_per_minute": "0",
    "address_submissions_per_minute": "0",
    "identities_per_minute": "0",
}


@pytest.fixture(scope="session")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[AppServer]:
    """The app `gradebox serve` builds, its lifespan run in this process (no socket)."""
    with AppServer(tmp_path_factory.mktemp("app"), **UNLIMITED) as served:
        yield served


@pytest.fixture(scope="session")
def live_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A real `gradebox serve` process on a loopback port, for the tests that need one."""
    with LiveServer(tmp_path_factory.mktemp("server"), **UNLIMITED) as live:
        yield live


@pytest.fixture
def client(server: AppServer) -> Iterator[httpx.Client]:
    """A fresh browser-like client: its own cookie jar, so its own anonymous learner."""
    with server.client() as http:
        yield http


@pytest.fixture
def database_name() -> Iterator[str]:
    """A PostgreSQL database of this test's own, on the shared server (dropped after)."""
    name = f"gradebox_test_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    yield name
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
