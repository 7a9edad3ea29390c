"""What a server checks of its database before it serves: that its role may create the tables,
and that it signs learner tokens with the secret every other server on that database uses.

Each refusal is a `StartRefused` whose message is the one line an operator reads (`serve` prints
it and exits 1, before it listens), never a traceback.

Why a digest of the secret, not the secret itself, in the database: a dump or a read-only role
would then be enough to sign any learner's token. The digest is PBKDF2 with a salt of its own,
so it gives no quick way back to a short secret either. And a configured GRADEBOX_SECRET_KEY
that differs between two replicas can only be caught by comparing, which this does too.
"""

from __future__ import annotations

import hashlib
import hmac
import secrets

from sqlalchemy import Column, DateTime, Integer, MetaData, String, Table, select
from sqlalchemy.dialects.postgresql import insert
from sqlalchemy.engine import Engine
from sqlalchemy.exc import OperationalError, ProgrammingError

from app.db import migrate, now

# Migration 0005's table, here rather than among app.db's models: only this module reads it.
SIGNING_SECRET = Table(
    "signing_secret",
    MetaData(),
    Column("id", Integer, primary_key=True),
    Column("digest", String(200), nullable=False),
    Column("recorded_at", DateTime(timezone=True), nullable=False),
)
_ROW = 1
_ITERATIONS = 100_000  # 0.05-0.1 s on these machines, at each start
_INSUFFICIENT_PRIVILEGE = "42501"  # PostgreSQL's SQLSTATE for "permission denied"


class StartRefused(Exception):
    """The server must not start; the message says why and what to do, in one line."""


def prepare_database(engine: Engine, secret: str | None, replace_secret: bool = False) -> None:
    """Migrate the schema, then check (or, `replace_secret`, record) the signing secret's
    digest; `secret` None: migrate only."""
    try:
        migrate(engine)
    except ProgrammingError as error:
        if getattr(error.orig, "sqlstate", None) == _INSUFFICIENT_PRIVILEGE:
            raise StartRefused(_grant_advice(engine, error)) from None
        raise
    except OperationalError as error:
        where = engine.url.render_as_string(hide_password=True)
        raise StartRefused(f"cannot reach the database {where}: {_first_line(error)}") from None
    if secret is not None:
        check_signing_secret(engine, secret, replace_secret)


def check_signing_secret(engine: Engine, secret: str, replace: bool = False) -> None:
    """Record the secret's digest on the first start; refuse a later start with another.

    Only on PostgreSQL, which several servers share: a SQLite file has one server, and its
    secret lives beside it in DATA_DIR. `replace` records this secret instead (every server
    stopped: `gradebox migrate --replace-secret`).
    """
    if engine.dialect.name != "postgresql":
        return
    digest = _digest(secret, secrets.token_hex(16))
    with engine.begin() as connection:
        statement = insert(SIGNING_SECRET).values(id=_ROW, digest=digest, recorded_at=now())
        if replace:
            statement = statement.on_conflict_do_update(
                index_elements=["id"], set_={"digest": digest, "recorded_at": now()}
            )
        else:  # two first starts at once: one row wins, and the other is compared with it
            statement = statement.on_conflict_do_nothing(index_elements=["id"])
        connection.execute(statement)
        recorded = connection.execute(
            select(SIGNING_SECRET.c.digest).where(SIGNING_SECRET.c.id == _ROW)
        ).scalar_one()
    if not _matches(secret, recorded):
        raise StartRefused(
            "this database's learner tokens are signed with another secret than this server's "
            "(GRADEBOX_SECRET_KEY, or DATA_DIR/secret.key when it is unset): another server on "
            "it would refuse every token this one signs. Give every server on one database the "
            "same GRADEBOX_SECRET_KEY. To change it on purpose (it signs every learner out), "
            "stop every server and run `gradebox migrate --replace-secret` with the new one."
        )


def _digest(secret: str, salt: str) -> str:
    key = hashlib.pbkdf2_hmac("sha256", secret.encode(), salt.encode(), _ITERATIONS)
    return f"pbkdf2_sha256${_ITERATIONS}${salt}${key.hex()}"


def _matches(secret: str, recorded: str) -> bool:
    _, iterations, salt, expected = recorded.split("$")
    key = hashlib.pbkdf2_hmac("sha256", secret.encode(), salt.encode(), int(iterations))
    return hmac.compare_digest(key.hex(), expected)


def _grant_advice(engine: Engine, error: ProgrammingError) -> str:
    role, database = engine.url.username or "(this role)", engine.url.database or "(this database)"
    return (
        f"the database role {role!r} may not create tables in database {database!r} "
        f"({_first_line(error)}). As its owner or a superuser, run `ALTER DATABASE {database} "
        f"OWNER TO {role};` or, in that database, `GRANT CREATE ON SCHEMA public TO {role};` "
        "(docs/operations.md, PostgreSQL)"
    )


def _first_line(error: ProgrammingError | OperationalError) -> str:
    lines = str(error.orig).strip().splitlines()
    return lines[0] if lines else type(error.orig).__name__
