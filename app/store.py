"""Reads and writes of learners, submissions and hint unlocks (synchronous; run in a thread)."""

from __future__ import annotations

import uuid
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any, Literal

from sqlalchemy import bindparam, delete, func, insert, or_, select, update
from sqlalchemy.dialects import postgresql, sqlite
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker
from sqlalchemy.sql.dml import Insert

from app.db import Attempt, Base, HintUnlock, IdempotencyKey, Learner, Submission, now
from graders.report import Report, Verdict

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


@dataclass(frozen=True)
class StoredSubmission:
    id: str
    learner_id: str
    exercise: str
    code: str
    status: str
    verdict: str | None
    passed: int
    total: int
    report: dict[str, Any] | None
    created_at: datetime
    exercise_version: str | None = None  # what graded it (graders/digest.py); None: unknown

    def graded_by(self, current: str | None) -> bool:
        """Whether the `current` version of its exercise graded it; a result from before
        versions were recorded counts as current (nothing is known to have changed)."""
        return self.exercise_version is None or self.exercise_version == current


@dataclass(frozen=True)
class Progress:
    """A learner's standing on one exercise: `passed` if any submission passed, else `failed`
    if any was graded; `current` if a result behind that status was graded by the exercise's
    current version (a learner who passed only an older version is `passed`, not `current`)."""

    status: Literal["failed", "passed"]
    current: bool


class KeyTaken(Exception):
    """This learner already made a submission with this idempotency key."""


@dataclass(frozen=True)
class PendingSubmission:
    """A submission not graded yet, with its grading attempts so far."""

    submission: StoredSubmission
    attempts: int  # every attempt made, whatever became of it
    running_since: datetime | None  # the start of an attempt still marked running, if any
    running_owners: tuple[str, ...] = ()  # the processes whose attempts are marked running


def aware(moment: datetime) -> datetime:
    """SQLite hands back naive datetimes; every time we store is UTC."""
    return moment if moment.tzinfo else moment.replace(tzinfo=UTC)


def _stored(row: Submission) -> StoredSubmission:
    return StoredSubmission(
        row.id, row.learner_id, row.exercise, row.code, row.status, row.verdict,
        row.passed, row.total, row.report, aware(row.created_at), row.exercise_version,
    )  # fmt: skip


class Store:
    """Every query the service makes, in one place."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions

    def ensure_learner(self, learner_id: str) -> None:
        with self.sessions() as session:
            if session.get(Learner, learner_id) is None:
                session.add(Learner(id=learner_id))
                try:
                    session.commit()
                except IntegrityError:  # created by a concurrent request
                    session.rollback()

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
            return _stored(row) if row is not None else None

    def forget_idempotency_keys(self, before: datetime) -> int:
        """Drop the keys made before `before` (they are kept a day)."""
        with self.sessions() as session:
            result = session.execute(
                delete(IdempotencyKey).where(IdempotencyKey.created_at < before)
            )
            session.commit()
            return int(getattr(result, "rowcount", 0) or 0)

    def start_attempt(self, submission_id: str, owner: str) -> int | None:
        """Record a new grading attempt before the sandbox runs; None if already graded."""
        with self.sessions() as session:
            row = session.get(Submission, submission_id)
            if row is None or row.status != "pending":
                return None
            made = session.scalar(
                select(func.max(Attempt.number)).where(Attempt.submission_id == submission_id)
            )
            number = (made or 0) + 1
            session.add(
                Attempt(
                    submission_id=submission_id, number=number, state="running", owner=owner,
                    started_at=now(),
                )
            )  # fmt: skip
            try:
                session.commit()
            except IntegrityError:  # another process started one at the same moment
                session.rollback()
                return None
            return number

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

    def to_regrade(self, exercise: str, version: str | None, limit: int) -> list[str]:
        """Ids of at most `limit` graded submissions of `exercise` not graded by `version`
        (every one when `version` is None), oldest first."""
        with self.sessions() as session:
            where = [Submission.exercise == exercise, Submission.status == "graded"]
            if version is not None:
                where.append(
                    or_(
                        Submission.exercise_version.is_(None),
                        Submission.exercise_version != version,
                    )
                )
            query = (
                select(Submission.id)
                .where(*where)
                .order_by(Submission.created_at, Submission.id)
                .limit(limit)
            )
            return list(session.scalars(query))

    def regraded(self, submission_id: str, report: Report) -> bool:
        """Replace a graded submission's report and version with `report` (created_at kept,
        graded_at now); False if the submission is gone or not graded."""
        with self.sessions() as session:
            result = session.execute(
                update(Submission)
                .where(Submission.id == submission_id, Submission.status == "graded")
                .values(
                    verdict=str(report.verdict), passed=report.passed, total=report.total,
                    report=report.to_dict(), exercise_version=report.exercise_version,
                    graded_at=now(),
                )
            )  # fmt: skip
            session.commit()
            return bool(getattr(result, "rowcount", 0))

    def abandon_attempts(
        self, started_before: datetime | None = None, owners: Sequence[str] = ()
    ) -> int:
        """Mark running attempts abandoned: all of them, those started before a moment, or
        those of `owners` (processes known to be gone).

        At start-up in embedded mode every running attempt belonged to a process that is gone;
        elsewhere an attempt is abandoned once it has run far longer than any grading can.
        """
        with self.sessions() as session:
            where = [Attempt.state == "running"]
            if started_before is not None:
                where.append(Attempt.started_at < started_before)
            if owners:
                where.append(Attempt.owner.in_(list(owners)))
            result = session.execute(
                update(Attempt).where(*where).values(state="abandoned", finished_at=now())
            )
            session.commit()
            return int(getattr(result, "rowcount", 0) or 0)

    def get_submission(self, submission_id: str) -> StoredSubmission | None:
        with self.sessions() as session:
            row = session.get(Submission, submission_id)
            return _stored(row) if row else None

    def pending_submissions(self, limit: int = 1000) -> list[PendingSubmission]:
        """Submissions not graded yet, oldest first, each with its attempts so far."""
        with self.sessions() as session:
            rows = list(
                session.scalars(
                    select(Submission)
                    .where(Submission.status == "pending")
                    .order_by(Submission.created_at)
                    .limit(limit)
                )
            )
            attempts: dict[str, list[Attempt]] = {row.id: [] for row in rows}
            if rows:
                for attempt in session.scalars(
                    select(Attempt).where(Attempt.submission_id.in_(list(attempts)))
                ):
                    attempts[attempt.submission_id].append(attempt)
            pending = []
            for row in rows:
                running = [a for a in attempts[row.id] if a.state == "running"]
                since = aware(max(a.started_at for a in running)) if running else None
                owners = tuple(sorted({a.owner for a in running if a.owner}))
                pending.append(
                    PendingSubmission(_stored(row), len(attempts[row.id]), since, owners)
                )
            return pending

    def attempts(self, submission_id: str) -> list[tuple[int, str, str | None]]:
        """Each attempt at a submission: number, state, outcome."""
        with self.sessions() as session:
            rows = session.execute(
                select(Attempt.number, Attempt.state, Attempt.outcome)
                .where(Attempt.submission_id == submission_id)
                .order_by(Attempt.number)
            )
            return [(number, state, outcome) for number, state, outcome in rows]

    def ping(self) -> None:
        """One round trip to the database (raises if it cannot answer)."""
        with self.sessions() as session:
            session.execute(select(1))

    def history(
        self, learner_id: str, exercise: str, limit: int, offset: int
    ) -> tuple[list[StoredSubmission], int]:
        with self.sessions() as session:
            where = (Submission.learner_id == learner_id, Submission.exercise == exercise)
            total = session.scalar(select(func.count()).select_from(Submission).where(*where)) or 0
            rows = session.scalars(
                select(Submission)
                .where(*where)
                .order_by(Submission.created_at.desc(), Submission.id)
                .limit(limit)
                .offset(offset)
            )
            return [_stored(row) for row in rows], total

    def progress(self, learner_id: str, versions: Mapping[str, str]) -> dict[str, Progress]:
        """Per exercise the learner tried, a `Progress`; `versions` holds each exercise's
        current version (an exercise not in it counts every result as current)."""
        with self.sessions() as session:
            rows = session.execute(
                select(Submission.exercise, Submission.verdict, Submission.exercise_version).where(
                    Submission.learner_id == learner_id, Submission.status == "graded"
                )
            )
            passes: dict[str, bool] = {}  # per exercise passed: whether a current result passed
            tries: dict[str, bool] = {}  # per exercise graded: whether a current result exists
            for exercise, verdict, version in rows:
                current = version is None or version == versions.get(exercise, version)
                tries[exercise] = tries.get(exercise, False) or current
                if verdict == Verdict.PASSED:
                    passes[exercise] = passes.get(exercise, False) or current
            return {
                exercise: Progress("passed", passes[exercise])
                if exercise in passes
                else Progress("failed", current)
                for exercise, current in tries.items()
            }

    def revealed_hints(self, learner_id: str, exercise: str) -> list[tuple[int, datetime]]:
        with self.sessions() as session:
            rows = session.execute(
                select(HintUnlock.index, HintUnlock.revealed_at)
                .where(HintUnlock.learner_id == learner_id, HintUnlock.exercise == exercise)
                .order_by(HintUnlock.index)
            )
            return [(index, aware(revealed_at)) for index, revealed_at in rows]

    def reveal_next_hint(
        self, learner_id: str, exercise: str, total: int
    ) -> tuple[int, datetime] | None:
        """Record the next hint in order; None when every hint is already revealed."""
        self.ensure_learner(learner_id)
        with self.sessions() as session:
            count = (
                session.scalar(
                    select(func.count())
                    .select_from(HintUnlock)
                    .where(HintUnlock.learner_id == learner_id, HintUnlock.exercise == exercise)
                )
                or 0
            )
            if count >= total:
                return None
            unlock = HintUnlock(
                learner_id=learner_id, exercise=exercise, index=count + 1, revealed_at=now()
            )
            session.add(unlock)
            try:
                session.commit()
            except IntegrityError:  # a concurrent reveal took this index: report that one
                session.rollback()
                return self.revealed_hints(learner_id, exercise)[count]
            return unlock.index, aware(unlock.revealed_at)
