"""A submission's life in the database: written before grading, its report stored once."""

from __future__ import annotations

import uuid
from datetime import datetime

from sqlalchemy import bindparam, delete, insert, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.sql.dml import Insert

from app.db import Base, IdempotencyKey, Learner, Submission, now
from app.store.records import KeyTaken, StoredSubmission, aware, stored
from graders.report import Report

# Every submission's two writes are SQLAlchemy Core statements built once here, given their
# values at each call: no ORM unit of work, no statement built per call. On SQLite the ORM
# versions took 0.8 and 1.0 ms in a tight loop, 1.7 and 1.3 ms run once every 20 ms (as a
# server runs them, on cold caches); these take 0.36 and 0.29 ms, and 1.1 and 0.6 ms.
_SUBMISSIONS, _ATTEMPTS = (Base.metadata.tables[name] for name in ("submissions", "attempts"))
# A learner row that exists already (or that a concurrent request has just written) is kept.
_NEW_LEARNER: dict[str, Insert] = {
    "sqlite": sqlite.insert(Learner).on_conflict_do_nothing(),
    "postgresql": postgresql.insert(Learner).on_conflict_do_nothing(),
}
_NEW_SUBMISSION = insert(_SUBMISSIONS)
_NEW_ATTEMPT = insert(_ATTEMPTS)
_FINISH_ATTEMPT = (
    update(_ATTEMPTS)
    .where(
        _ATTEMPTS.c.submission_id == bindparam("given_id"),
        _ATTEMPTS.c.number == bindparam("given_number"),
    )
    .values(state="finished", finished_at=bindparam("given_at"), outcome=bindparam("given_verdict"))
)
# Only a pending submission takes a report (the first final result wins); the row comes back
# without its report, which the caller holds already. (SQLAlchemy reserves the columns' own
# names in an UPDATE: hence `given_` before each parameter's.)
_GRADE = (
    update(_SUBMISSIONS)
    .where(_SUBMISSIONS.c.id == bindparam("given_id"), _SUBMISSIONS.c.status == "pending")
    .values(
        status="graded", verdict=bindparam("given_verdict"), passed=bindparam("given_passed"),
        total=bindparam("given_total"), report=bindparam("given_report"),
        exercise_version=bindparam("given_version"), graded_at=bindparam("given_at"),
    )
    .returning(*(column for column in _SUBMISSIONS.c if column.name != "report"))
)  # fmt: skip


class SubmissionQueries:
    """Create a submission (idempotently), store its report, read it back."""

    sessions: sessionmaker[Session]

    def create_submission(
        self,
        learner_id: str,
        exercise: str,
        code: str,
        owner: str | None = None,
        idempotency_key: str | None = None,
    ) -> StoredSubmission:
        """Written before grading, so a crash can never lose it.

        With an `owner`, its first grading attempt is recorded in the same transaction; with an
        `idempotency_key`, the key too, and `KeyTaken` is raised if this learner used it already
        (a concurrent retry): nothing is written then.
        """
        created = now()
        submission_id = str(uuid.uuid4())
        with self.sessions() as session:
            session.execute(
                _NEW_LEARNER[session.get_bind().dialect.name],
                {"id": learner_id, "created_at": created},
            )
            session.execute(
                _NEW_SUBMISSION,
                {
                    "id": submission_id, "learner_id": learner_id, "exercise": exercise,
                    "code": code, "status": "pending", "passed": 0, "total": 0,
                    "created_at": created,
                },
            )  # fmt: skip
            if owner is not None:
                session.execute(
                    _NEW_ATTEMPT,
                    {
                        "submission_id": submission_id, "number": 1, "state": "running",
                        "owner": owner, "started_at": created,
                    },
                )  # fmt: skip
            if idempotency_key is not None:
                session.execute(
                    insert(IdempotencyKey),
                    {
                        "learner_id": learner_id, "key": idempotency_key,
                        "submission_id": submission_id, "created_at": created,
                    },
                )  # fmt: skip
            try:
                session.commit()
            except IntegrityError:
                session.rollback()
                if idempotency_key is None:
                    raise
                raise KeyTaken(idempotency_key) from None
        return StoredSubmission(
            submission_id, learner_id, exercise, code, "pending", None, 0, 0, None, created
        )

    def by_idempotency_key(self, learner_id: str, key: str) -> StoredSubmission | None:
        """The submission this learner made with `key` (keys are forgotten after a day)."""
        with self.sessions() as session:
            row = session.scalar(
                select(Submission)
                .join(IdempotencyKey, IdempotencyKey.submission_id == Submission.id)
                .where(IdempotencyKey.learner_id == learner_id, IdempotencyKey.key == key)
            )
            return stored(row) if row is not None else None

    def forget_idempotency_keys(self, before: datetime) -> int:
        """Drop the keys made before `before` (they are kept a day)."""
        with self.sessions() as session:
            result = session.execute(
                delete(IdempotencyKey).where(IdempotencyKey.created_at < before)
            )
            session.commit()
            return int(getattr(result, "rowcount", 0) or 0)

    def finish_submission(
        self, submission_id: str, report: Report, attempt: int | None = None
    ) -> StoredSubmission:
        """Store the report. The first final result wins: a later one changes nothing.

        Raises `NoResultFound` for an unknown submission.
        """
        verdict, body, finished = str(report.verdict), report.to_dict(), now()
        with self.sessions() as session:
            if attempt is not None:
                session.execute(
                    _FINISH_ATTEMPT,
                    {
                        "given_id": submission_id,
                        "given_number": attempt,
                        "given_at": finished,
                        "given_verdict": verdict,
                    },
                )
            row = session.execute(
                _GRADE,
                {
                    "given_id": submission_id, "given_verdict": verdict,
                    "given_passed": report.passed, "given_total": report.total,
                    "given_report": body, "given_version": report.exercise_version,
                    "given_at": finished,
                },
            ).one_or_none()  # fmt: skip
            if row is None:  # graded already: that result stands
                row = session.execute(
                    select(_SUBMISSIONS).where(_SUBMISSIONS.c.id == submission_id)
                ).one()
                body = row.report
            session.commit()
        return StoredSubmission(
            row.id, row.learner_id, row.exercise, row.code, row.status, row.verdict,
            row.passed, row.total, body, aware(row.created_at), row.exercise_version,
        )  # fmt: skip

    def get_submission(self, submission_id: str) -> StoredSubmission | None:
        with self.sessions() as session:
            row = session.get(Submission, submission_id)
            return stored(row) if row else None
