"""One sweeper at a time among processes sharing a PostgreSQL database: an advisory lock.

The sweeper that holds the session-level lock keeps the connection that took it; when that
process dies, PostgreSQL ends the session and frees the lock, and the next replica to try takes
it over. On SQLite one process owns the file, so it always sweeps.
"""

from __future__ import annotations

import logging

from sqlalchemy import Connection, Engine, text
from sqlalchemy.exc import SQLAlchemyError

log = logging.getLogger("gradebox.leader")
# pg_try_advisory_lock key, distinct from the migrations' ("gradebox sweep").
SWEEP_LOCK = 0x67726164_73776570 % (2**63)


class SweepLeader:
    """`holds()` says whether this process is the sweeper now (blocking: database threads)."""

    def __init__(self, engine: Engine) -> None:
        self.engine = engine
        self._connection: Connection | None = None

    def holds(self) -> bool:
        if self.engine.dialect.name != "postgresql":
            return True
        if self._connection is not None:
            try:  # still ours while the session that took it lives
                self._connection.execute(text("SELECT 1"))
                self._connection.commit()
                return True
            except SQLAlchemyError:
                self.release()
        connection = self.engine.connect()
        try:
            taken = bool(
                connection.execute(
                    text("SELECT pg_try_advisory_lock(:key)"), {"key": SWEEP_LOCK}
                ).scalar()
            )
            connection.commit()  # the lock is the session's: no transaction is left open
        except SQLAlchemyError:
            connection.close()
            raise
        if not taken:
            connection.close()
            return False
        log.info("this process is the sweeper now")
        self._connection = connection
        return True

    def release(self) -> None:
        if self._connection is not None:
            try:
                self._connection.invalidate()  # closes the session, so the lock goes with it
            except SQLAlchemyError:
                pass
            self._connection = None
