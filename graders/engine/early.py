"""Early checks: each test checked as soon as all its calls are back, while the child runs on."""

from __future__ import annotations

import logging
from collections.abc import Callable

from graders import trusted
from graders.engine.caps import result_caps
from graders.engine.per_test import grade_test
from graders.engine.reading import ResultCaps, RunReading, read_frame
from graders.engine.verdicts import EarlyResults
from graders.exercise import Exercise
from graders.host.exchange import RunOutcome, RunStatus
from graders.probes import Probe
from graders.protocol.frames import Frame
from graders.report import TestResult

log = logging.getLogger("gradebox.grader")

# A batch of frames carrying more array bytes than this is not read here, on the event loop:
# the grader reads the run afterwards, on a worker thread (reading ~1 MB takes about 1 ms).
LARGE_RESULT_BYTES = 1 << 20


def payload_bytes(frames: list[Frame]) -> int:
    return sum(len(frame.payload) for frame in frames)


class EarlyChecks:
    """A frame listener for the runner that checks complete tests during the run.

    A shortcut only: the report uses a test checked here if the run ended normally and the
    results it was checked on are still the ones in the final reading; otherwise the test is
    checked again from the final reading, as if this had never run. It stops at the first
    large batch of frames (`LARGE_RESULT_BYTES`), which the final reading then covers.
    """

    def __init__(
        self,
        exercise: Exercise,
        probes: list[Probe],
        caps: ResultCaps | None = None,
        on_decided: Callable[[TestResult], None] | None = None,
    ) -> None:
        self.exercise = exercise
        self.on_decided = on_decided  # hears each test checked here, as it is
        self.keys = {probe.key: index for index, probe in enumerate(probes)}
        self.reading = RunReading(caps=caps or result_caps(exercise, probes))
        self.seen = 0
        self.broken = False
        self.pending = list(exercise.tests)
        self.graded: EarlyResults = {}
        self.checks = trusted.checks_for(exercise)

    def __call__(self, frames: list[Frame]) -> None:
        if self.broken:
            return
        if payload_bytes(frames) > LARGE_RESULT_BYTES:
            self.broken = True  # not on the event loop: the final reading does it, off it
            self.graded.clear()
            return
        try:
            for frame in frames:
                read_frame(self.reading, frame)
            self.seen += len(frames)
            if self.reading.loaded and self.reading.load_error is None:
                self._check_complete_tests()
        except Exception:  # a malformed frame or a failing check: the final pass reports it
            self.broken = True
            self.graded.clear()

    def _check_complete_tests(self) -> None:
        checks, results, pending = self.checks, self.reading.results, []
        for test in self.pending:
            used = [results.get(self.keys[probe.key]) for probe in test.probes]
            complete = [item for item in used if item is not None]
            if len(complete) < len(used):
                pending.append(test)
                continue
            check = checks[test.check]
            loops = self.reading.loops
            result = grade_test(self.exercise, test, check, results, self.keys, loops)
            self.graded[test.id] = (result, complete)
            if self.on_decided is not None:
                try:
                    self.on_decided(result)
                except Exception:
                    log.exception("the on_decided listener raised on test %s", test.id)
        self.pending = pending

    def covers(self, outcome: RunOutcome) -> bool:
        """Whether this saw every frame of a run that ended normally."""
        return (
            not self.broken and outcome.status is RunStatus.OK and self.seen == len(outcome.frames)
        )
