"""From one run to the report's verdict; every "not run" and "our fault" report, one wording.

The rule (design.md §2): a learner is told `error` only for what their code did (it would not
compile or load), `timed_out` when it ran out of time, and `internal_error` for anything that is
ours; each test not run says why in a sentence that starts "Not run:".
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass

from graders.engine.caps import run_limits
from graders.engine.diagnosis import settle
from graders.engine.reading import ProbeOutcome, ProbeResult, RunReading
from graders.exercise import Exercise, TestSpec
from graders.host.exchange import RunOutcome, RunStatus
from graders.probes import Probe
from graders.report import LoadError, Report, Status, TestResult, Verdict

OUR_FAULT = "This is our fault, not yours; please submit again in a moment."

# Tests already checked while the run went on, with the results each was checked on.
EarlyResults = dict[str, tuple[TestResult, list[ProbeResult]]]
GradeTest = Callable[[TestSpec, dict[int, ProbeResult]], TestResult]


@dataclass(frozen=True)
class _Output:
    stdout: str = ""
    stdout_truncated: bool = False


def not_run(exercise: Exercise, status: Status, reason: str) -> list[TestResult]:
    """Every test of `exercise`, not run, each saying why."""
    message = f"Not run: {reason}"
    return [
        TestResult(id=test.id, title=test.title, status=status, message=message)
        for test in exercise.tests
    ]


def platform_failure(exercise: Exercise, reason: str) -> Report:
    """Our failure, reported as ours: verdict internal_error, every test skipped."""
    return Report(
        exercise=exercise.slug,
        verdict=Verdict.INTERNAL_ERROR,
        tests=not_run(exercise, Status.SKIPPED, f"{reason} {OUR_FAULT}"),
    )


def platform_failure_for(slug: str, reason: str) -> Report:
    """Our failure for a submission whose exercise is gone (no tests to list)."""
    error = LoadError(type="InternalError", message=f"{reason} {OUR_FAULT}")
    return Report(exercise=slug, verdict=Verdict.INTERNAL_ERROR, tests=[], error=error)


def source_too_large(exercise: Exercise, size: int) -> Report:
    limit = exercise.limits.source_bytes
    error = LoadError(
        type="SourceTooLarge", message=f"The code is {size} bytes; at most {limit} are accepted."
    )
    tests = not_run(exercise, Status.SKIPPED, "the code is over the size limit.")
    return Report(exercise=exercise.slug, verdict=Verdict.ERROR, tests=tests, error=error)


def build_report(
    exercise: Exercise,
    probes: list[Probe],
    outcome: RunOutcome,
    reading: RunReading,
    grade_test: GradeTest,
    early: EarlyResults | None = None,
) -> Report:
    """Turn one sandbox run into the report: every test, its message and its diagnosis.

    `early` holds tests already checked during the run (`EarlyChecks`), each with the results it
    was checked on; one whose results are still those in `reading` is kept, not checked again.
    """
    output = _Output(reading.stdout, reading.stdout_truncated)
    if outcome.status is RunStatus.UNAVAILABLE:
        reason = f"the grading sandbox was unavailable. {OUR_FAULT}"
        return _report(exercise, Verdict.INTERNAL_ERROR, output, not_run_because=reason)
    if reading.load_error is not None:
        error = reading.load_error
        where = f" (line {error.line})" if error.line else ""
        reason = f"your code could not be loaded: {error.type}{where}: {error.message}"
        return _report(exercise, Verdict.ERROR, output, error=error, not_run_because=reason)
    if not reading.loaded:
        return _not_loaded(exercise, outcome, reading, output)
    results = dict(reading.results)
    keys = {probe.key: index for index, probe in enumerate(probes)}
    if reading.running is not None:
        results[reading.running] = _stopped(exercise, outcome, reading)
    early = early or {}

    def checked(test: TestSpec) -> TestResult:
        found = early.get(test.id)
        if found is not None:
            now = [results.get(keys[probe.key]) for probe in test.probes]
            if len(now) == len(found[1]) and all(map(operator.is_, now, found[1])):
                return found[0]
        return grade_test(test, results)

    tests = settle(exercise, [checked(test) for test in exercise.tests])
    if outcome.status is RunStatus.CRASHED:
        verdict = Verdict.INTERNAL_ERROR
    elif any(test.status is Status.TIMED_OUT for test in tests):
        verdict = Verdict.TIMED_OUT
    elif all(test.status is Status.PASSED for test in tests):
        verdict = Verdict.PASSED
    else:
        verdict = Verdict.FAILED
    return Report(exercise=exercise.slug, verdict=verdict, tests=tests, **output.__dict__)


def _report(
    exercise: Exercise,
    verdict: Verdict,
    output: _Output,
    not_run_because: str,
    error: LoadError | None = None,
) -> Report:
    status = Status.SKIPPED
    tests = not_run(exercise, status, not_run_because)
    return Report(
        exercise=exercise.slug, verdict=verdict, tests=tests, error=error, **output.__dict__
    )


def _stopped(exercise: Exercise, outcome: RunOutcome, reading: RunReading) -> ProbeResult:
    """The result of the call in flight when the run ended without finishing it."""
    if outcome.status is RunStatus.TIMEOUT:
        return ProbeResult(ProbeOutcome.TIMED_OUT)
    if outcome.status is RunStatus.OVERFLOW:
        limits = exercise.limits
        if reading.caps is not None:  # the run's own cap, which its calls' caps set
            limits = run_limits(limits, reading.caps)
        megabytes = limits.result_bytes / 2**20
        reason = f"The result was larger than the sandbox sends back ({megabytes:.3g} MB)."
    else:
        reason = (
            "The sandbox process stopped while running this call "
            f"(signal {outcome.signal}). If your code is ordinary NumPy, this is our fault."
        )
    return ProbeResult(ProbeOutcome.RAISED, error_type="SandboxStopped", message=reason)


def _not_loaded(
    exercise: Exercise, outcome: RunOutcome, reading: RunReading, output: _Output
) -> Report:
    """The run ended before the code finished loading, without saying why."""
    if outcome.status is RunStatus.TIMEOUT:
        seconds = exercise.limits.wall_seconds
        error = LoadError(
            type="TimeoutError",
            message=f"Loading your module took longer than {seconds:g} s: "
            "is there a loop or a long computation at module level?",
        )
        reason = "loading your code timed out."
        return _report(exercise, Verdict.TIMED_OUT, output, error=error, not_run_because=reason)
    if reading.started_loading and not reading.compiled and outcome.status is RunStatus.CRASHED:
        error = LoadError(
            type="CompilerCrash",
            message="Python could not compile this code: the compiler "
            "stopped (is something nested extremely deeply?).",
        )
        reason = "your code could not be compiled."
        return _report(exercise, Verdict.ERROR, output, error=error, not_run_because=reason)
    if reading.compiled and outcome.status is RunStatus.CRASHED:
        signal = f" (signal {outcome.signal})" if outcome.signal else ""
        error = LoadError(
            type="ModuleCrash",
            message=f"The Python process stopped{signal} while your module-level code ran, "
            "before the function could be called. Look at what runs at import time: "
            "top-level calls, and values built outside any function.",
        )
        reason = "your module-level code stopped the process."
        return _report(exercise, Verdict.ERROR, output, error=error, not_run_because=reason)
    reason = f"the grading sandbox failed before your code ran. {OUR_FAULT}"
    return _report(exercise, Verdict.INTERNAL_ERROR, output, not_run_because=reason)
