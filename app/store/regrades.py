"""`gradebox regrade`'s queries: which graded submissions to grade again, and their new report."""

from __future__ import annotations

from sqlalchemy import or_, select, update
from sqlalchemy.orm import Session, sessionmaker

from app.db import Submission, now
from graders.report import Report


class RegradeQueries:
    """Find the submissions an exercise's current version did not grade; replace a report."""

    sessions: sessionmaker[Session]

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
