"""What a learner sees of their own work: history, progress per exercise, hints revealed."""

from __future__ import annotations

from collections.abc import Mapping
from datetime import datetime

from sqlalchemy import func, select
from sqlalchemy.exc import IntegrityError
from sqlalchemy.orm import Session, sessionmaker

from app.db import HintUnlock, Learner, Submission, now
from app.store.records import Progress, StoredSubmission, aware, stored
from graders.report import Verdict


class LearnerQueries:
    """A learner's row, their submissions and progress, the hints they revealed."""

    sessions: sessionmaker[Session]

    def ensure_learner(self, learner_id: str) -> None:
        with self.sessions() as session:
            if session.get(Learner, learner_id) is None:
                session.add(Learner(id=learner_id))
                try:
                    session.commit()
                except IntegrityError:  # created by a concurrent request
                    session.rollback()

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
            return [stored(row) for row in rows], total

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
