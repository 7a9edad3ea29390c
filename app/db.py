"""The database: tables, engine and migrations (SQLite by default, PostgreSQL by URL)."""

from __future__ import annotations

from datetime import UTC, datetime
from pathlib import Path
from typing import Any

from sqlalchemy import (
    JSON,
    DateTime,
    ForeignKey,
    Integer,
    String,
    Text,
    create_engine,
    event,
    inspect,
    text,
)
from sqlalchemy.engine import Connection, Engine
from sqlalchemy.orm import DeclarativeBase, Mapped, mapped_column, sessionmaker

MIGRATIONS = Path(__file__).resolve().parent / "migrations"
# The newest migration's revision (a test holds it to alembic's head): a database already there
# is not migrated, and alembic (a quarter of a second of imports) is not loaded at all.
HEAD = "0005"


def now() -> datetime:
    return datetime.now(UTC)


class Base(DeclarativeBase):
    pass


class Learner(Base):
    """An anonymous learner: a random id, carried in a signed cookie or bearer token."""

    __tablename__ = "learners"
    id: Mapped[str] = mapped_column(String(64), primary_key=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


class Submission(Base):
    """One graded (or pending) submission. Written before grading, updated after."""

    __tablename__ = "submissions"
    id: Mapped[str] = mapped_column(String(36), primary_key=True)
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id"), index=True)
    exercise: Mapped[str] = mapped_column(String(200), index=True)
    code: Mapped[str] = mapped_column(Text)
    status: Mapped[str] = mapped_column(String(20), default="pending", index=True)  # or graded
    verdict: Mapped[str | None] = mapped_column(String(20), nullable=True)
    passed: Mapped[int] = mapped_column(Integer, default=0)
    total: Mapped[int] = mapped_column(Integer, default=0)
    report: Mapped[dict[str, Any] | None] = mapped_column(JSON, nullable=True)
    # The report's `exercise_version` (graders/digest.py); null while pending, and for results
    # graded before versions were recorded.
    exercise_version: Mapped[str | None] = mapped_column(String(64), nullable=True)
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)
    graded_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)


class Attempt(Base):
    """One try at grading a submission: created before the sandbox runs, finished after.

    A submission whose grading killed or stalled a process is left with a `running` attempt;
    the next start (or the sweeper) counts those, so a poison pill is tried a bounded number of
    times and then finished as `internal_error`, never again.
    """

    __tablename__ = "attempts"
    submission_id: Mapped[str] = mapped_column(ForeignKey("submissions.id"), primary_key=True)
    number: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1-based
    state: Mapped[str] = mapped_column(String(20))  # running | finished | abandoned
    owner: Mapped[str] = mapped_column(String(64))  # the process that made it
    started_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)
    finished_at: Mapped[datetime | None] = mapped_column(DateTime(timezone=True), nullable=True)
    outcome: Mapped[str | None] = mapped_column(String(40), nullable=True)  # verdict, or why not


class IdempotencyKey(Base):
    """A client's `Idempotency-Key` for one POST of a submission, kept a day: the same key
    from the same learner returns that submission instead of making a second."""

    __tablename__ = "idempotency_keys"
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id"), primary_key=True)
    key: Mapped[str] = mapped_column(String(255), primary_key=True)
    submission_id: Mapped[str] = mapped_column(ForeignKey("submissions.id"))
    created_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now, index=True)


class HintUnlock(Base):
    """A hint a learner revealed, and when. Hints unlock in order."""

    __tablename__ = "hint_unlocks"
    learner_id: Mapped[str] = mapped_column(ForeignKey("learners.id"), primary_key=True)
    exercise: Mapped[str] = mapped_column(String(200), primary_key=True)
    index: Mapped[int] = mapped_column(Integer, primary_key=True)  # 1-based
    revealed_at: Mapped[datetime] = mapped_column(DateTime(timezone=True), default=now)


def make_engine(url: str, timeout_seconds: float = 5.0, threads: int = 8) -> Engine:
    """An engine whose every wait is bounded: connecting, a checkout, a lock, a statement.

    `timeout_seconds` bounds each: SQLite's busy timeout; PostgreSQL's connect_timeout,
    statement_timeout and lock_timeout; the connection pool's checkout wait.

    The pool keeps a connection for each of the `threads` that call the database
    (`database_threads`) and one for the sweeper's lock (app/leader.py), so none is opened
    per call: over SQLAlchemy's default pool of 5, 8 threads opened 49 PostgreSQL backends
    in 20 s (each overflow connection is closed when it is given back).
    """
    pool = {"pool_size": threads + 1, "max_overflow": 2, "pool_timeout": timeout_seconds}
    if url.startswith("sqlite:///"):
        Path(url.removeprefix("sqlite:///")).parent.mkdir(parents=True, exist_ok=True)
        engine = create_engine(
            url,
            connect_args={"check_same_thread": False, "timeout": timeout_seconds},
            **pool,
        )

        @event.listens_for(engine, "connect")
        def _sqlite_pragmas(connection: Any, _: Any) -> None:
            cursor = connection.cursor()
            cursor.execute("PRAGMA journal_mode=WAL")
            cursor.execute("PRAGMA synchronous=NORMAL")
            cursor.execute("PRAGMA foreign_keys=ON")
            cursor.close()

        return engine
    milliseconds = max(1, round(timeout_seconds * 1000))
    return create_engine(
        url,
        pool_pre_ping=True,
        **pool,
        connect_args={
            "connect_timeout": max(2, round(timeout_seconds)),  # libpq's least is 2 s
            "options": f"-c statement_timeout={milliseconds} -c lock_timeout={milliseconds}",
            # A peer that stops answering (a dropped route) is given up on, not waited for.
            "tcp_user_timeout": milliseconds,
            "keepalives": 1,
            "keepalives_idle": max(1, round(timeout_seconds)),
            "keepalives_interval": 1,
            "keepalives_count": 3,
        },
    )


# pg_advisory_xact_lock key: any constant every gradebox process agrees on ("gradebox").
MIGRATION_LOCK = 0x67726164_65626F78 % (2**63)


def migrate(engine: Engine) -> None:
    """Bring the schema to the newest migration (idempotent; runs at every start).

    On PostgreSQL several processes may start at once on one database (API replicas): each
    takes a transaction-scoped advisory lock first, so one migrates and the others, once it
    has committed, find the schema at head (without the lock one of two failed 4 times in 10
    creating the same tables).
    """
    with engine.begin() as connection:
        if connection.dialect.name == "postgresql":
            connection.execute(text("SELECT pg_advisory_xact_lock(:key)"), {"key": MIGRATION_LOCK})
        if _revision(connection) == HEAD:
            return
        from alembic import command
        from alembic.config import Config

        config = Config()
        config.set_main_option("script_location", str(MIGRATIONS))
        config.attributes["connection"] = connection
        command.upgrade(config, "head")


def _revision(connection: Connection) -> str | None:
    """The schema's migration (alembic's table), None before the first."""
    if not inspect(connection).has_table("alembic_version"):
        return None
    return connection.execute(text("SELECT version_num FROM alembic_version")).scalar()


def session_factory(engine: Engine) -> sessionmaker[Any]:
    return sessionmaker(engine, expire_on_commit=False)
