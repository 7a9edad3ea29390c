"""Reads and writes of learners, submissions and hint unlocks (synchronous; run in a thread).

`Store` is every query the service makes; its methods are written by concern:

submissions.py  create a submission (idempotency key, first attempt), store its report once
attempts.py     grading attempts: start, abandon, the pending submissions to recover
learners.py     a learner's row, history, progress per exercise, hints revealed
regrades.py     `gradebox regrade`: what to grade again, the new report
records.py      what comes back: StoredSubmission, Progress, PendingSubmission, KeyTaken
"""

from __future__ import annotations

from sqlalchemy import select
from sqlalchemy.orm import Session, sessionmaker

from app.store.attempts import AttemptQueries
from app.store.learners import LearnerQueries
from app.store.records import KeyTaken, PendingSubmission, Progress, StoredSubmission, aware
from app.store.regrades import RegradeQueries
from app.store.submissions import SubmissionQueries

__all__ = ["KeyTaken", "PendingSubmission", "Progress", "Store", "StoredSubmission", "aware"]


class Store(SubmissionQueries, AttemptQueries, LearnerQueries, RegradeQueries):
    """Every query the service makes, in one place."""

    def __init__(self, sessions: sessionmaker[Session]) -> None:
        self.sessions = sessions

    def ping(self) -> None:
        """One round trip to the database (raises if it cannot answer)."""
        with self.sessions() as session:
            session.execute(select(1))
