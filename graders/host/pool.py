"""The sandbox pool: warm zygotes, each grading one job at a time, and who may wait for one."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import tempfile
import time
from collections.abc import Callable
from contextvars import ContextVar
from dataclasses import dataclass
from typing import Any

from graders.host.errors import SandboxRefusing, SandboxUnavailable
from graders.host.exchange import FrameListener, RunOutcome, RunStatus, run_on_spare
from graders.host.fair import TENANT, FairQueue
from graders.host.load import ChildLoad
from graders.host.process import ZygoteProcess
from graders.host.seccomp import seccomp_program
from graders.host.selftest import SelfTest, read_selftest, selftest_job
from graders.host.zygote_client import Zygote
from graders.protocol.limits import Limits

log = logging.getLogger("gradebox.sandbox")

_SPARE_WAIT_SECONDS = 30.0  # a spare is ready in milliseconds; this only catches a stuck zygote
_SELFTEST_LIMITS = Limits(wall_seconds=15.0, result_bytes=1 << 20)


@dataclass
class JobTimes:
    """Where one grading's time went in the pool, summed over its runs (seconds)."""

    queue_wait: float = 0.0
    run: float = 0.0


# Set by a caller (one JobTimes per grading task) to learn its own runs' queue wait and run time.
JOB_TIMES: ContextVar[JobTimes | None] = ContextVar("gradebox_job_times", default=None)


class SandboxPool:
    """`size` zygotes; each job waits for a free one (how many may wait is the caller's bound:
    the service's `app.admission.Admission`).

    A freed zygote goes to the waiting job whose tenant (`fair.TENANT`, set by the caller) has
    used the sandbox least lately, not to the oldest job (see `fair`).

    `ceilings` are the service's limits, applied by the zygotes to every child; each job runs
    under its own limits, at most those. `prestarted` zygote processes (started before the
    caller knew its settings) are used first. A dead zygote is replaced. `one_fork=False` makes every
    child with two forks even where one would do (the fallback for hosts where the zygote may
    not create PID namespaces; the tests cover both).
    """

    def __init__(
        self,
        size: int,
        ceilings: Limits,
        allow_weak_sandbox: bool = False,
        one_fork: bool = True,
        prestarted: list[ZygoteProcess] | None = None,
    ) -> None:
        self.size, self.ceilings, self.allow_weak_sandbox = size, ceilings, allow_weak_sandbox
        self.one_fork = one_fork
        self.selftest = SelfTest()
        # Free zygotes, waiters served fairly; one with a spare already forked goes first (a
        # zygote just released is still forking its next: a scratch call's second run, say).
        self._idle: FairQueue[Zygote] = FairQueue(ready=Zygote.has_spare)
        self._zygotes: list[Zygote] = []
        self.waiting = 0
        self.busy = 0
        self.restarts = 0
        self.refusal: str | None = None
        self.seccomp_program = seccomp_program()
        self.load = ChildLoad()  # how long our children wait for a CPU: shedding reads it
        self._prestarted = list(prestarted or [])[:size]
        # Told ("queue_wait" | "run", seconds) for every job: the service's metrics.
        # (A grading's own times: set `JOB_TIMES` in its task.)
        self.on_timing: Callable[[str, float], None] | None = None

    async def start(self) -> None:
        """Start (or configure, for those started ahead) the zygotes; run the self-test."""
        zygotes = [self._zygote(process) for process in self._prestarted]
        zygotes += [self._zygote() for _ in range(self.size - len(zygotes))]
        await asyncio.gather(*(zygote.start() for zygote in zygotes))
        self._zygotes = zygotes
        for zygote in zygotes:
            self._idle.put(zygote)
        await self.run_selftest()

    def _zygote(self, process: ZygoteProcess | None = None) -> Zygote:
        return Zygote(self.ceilings, self.seccomp_program, self.one_fork, process)

    async def run_selftest(self) -> SelfTest:
        """Prove each layer in a real child; refuse to grade if one the config needs is missing."""
        with tempfile.NamedTemporaryFile(prefix="gradebox-canary-", dir="/var/tmp") as canary:
            canary.write(b"the sandbox must never read this")
            canary.flush()
            # Our own start-up work: its wait for a CPU (beside the spares being forked) says
            # nothing of the learners' load, so it is not measured for shedding.
            outcome = await self._run(selftest_job(canary.name), _SELFTEST_LIMITS, measured=False)
        result = read_selftest(outcome.frames, outcome.status)
        self.selftest = result
        if result.missing and not self.allow_weak_sandbox:
            self.refusal = "sandbox layers missing: " + ", ".join(result.missing)
            log.error("refusing to grade: %s", self.refusal)
        elif result.missing:
            self.refusal = None
            log.warning(
                "DEVELOPMENT ONLY: grading with a weakened sandbox (missing: %s)",
                ", ".join(result.missing),
            )
        else:
            self.refusal = None
        return result

    async def run(
        self, job: bytes, limits: Limits, on_frames: FrameListener | None = None
    ) -> RunOutcome:
        """Run one job in a fresh child; never raises for anything the child does."""
        if self.refusal:
            raise SandboxRefusing(self.refusal)
        return await self._run(job, limits.lowered_to(self.ceilings), on_frames)

    async def _run(
        self,
        job: bytes,
        limits: Limits,
        on_frames: FrameListener | None = None,
        measured: bool = True,
    ) -> RunOutcome:
        self.waiting += 1
        queued = time.perf_counter()
        tenant = TENANT.get()
        try:
            zygote = await self._idle.get(tenant)
        finally:
            self.waiting -= 1
        started = time.perf_counter()
        self._timing("queue_wait", started - queued)
        self.busy += 1
        try:
            if not zygote.alive:
                zygote = await self._replace(zygote)
            spare = await zygote.take_spare(_SPARE_WAIT_SECONDS)
        except (OSError, EOFError, TimeoutError, ValueError, SandboxUnavailable) as error:
            log.error("zygote failed (%s); replacing it", error)
            self.busy -= 1
            with contextlib.suppress(Exception):
                zygote = await self._replace(zygote)
            self._idle.put(zygote)
            return RunOutcome(RunStatus.UNAVAILABLE, [])
        try:
            outcome = await run_on_spare(spare, job, limits, on_frames)
            if measured:
                self.load.observe(outcome)
            return outcome
        finally:
            ran = time.perf_counter() - started
            self._idle.used(tenant, ran)
            self._timing("run", ran)
            # Warm the next spare only when this was the only job in flight: under load the
            # warm-up's CPU would slow the other jobs more than it speeds up the next one.
            zygote.release(spare, warm=self.busy <= 1 and self.waiting == 0)
            self.busy -= 1
            self._idle.put(zygote)

    def _timing(self, stage: str, seconds: float) -> None:
        times = JOB_TIMES.get()
        if times is not None:
            setattr(times, stage, getattr(times, stage) + seconds)
        if self.on_timing is not None:
            self.on_timing(stage, seconds)

    async def _replace(self, zygote: Zygote) -> Zygote:
        await zygote.stop()
        self.restarts += 1
        fresh = self._zygote()
        await fresh.start()
        self._zygotes = [fresh if item is zygote else item for item in self._zygotes]
        return fresh

    def state(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "busy": self.busy,
            "waiting": self.waiting,
            "restarts": self.restarts,
            "run_queue_wait_share": round(self.load.children(), 3),
            "alive": sum(zygote.alive for zygote in self._zygotes),
            "grading": self.refusal is None,
            "refusal": self.refusal,
            "selftest": self.selftest.to_dict(),
        }

    async def close(self) -> None:
        await asyncio.gather(*(zygote.stop() for zygote in self._zygotes))
