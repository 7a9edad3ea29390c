"""The store's two writes on every submission's path: stored before grading, the report after."""

from __future__ import annotations

import secrets
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select
from sqlalchemy.exc import NoResultFound

from app.db import Learner, make_engine, migrate, session_factory
from app.store import Store
from graders.report import Report, Status, TestResult, Verdict

POSTGRES_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"
FLAGSHIP = "sinusoidal-positional-encoding"
CODE = "def positional_encoding(max_len, d_model):\n    return None\n"


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def store(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[Store]:
    if request.param == "sqlite":
        url = f"sqlite:///{tmp_path / 'gradebox.sqlite3'}"
    else:
        psycopg = pytest.importorskip("psycopg")
        name = f"gradebox_test_{secrets.token_hex(4)}"
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f'CREATE DATABASE "{name}"')
        url = f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    engine = make_engine(url)
    migrate(engine)
    yield Store(session_factory(engine))
    engine.dispose()
    if request.param == "postgresql":
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')


def _report(verdict: Verdict, status: Status) -> Report:
    test = TestResult(
        id="shape", title="Shape", status=status, message="Called it.", message_id="value-differs"
    )
    return Report(exercise=FLAGSHIP, exercise_version="v1", verdict=verdict, tests=[test])


@pytest.mark.parametrize(
    ("owner", "attempts"), [("gradebox-1", [(1, "running", None)]), (None, [])]
)
def test_a_new_submission_is_stored_pending_with_its_first_attempt_if_owned(
    store: Store, owner: str | None, attempts: list[tuple[int, str, str | None]]
) -> None:
    stored = store.create_submission("learner", FLAGSHIP, CODE, owner)

    assert (stored.status, stored.verdict, stored.report, stored.code) == (
        "pending",
        None,
        None,
        CODE,
    )
    assert store.get_submission(stored.id) == stored
    assert store.attempts(stored.id) == attempts


def test_a_returning_learner_is_kept_not_created_again(store: Store) -> None:
    first = store.create_submission("learner", FLAGSHIP, CODE, "gradebox-1")
    with store.sessions() as session:
        joined = session.scalars(select(Learner.created_at)).one()

    second = store.create_submission("learner", FLAGSHIP, CODE, "gradebox-1")

    with store.sessions() as session:
        assert session.scalars(select(Learner.created_at)).all() == [joined]
    assert first.id != second.id
    assert store.history("learner", FLAGSHIP, 10, 0)[1] == 2


def test_finishing_stores_the_report_and_finishes_the_attempt(store: Store) -> None:
    stored = store.create_submission("learner", FLAGSHIP, CODE, "gradebox-1")
    report = _report(Verdict.PASSED, Status.PASSED)

    finished = store.finish_submission(stored.id, report, attempt=1)

    assert (finished.status, finished.verdict, finished.passed, finished.total) == (
        "graded", "passed", 1, 1,
    )  # fmt: skip
    assert finished.report == report.to_dict()
    assert finished.exercise_version == "v1"
    assert store.get_submission(stored.id) == finished
    assert store.attempts(stored.id) == [(1, "finished", "passed")]


def test_the_first_final_result_wins_over_a_later_one(store: Store) -> None:
    stored = store.create_submission("learner", FLAGSHIP, CODE, "gradebox-1")
    first = store.finish_submission(stored.id, _report(Verdict.FAILED, Status.FAILED), attempt=1)

    later = store.finish_submission(stored.id, _report(Verdict.PASSED, Status.PASSED))

    assert later == first
    assert store.get_submission(stored.id) == first


def test_finishing_an_unknown_submission_raises(store: Store) -> None:
    with pytest.raises(NoResultFound):
        store.finish_submission("no-such-id", _report(Verdict.PASSED, Status.PASSED))


def test_the_head_revision_the_start_compares_with_is_alembics_newest_migration() -> None:
    from alembic.config import Config
    from alembic.script import ScriptDirectory

    from app.db import HEAD, MIGRATIONS

    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    assert ScriptDirectory.from_config(config).get_current_head() == HEAD


@pytest.mark.parametrize("start", [None, "0001", "0003"])
def test_a_database_behind_head_is_migrated_and_one_at_head_is_left_as_it_is(
    tmp_path: Path, start: str | None
) -> None:
    from alembic import command
    from alembic.config import Config

    from app.db import HEAD, MIGRATIONS

    engine = make_engine(f"sqlite:///{tmp_path / 'gradebox.sqlite3'}")
    if start is not None:
        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        with engine.begin() as connection:
            config.attributes["connection"] = connection
            command.upgrade(config, start)
    migrate(engine)
    migrate(engine)  # at head: nothing to do, and nothing fails
    with engine.connect() as connection:
        revision = connection.exec_driver_sql("SELECT version_num FROM alembic_version").scalar()
    store = Store(session_factory(engine))
    stored = store.create_submission("learner", FLAGSHIP, CODE, None)
    assert (revision, stored.status) == (HEAD, "pending")
    engine.dispose()
