"""The sweeper: finishes what is pending and nobody grades, so no stored submission is lost.

At start-up and then every `sweep_seconds` it stores the reports kept while the database was
down, forgets day-old idempotency keys, records what API processes that are gone left in their
reply streams, marks stale attempts abandoned, and grades the pending submissions again, one at
a time and each through the queue like any other, or sets aside one whose gradings keep
killing the grading process (a poison pill, after `max_attempts`). Among processes sharing one
database one sweeps (`SweepLeader`).
"""

from __future__ import annotations

import asyncio
import logging
from datetime import datetime, timedelta

from app.backend import Finished
from app.db import now as database_now
from app.service import Service
from app.storage import DatabaseDown
from app.store import PendingSubmission
from graders.catalog import UnknownExercise
from graders.engine.verdicts import platform_failure, platform_failure_for
from graders.report import Report

log = logging.getLogger("gradebox.service")
IDEMPOTENCY_SECONDS = 86_400  # an Idempotency-Key returns its submission for a day
UNCLAIMED_GRACE_SECONDS = 10.0  # a stored submission with no attempt yet is someone's, briefly


class Sweeper:
    def __init__(self, service: Service) -> None:
        self.service = service
        self.database = service.database

    async def sweep(self) -> int:
        """One round; returns how many submissions it finished or regraded."""
        service, store = self.service, self.service.store
        await self.database.flush_unsaved()
        if service.leader is not None and not await self.database.call(service.leader.holds):
            return 0  # another process sweeps
        day_ago = database_now() - timedelta(seconds=IDEMPOTENCY_SECONDS)
        await self.database.call(store.forget_idempotency_keys, day_ago)
        await self._recover_gone_replicas()
        stale = database_now() - timedelta(seconds=service.settings.attempt_stale_seconds)
        if await self.database.call(store.abandon_attempts, stale):
            log.warning("abandoned grading attempts older than %s", stale.isoformat())
        fresh = database_now() - timedelta(seconds=UNCLAIMED_GRACE_SECONDS)
        done = 0
        for pending in await self.database.call(store.pending_submissions):
            submission = pending.submission.id
            if submission in service.in_flight or submission in self.database.unsaved:
                continue
            if pending.running_since is not None:  # another process is grading it
                continue
            if self._maybe_claimed(pending, fresh):
                continue  # just stored by another process, which is about to grade it
            finished = await self._finish_pending(pending)
            if finished is None:
                break
            done += finished
        return done

    async def _recover_gone_replicas(self) -> None:
        """Attempts of API processes that are gone: record the results they never read, then
        mark the rest abandoned, so that `sweep` grades them again (at once, not after
        `attempt_stale_seconds`)."""
        pending = await self.database.call(self.service.store.pending_submissions)
        running: dict[str, set[str]] = {}
        for each in pending:
            for owner in each.running_owners:
                running.setdefault(owner, set()).add(each.submission.id)
        running.pop(self.service.owner, None)
        gone = await self.service.backend.gone_replicas(running)
        for owner, results in gone.items():
            for result in results:
                await self.record(result)
            log.warning(
                "API process %s is gone: %d of its replies recorded, its other gradings resent",
                owner,
                len(results),
            )
        if gone:
            await self.database.call(self.service.store.abandon_attempts, None, list(gone))

    async def record(self, result: Finished) -> None:
        """Record a worker's result nobody waits for (the first final result wins)."""
        if result.report is None:  # a scratch run's: never stored
            return
        try:
            await self.database.call(
                self.service.store.finish_submission,
                result.submission,
                result.report,
                result.attempt,
            )
        except DatabaseDown:
            self.database.keep(result.submission, result.report, result.attempt)
        except Exception:
            log.exception("the reply for submission %s could not be recorded", result.submission)

    def _maybe_claimed(self, pending: PendingSubmission, fresh: datetime) -> bool:
        """Stored moments ago by another process (sharing the database), which will grade it."""
        shared = not self.service.settings.embedded
        return shared and not pending.attempts and pending.submission.created_at > fresh

    async def _finish_pending(self, pending: PendingSubmission) -> int | None:
        """Regrade one pending submission or set it aside: 1 if this did, 0 if it was graded
        meanwhile (the list is read once a round, and each regrading takes seconds), None if
        the queue has no room."""
        service, stored = self.service, pending.submission
        try:
            exercise = service.catalog.get(stored.exercise)
        except UnknownExercise:
            report = platform_failure_for(stored.exercise, "The exercise no longer exists.")
            return await self._finish(stored.id, report)
        if service.backend.refusal:
            return None  # graded once the sandbox is back; nothing is lost meanwhile
        if pending.attempts >= service.settings.max_attempts:
            log.error(
                "submission %s set aside after %d grading attempts that never finished",
                stored.id,
                pending.attempts,
                extra={"submission": stored.id, "attempts": pending.attempts},
            )
            service.metrics.quarantined.inc()
            report = platform_failure(
                exercise,
                f"Grading this submission stopped the grading process {pending.attempts} "
                "times, so it has been set aside for us to look at.",
            )
            return await self._finish(stored.id, report)
        slot = await service.intake.admit_sweeper()
        if slot is None:
            return None
        graded = await service.grade_and_record(stored, exercise, slot)
        return int(graded.graded_here)

    async def _finish(self, submission: str, report: Report) -> int:
        await self.database.call(self.service.store.finish_submission, submission, report)
        return 1

    async def run(self) -> None:
        """Sweep at start-up and then every `sweep_seconds`, whatever the database does."""
        settings = self.service.settings
        if settings.embedded:  # one process owns SQLite: what it left running is dead
            try:
                await self.database.call(self.service.store.abandon_attempts)
            except DatabaseDown:
                pass
        while True:
            try:
                count = await self.sweep()
                if count:
                    log.warning("finished %d submission(s) left pending", count)
            except DatabaseDown:
                pass  # logged by Database.call; tried again next round
            except Exception:
                log.exception("the sweeper failed; trying again in %s s", settings.sweep_seconds)
            await asyncio.sleep(settings.sweep_seconds)
