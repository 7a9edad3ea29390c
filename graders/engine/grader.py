"""The grader: plan the probes, run them in the sandbox, check each test, build the report."""

from __future__ import annotations

import asyncio
import logging
import secrets
import time
from collections.abc import Callable
from typing import Protocol

from graders import trusted
from graders.digest import exercise_version
from graders.engine.caps import result_caps, run_limits
from graders.engine.early import LARGE_RESULT_BYTES, EarlyChecks, payload_bytes
from graders.engine.endings import ENDINGS, Ending, ending_of
from graders.engine.per_test import grade_test
from graders.engine.reading import ProbeResult, ResultCaps, read_frames
from graders.engine.verdicts import build_report, source_too_large
from graders.exercise import Exercise, TestSpec
from graders.host.exchange import FrameListener, RunOutcome, RunStatus, trusted_prefix
from graders.probes import Probe
from graders.protocol.job import Job
from graders.protocol.limits import Limits
from graders.protocol.limits import source_too_large as too_large
from graders.report import Report, TestResult

log = logging.getLogger("gradebox.sandbox")


class Runner(Protocol):
    """Anything that runs a job in a sandbox: the local pool, or a remote worker queue.

    A runner that can, hands `on_frames` each batch of frames as soon as it arrives, so tests
    are checked while the child still runs; one that cannot simply never calls it.
    """

    async def run(
        self, job: bytes, limits: Limits, on_frames: FrameListener | None = None
    ) -> RunOutcome: ...


def summary_only(exercise: Exercise, probes: list[Probe]) -> list[bool]:
    """Probes whose tests all look only at type, dtype and shape need no data sent back."""
    checks = trusted.checks_for(exercise)
    need_values = {
        probe.key for test in exercise.tests if checks[test.check].values for probe in test.probes
    }
    return [probe.key not in need_values for probe in probes]


def valued_checks(exercise: Exercise) -> frozenset[str]:
    """The checks of `exercise` that compare returned values with the reference's: the calls
    of their tests are what a counted call's values are judged against."""
    checks = trusted.checks_for(exercise)
    return frozenset(
        test.check
        for test in exercise.tests
        if checks[test.check].values and not checks[test.check].static
        and not checks[test.check].raises
    )  # fmt: skip


def counted_ahead(exercise: Exercise) -> None:
    """Compute the reference's outputs (and result caps) for every size a counted test may
    draw, so that no grading waits for them (they are kept for good, as fixed probes' are)."""
    for test in exercise.tests:
        for probes in test.counted:
            for probe in probes:
                trusted.result_cap(exercise, probe)


def report_for_run(
    exercise: Exercise,
    probes: list[Probe],
    outcome: RunOutcome,
    early: EarlyChecks | None = None,
    caps: ResultCaps | None = None,
    on_ending: Callable[[Ending], None] | None = None,
    version: str | None = None,
) -> Report:
    """The report for a finished run, reusing what `early` checked where it still holds
    (`caps`: the run's result caps, computed here when the caller has not); `on_ending` hears
    how the run ended (`endings.ending_of`); `version`: the exercise's, when already known
    (graders.digest.exercise_version)."""
    if early is not None and early.covers(outcome):
        reading, graded = early.reading, early.graded
    else:
        graded = {}
        try:
            reading = read_frames(outcome.frames, caps or result_caps(exercise, probes))
        except Exception:  # whatever the child's frames break in reading them: not trusted
            kept = trusted_prefix(outcome.frames)
            reading = read_frames(kept)
            outcome = RunOutcome(RunStatus.BROKEN, kept, outcome.wall_ms, outcome.cpu_ms)
    checks = trusted.checks_for(exercise)
    keys = {probe.key: index for index, probe in enumerate(probes)}

    def graded_now(test: TestSpec, results: dict[int, ProbeResult]) -> TestResult:
        return grade_test(exercise, test, checks[test.check], results, keys, reading.loops)

    report = build_report(exercise, probes, outcome, reading, graded_now, graded)
    report = report.model_copy(update={"exercise_version": version or exercise_version(exercise)})
    if on_ending is not None:
        on_ending(ending_of(outcome, reading))
    return report


EndingListener = Callable[[Ending, RunOutcome], None]
TestListener = Callable[[int, TestResult], None]


class Grader:
    """Grades submissions for exercises, running learner code through `runner`.

    `on_ending` hears how each run ended (`endings.Ending`), once per run: a run the machine
    starved is the learner's timeout, never run again. It must not raise (if it
    does, the error is logged and the grading goes on).
    """

    def __init__(
        self,
        runner: Runner,
        seeds: Callable[[], int] | None = None,
        on_ending: EndingListener | None = None,
    ) -> None:
        self.runner = runner
        # Where each grading's seed for fresh probes comes from (tests replaying frames fix it).
        self.seeds = seeds or (lambda: secrets.randbits(64))
        self.on_ending = on_ending
        self.prepared: set[str] = set()  # exercise versions whose counted sizes are computed

    def seeded(self, seed: int) -> Grader:
        """This grader with every grading's fresh probes drawn from `seed`: what it reports
        is the same on every run and every machine (validate's matrix, the test suite)."""
        return Grader(self.runner, seeds=lambda: seed, on_ending=self.on_ending)

    async def grade(
        self, exercise: Exercise, source: str, on_test: TestListener | None = None
    ) -> Report:
        """The report on `source`, carrying the version of `exercise` that graded it.

        `on_test(run, result)` hears each test as soon as it is decided during the run (run 1:
        a grading is run once): a preview for streaming, since the report is
        final (a test decided early may still read differently there, e.g. if the run then
        crashed). It must not raise (if it does, the error is logged and the grading goes on).
        """
        started = time.perf_counter()
        version = exercise_version(exercise)  # of the catalog's object: its digest is cached
        if version not in self.prepared:
            counted_ahead(exercise)
            self.prepared.add(version)
        # Probes drawn from a seed of this grading's own: what the statement and earlier
        # messages showed is not all a submission is called on.
        exercise = exercise.with_fresh_probes(self.seeds(), valued_checks(exercise))
        probes = exercise.all_probes()
        limits = exercise.limits
        if refused := too_large(source, limits.source_bytes):
            return source_too_large(exercise, refused).model_copy(
                update={"exercise_version": version}
            )
        caps = result_caps(exercise, probes)
        job = Job(
            source,
            exercise.entry,
            [probe.args for probe in probes],
            limits,
            summary_only(exercise, probes),
            caps.elements,
            [probe.counted for probe in probes],
        ).encode()
        # Never run twice: a child the machine starved had its wall time extended by the wait
        # (graders.host.exchange), and a rerun under the same load would only double it.
        report, _ = await self._run(exercise, probes, job, caps, version, on_test, 1)
        duration = round((time.perf_counter() - started) * 1000)
        return report.model_copy(update={"duration_ms": duration})

    async def _run(
        self,
        exercise: Exercise,
        probes: list[Probe],
        job: bytes,
        caps: ResultCaps,
        version: str,
        on_test: TestListener | None = None,
        run: int = 1,
    ) -> tuple[Report, Ending]:
        """Run the job once in a fresh child: its report and how it ended."""
        decided = None if on_test is None else (lambda result: on_test(run, result))
        early = EarlyChecks(exercise, probes, caps, decided)
        outcome = await self.runner.run(job, run_limits(exercise.limits, caps), early)
        found: list[Ending] = []
        try:
            if early.covers(outcome) or payload_bytes(outcome.frames) <= LARGE_RESULT_BYTES:
                report = report_for_run(
                    exercise, probes, outcome, early, caps, found.append, version
                )
            else:  # decoding and checking megabytes would hold up every other grading: a thread
                loop = asyncio.get_running_loop()
                build = report_for_run
                report = await loop.run_in_executor(
                    None, build, exercise, probes, outcome, early, caps, found.append, version
                )
            [ending] = found
        except Exception:  # ours: the service reports it as internal_error
            self._heard(Ending.GRADER_RAISED, outcome)
            raise
        self._heard(ending, outcome)
        return report, ending

    def _heard(self, ending: Ending, outcome: RunOutcome) -> None:
        """Tell `on_ending`, and log a sandbox process that died rather than finished."""
        if ENDINGS[ending].died:
            log.warning(
                "sandbox process ended: %s",
                ending,
                extra={
                    "ending": ending.value,
                    "signal": outcome.signal,
                    "cpu_ms": outcome.cpu_ms,
                    "wall_ms": round(outcome.wall_ms, 1),
                },
            )
        if self.on_ending is not None:
            try:
                self.on_ending(ending, outcome)
            except Exception:
                log.exception("the on_ending listener raised on %s", ending)
