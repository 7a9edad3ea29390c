"""What `gradebox serve` checks of its PostgreSQL database before it listens (app/preflight.py):
a role that may not create the tables, and a secret other than the one the database's servers
sign with, each refuse the start with one line saying what to do, never a traceback.

Each test makes a database (and a role) of its own on the shared server, and drops them.
"""

from __future__ import annotations

import os
import secrets
import subprocess
import sys
import threading
from collections.abc import Iterator
from pathlib import Path

import psycopg
import pytest

from app.db import make_engine
from app.live_server import PROJECT_ROOT, free_port
from app.preflight import StartRefused, check_signing_secret, prepare_database
from tests.conftest import POSTGRES_ADMIN, postgres_database

pytestmark = pytest.mark.postgres


@pytest.fixture
def database() -> Iterator[str]:
    """A new database owned by `postgres`: its URL, as the superuser."""
    with postgres_database("gradebox_preflight") as url:
        yield url


@pytest.fixture
def guest_role(database: str) -> Iterator[str]:
    """A login role that owns nothing in `database` (and may not create in its schema public,
    as on PostgreSQL 15 and later): its name."""
    role = f"gradebox_guest_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE ROLE "{role}" LOGIN')
    with psycopg.connect(_libpq(database), autocommit=True) as owner:
        owner.execute("REVOKE CREATE ON SCHEMA public FROM PUBLIC")  # what 15 does by default
    yield role
    with psycopg.connect(_libpq(database), autocommit=True) as owner:
        owner.execute(f'REVOKE ALL ON SCHEMA public FROM "{role}"')
        owner.execute(f'DROP OWNED BY "{role}"')
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'DROP ROLE "{role}"')


def _libpq(url: str) -> str:
    return url.replace("+psycopg", "")


def serve_refusal(tmp_path: Path, database_url: str, **settings: str) -> str:
    """Start `gradebox serve` and expect it to refuse: the last line of its stderr (the rest is
    JSON log lines), after asserting it exited 1 and printed no traceback."""
    environment = {name: value for name, value in os.environ.items() if "GRADEBOX_" not in name}
    environment.update(
        {
            "GRADEBOX_DATA_DIR": str(tmp_path),
            "GRADEBOX_DATABASE_URL": database_url,
            **{f"GRADEBOX_{name.upper()}": value for name, value in settings.items()},
        }
    )
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "serve", "--port", str(free_port())],
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 1, done.stderr
    assert "Traceback" not in done.stderr
    plain = [line for line in done.stderr.splitlines() if not line.startswith("{")]
    assert len(plain) == 1, done.stderr
    return plain[0]


def test_a_role_that_may_not_create_tables_is_told_what_to_grant(
    tmp_path: Path, database: str, guest_role: str
) -> None:
    as_guest = database.replace("postgres@", f"{guest_role}@")
    line = serve_refusal(tmp_path, as_guest)
    grant = f"GRANT CREATE ON SCHEMA public TO {guest_role};"
    assert line.startswith("gradebox: ")
    assert grant in line
    with psycopg.connect(_libpq(database), autocommit=True) as owner:
        owner.execute(grant)  # what the line says is enough
    engine = make_engine(as_guest)
    try:
        prepare_database(engine, "s" * 48)
    finally:
        engine.dispose()


def test_a_server_with_another_secret_than_the_databases_refuses_to_start(
    tmp_path: Path, database: str
) -> None:
    """Two servers without GRADEBOX_SECRET_KEY each generate one in their DATA_DIR: the second
    would refuse every token the first signs (401), so it does not start."""
    engine = make_engine(database)
    try:
        prepare_database(engine, secrets.token_urlsafe(48))  # the first server
    finally:
        engine.dispose()
    line = serve_refusal(tmp_path, database)  # its own generated secret
    assert line.startswith("gradebox: ")
    assert "gradebox migrate --replace-secret" in line


@pytest.mark.parametrize(
    ("recorded", "replaced_by", "starting", "refused"),
    [
        ("first", None, "first", False),
        ("first", None, "second", True),
        ("first", "second", "second", False),
        ("first", "second", "first", True),
    ],
    ids=["same secret", "another secret", "replaced, new", "replaced, old"],
)
def test_a_start_is_refused_exactly_when_its_secret_is_not_the_recorded_one(
    database: str, recorded: str, replaced_by: str | None, starting: str, refused: bool
) -> None:
    engine = make_engine(database)
    try:
        prepare_database(engine, recorded)
        if replaced_by is not None:
            prepare_database(engine, replaced_by, replace_secret=True)
        if refused:
            with pytest.raises(StartRefused):
                check_signing_secret(engine, starting)
        else:
            check_signing_secret(engine, starting)
    finally:
        engine.dispose()


def test_two_first_starts_with_different_secrets_at_once_let_one_through(database: str) -> None:
    engine = make_engine(database)
    prepare_database(engine, None)  # the schema; no secret recorded yet
    barrier = threading.Barrier(2)
    outcomes: list[str] = []

    def start(secret: str) -> None:
        barrier.wait()
        try:
            check_signing_secret(engine, secret)
            outcomes.append("started")
        except StartRefused:
            outcomes.append("refused")

    threads = [threading.Thread(target=start, args=(secret,)) for secret in ("one", "two")]
    try:
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join(30)
    finally:
        engine.dispose()
    assert sorted(outcomes) == ["refused", "started"]
