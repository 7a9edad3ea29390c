"""Grading attempts: started before the sandbox runs, abandoned when their process is gone."""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime

from sqlalchemy import func, select, update
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from app.db import Attempt, Submission, now
from app.store.records import PendingSubmission, aware, stored


class AttemptQueries:
    """Record attempts, recover the submissions whose attempts were lost."""

    sessions: sessionmaker[Session]

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
                pending.append(PendingSubmission(stored(row), len(attempts[row.id]), since, owners))
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
