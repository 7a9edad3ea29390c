"""Where gradings run: one interface, two implementations (the local pool, or Redis workers).

The service stores a submission and its attempt, then asks its backend for the report; how the
report is made is the backend's business. `LocalBackend` grades in this process's sandbox pool
(the embedded mode, and a single server on PostgreSQL); `app.streams.StreamsBackend` sends the
grading to `gradebox worker` processes over Redis Streams (the distributed mode: learner code
never runs on an API host). Both give the same report for the same code.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from graders.engine import Grader
from graders.engine.endings import Ending
from graders.engine.grader import EndingListener, TestListener
from graders.engine.scratch import run_scratch
from graders.exercise import Exercise
from graders.host.exchange import RunOutcome
from graders.host.pool import SandboxPool
from graders.report import Report
from graders.scratch import ScratchRun


@dataclass(frozen=True)
class GradingJob:
    """One grading the service asks for: which stored submission and attempt, and whose turn."""

    submission: str
    attempt: int | None  # the attempt row this grading is (None: not recorded, the DB was down)
    tenant: str  # the client address, for the fair queue


class Finished(Protocol):
    """A grading's result a replica that is gone never recorded (a worker's reply)."""

    @property
    def submission(self) -> str: ...

    @property
    def attempt(self) -> int | None: ...

    @property
    def report(self) -> Report | None:
        """None for a scratch run's (never stored)."""
        ...


class Backend(Protocol):
    """What the service needs of a place where gradings run."""

    @property
    def slots(self) -> int:
        """Gradings that can run at once (the admission bound adds the queue to this)."""
        ...

    @property
    def refusal(self) -> str | None:
        """Why nothing can be graded now (a failed sandbox self-test, no workers), or None."""
        ...

    @property
    def refusal_message(self) -> str:
        """What a learner is told while `refusal` is set."""
        ...

    def cpu_wait_share(self) -> float:
        """How long this host's gradings wait for a CPU, as a share of their time (0 where
        they run elsewhere: each worker's slots bound its own load)."""
        ...

    async def gone_replicas(
        self, running: Mapping[str, Collection[str]]
    ) -> Mapping[str, Sequence[Finished]]:
        """Of the API processes in `running` (owner -> the submissions it was grading), those
        that are gone, each with the results it never recorded: the sweeper records them and
        grades the rest again. Empty where gradings run in the process that asked for them."""
        ...

    def state(self) -> dict[str, Any]:
        """For /healthz and /metrics: `grading` and `alive` say whether it can serve."""
        ...

    async def start(self) -> None: ...

    async def grade(
        self,
        exercise: Exercise,
        source: str,
        job: GradingJob,
        on_test: TestListener | None = None,
    ) -> Report:
        """The report on `source`; `on_test` hears each test as it is decided, where the
        grading runs here. May raise `graders.host.errors.SandboxUnavailable`."""
        ...

    async def scratch(self, exercise: Exercise, source: str, call: str, tenant: str) -> ScratchRun:
        """A scratch run of `call` (graders.engine.scratch): never stored, never streamed.
        May raise `SandboxUnavailable`, and `NoScratch` for an exercise that takes no calls."""
        ...

    async def close(self) -> None: ...


class LocalBackend:
    """Grades in this process's warm sandbox pool."""

    def __init__(self, pool: SandboxPool) -> None:
        self.pool = pool
        self.on_ending: EndingListener | None = None  # hears how each sandbox run ended
        self.grader = Grader(pool, on_ending=self._heard)

    def _heard(self, ending: Ending, outcome: RunOutcome) -> None:
        if self.on_ending is not None:
            self.on_ending(ending, outcome)

    @property
    def slots(self) -> int:
        return self.pool.size

    @property
    def refusal(self) -> str | None:
        return self.pool.refusal

    @property
    def refusal_message(self) -> str:
        return (
            "Grading is switched off because the sandbox failed its safety self-test; "
            "this is our fault and has been logged."
        )

    def cpu_wait_share(self) -> float:
        return self.pool.load.share()

    async def gone_replicas(
        self, running: Mapping[str, Collection[str]]
    ) -> Mapping[str, Sequence[Finished]]:
        return {}  # a grading here ends with this process

    def state(self) -> dict[str, Any]:
        return self.pool.state()

    async def start(self) -> None:
        await self.pool.start()

    async def grade(
        self,
        exercise: Exercise,
        source: str,
        job: GradingJob,
        on_test: TestListener | None = None,
    ) -> Report:
        return await self.grader.grade(exercise, source, on_test)

    async def scratch(self, exercise: Exercise, source: str, call: str, tenant: str) -> ScratchRun:
        return await run_scratch(self.pool, exercise, source, call)

    async def close(self) -> None:
        await self.pool.close()
