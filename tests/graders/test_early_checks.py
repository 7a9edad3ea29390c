"""Tests are checked while the child still runs, and the report is the same as without that.

A scripted runner hands the grader the frames a real child would send (computed in-process,
with no sandbox) in batches, the way the pool reads them, so each case can say exactly when a
frame arrives and how the run ends.
"""

from __future__ import annotations

import asyncio
from dataclasses import dataclass, field

import pytest

from graders.engine import Grader, report_for_run, summary_only
from graders.engine.early import EarlyChecks
from graders.engine.grader import valued_checks
from graders.exercise import Exercise
from graders.host.exchange import FrameListener, RunOutcome, RunStatus
from graders.inside.child import run_inprocess
from graders.protocol.frames import Frame, decode
from graders.protocol.job import Job
from graders.protocol.limits import Limits
from graders.report import Report
from tests.conftest import EXERCISES, FLAGSHIP

SOLUTION = (EXERCISES / FLAGSHIP / "solution.py").read_text(encoding="utf-8")
# Right values, but float32 rounding makes nothing fail; and one with the halves swapped.
SWAPPED = SOLUTION.replace("pe[:, 0::2] = np.sin", "pe[:, 1::2] = np.sin", 1).replace(
    "pe[:, 1::2] = np.cos", "pe[:, 0::2] = np.cos", 1
)


SEED = 7  # the fresh probes' seed: the frames are replayed for the same draws


def child_frames(exercise: Exercise, source: str) -> list[Frame]:
    """What a child sends for the grading of `exercise` with the fresh probes of `SEED`."""
    exercise = exercise.with_fresh_probes(SEED)
    probes = exercise.all_probes()
    arguments = [probe.args for probe in probes]
    summaries, counted = summary_only(exercise, probes), [probe.counted for probe in probes]
    job = Job(source, exercise.entry, arguments, exercise.limits, summaries, counted=counted)
    return decode(run_inprocess(job))


@dataclass
class ScriptedRunner:
    """Sends the given frames one at a time, then ends the run with `status`."""

    frames: list[Frame]
    status: RunStatus = RunStatus.OK
    graded_before_the_end: list[set[str]] = field(default_factory=list)

    async def run(
        self, job: bytes, limits: Limits, on_frames: FrameListener | None = None
    ) -> RunOutcome:
        assert on_frames is not None
        for frame in self.frames:
            on_frames([frame])
            assert isinstance(on_frames, EarlyChecks)
            self.graded_before_the_end.append(set(on_frames.graded))
        return RunOutcome(self.status, self.frames, 1.0)


def grade_with(runner: ScriptedRunner, exercise: Exercise, source: str) -> Report:
    return asyncio.run(Grader(runner, seeds=lambda: SEED).grade(exercise, source))


def from_scratch(
    exercise: Exercise, frames: list[Frame], status: RunStatus = RunStatus.OK
) -> Report:
    """The report built only after the run, as before early checks existed."""
    exercise = exercise.with_fresh_probes(SEED)
    return report_for_run(exercise, exercise.all_probes(), RunOutcome(status, frames, 1.0))


def comparable(report: Report) -> dict[str, object]:
    return {**report.to_dict(), "duration_ms": 0}


@pytest.mark.parametrize("source", [SOLUTION, SWAPPED], ids=["passing", "failing"])
def test_each_test_is_checked_as_soon_as_its_calls_are_back(
    source: str, flagship: Exercise
) -> None:
    frames = child_frames(flagship, source)
    runner = ScriptedRunner(frames)
    report = grade_with(runner, flagship, source)
    graded = runner.graded_before_the_end
    keys = {
        probe.key: index
        for index, probe in enumerate(flagship.with_fresh_probes(SEED).all_probes())
    }
    # The counted calls run first, but `vectorised` is checked once the calls its values are
    # judged against (the value tests') are back too ...
    drawn = flagship.with_fresh_probes(SEED, valued_checks(flagship))
    vectorised = drawn.test("vectorised")
    counted = max(keys[probe.key] for probe in vectorised.probes)
    back = next(
        i for i, f in enumerate(frames) if f.header["t"] in ("result", "raised")
        and f.header["probe"] == counted
    )  # fmt: skip
    assert "vectorised" not in graded[back - 1]
    assert "vectorised" in graded[back]
    # ... and `shape` once the result of its last call arrives, with later calls still to run.
    shape = next(test for test in flagship.tests if test.id == "shape")
    last = max(keys[probe.key] for probe in shape.probes)
    arrived = next(
        i for i, f in enumerate(frames) if f.header["t"] == "result" and f.header["probe"] == last
    )
    assert "shape" not in graded[arrived - 1]
    assert "shape" in graded[arrived]
    assert "interleaving" not in graded[arrived]
    assert graded[-1] == {test.id for test in flagship.tests}
    assert comparable(report) == comparable(from_scratch(flagship, frames))


def test_a_result_sent_again_later_is_checked_again(flagship: Exercise) -> None:
    # A hostile child may send a second result for a call whose test was already checked.
    good = child_frames(flagship, SOLUTION)
    wrong = child_frames(flagship, SWAPPED)
    example = next(test for test in flagship.tests if test.id == "example-3x4")
    index = [probe.key for probe in flagship.with_fresh_probes(SEED).all_probes()].index(
        example.probes[0].key
    )
    second = next(f for f in wrong if f.header["t"] == "result" and f.header["probe"] == index)
    done = len(good) - 1
    frames = [*good[:done], second, *good[done:]]
    runner = ScriptedRunner(frames)
    report = grade_with(runner, flagship, SOLUTION)
    assert "example-3x4" in runner.graded_before_the_end[done - 1]  # checked on the first
    results = {test.id: test.status for test in report.tests}
    assert results["example-3x4"] == "failed"  # but the report goes by the last one
    assert comparable(report) == comparable(from_scratch(flagship, frames))


@pytest.mark.parametrize("status", [RunStatus.TIMEOUT, RunStatus.CRASHED, RunStatus.OVERFLOW])
def test_a_run_that_does_not_end_normally_is_checked_from_scratch(
    status: RunStatus, flagship: Exercise
) -> None:
    frames = child_frames(flagship, SOLUTION)[:-3]  # stopped during the last calls
    report = grade_with(ScriptedRunner(frames, status), flagship, SOLUTION)
    assert report.verdict != "passed"
    assert comparable(report) == comparable(from_scratch(flagship, frames, status))
