"""From one run to the report's verdict; every "not run" and "our fault" report, one wording.

The rule (docs/authoring.md, "How a grading can end"): a learner is told `error` only for what their code did (it would not
compile or load), `timed_out` when it ran out of time, and `internal_error` for anything that is
ours; each test not run says why in a sentence that starts "Not run:". Whose fault each way a
run can end is, and its words, are one table: graders.engine.endings.
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from dataclasses import dataclass

from graders.engine.caps import run_limits
from graders.engine.diagnosis import settle
from graders.engine.endings import (
    ENDINGS,
    OUR_FAULT,
    Ending,
    Facts,
    Side,
    ending_of,
    facts_of,
)
from graders.engine.reading import ProbeOutcome, ProbeResult, RunReading
from graders.exercise import Exercise, TestSpec
from graders.host.exchange import RunOutcome
from graders.message_ids import CODE_TOO_LARGE
from graders.message_ids import OUR_FAULT as OUR_FAULT_ID
from graders.probes import Probe
from graders.protocol.limits import SOURCE_TOO_LARGE
from graders.protocol.text import cut
from graders.report import LoadError, Report, Status, TestResult, Verdict

__all__ = ["OUR_FAULT", "build_report", "not_run", "platform_failure", "platform_failure_for"]

# Tests already checked while the run went on, with the results each was checked on.
EarlyResults = dict[str, tuple[TestResult, list[ProbeResult]]]
GradeTest = Callable[[TestSpec, dict[int, ProbeResult]], TestResult]


@dataclass(frozen=True)
class _Output:
    stdout: str = ""
    stdout_truncated: bool = False


def not_run(exercise: Exercise, status: Status, reason: str, message_id: str) -> list[TestResult]:
    """Every test of `exercise`, not run, each saying why (`message_id`: stably)."""
    message = f"Not run: {reason}"
    return [
        TestResult(
            id=test.id, title=test.title, status=status, message=message, message_id=message_id
        )
        for test in exercise.tests
    ]


def platform_failure(exercise: Exercise, reason: str) -> Report:
    """Our failure, reported as ours: verdict internal_error, every test skipped."""
    return Report(
        exercise=exercise.slug,
        verdict=Verdict.INTERNAL_ERROR,
        tests=not_run(exercise, Status.SKIPPED, f"{reason} {OUR_FAULT}", OUR_FAULT_ID),
    )


def platform_failure_for(slug: str, reason: str) -> Report:
    """Our failure for a submission whose exercise is gone (no tests to list)."""
    error = LoadError(type="InternalError", message=f"{reason} {OUR_FAULT}")
    return Report(exercise=slug, verdict=Verdict.INTERNAL_ERROR, tests=[], error=error)


def source_too_large(exercise: Exercise, message: str) -> Report:
    """The report of code over the exercise's size limit (`protocol.limits.source_too_large`)."""
    error = LoadError(type=SOURCE_TOO_LARGE, message=message)
    tests = not_run(exercise, Status.SKIPPED, "the code is over the size limit.", CODE_TOO_LARGE)
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

    How the run ended (`endings.ending_of`) decides whose fault anything unfinished is, by the
    one table (`endings.ENDINGS`). `early` holds tests already checked during the run
    (`EarlyChecks`), each with the results it was checked on; one whose results are still
    those in `reading` is kept, not checked again.
    """
    ending = ending_of(outcome, reading)
    attribution = ENDINGS[ending]
    limits = exercise.limits
    if reading.caps is not None:  # the run's own cap, which its calls' caps set
        limits = run_limits(limits, reading.caps)
    facts = facts_of(outcome, reading, exercise.limits, limits.result_bytes)
    output = _Output(reading.stdout, reading.stdout_truncated)
    if ending is Ending.LEARNER_OUTPUT:  # what it printed never arrived whole
        output = _Output("", True)
    if ending is Ending.LEARNER_NOT_LOADED and reading.load_error is not None:
        error = reading.load_error
        where = f" (line {error.line})" if error.line else ""
        reason = f"{attribution.not_run}: {error.type}{where}: {error.message}"
        return _report(exercise, Verdict.ERROR, output, ending, error=error, not_run_because=reason)
    if not reading.loaded:
        return _not_loaded(exercise, ending, facts, output)
    results = dict(reading.results)
    keys = {probe.key: index for index, probe in enumerate(probes)}
    # The call in flight when the run ended: a timeout is worded by per_test, like any result;
    # any other ending's own words (`in_call`) replace the results of the tests that made it.
    stopped = reading.running
    if stopped is not None and attribution.in_call is None:
        if attribution.status is Status.TIMED_OUT:
            results[stopped] = ProbeResult(ProbeOutcome.TIMED_OUT)
        stopped = None
    in_range = stopped is not None and 0 <= stopped < len(probes)
    stopped_probe = probes[stopped] if stopped is not None and in_range else None
    early = early or {}

    def checked(test: TestSpec) -> TestResult:
        if stopped_probe is not None and any(
            probe.key == stopped_probe.key for probe in test.probes
        ):
            return _stopped_call(test, stopped_probe, ending, facts)
        found = early.get(test.id)
        if found is not None:
            now = [results.get(keys[probe.key]) for probe in test.probes]
            if len(now) == len(found[1]) and all(map(operator.is_, now, found[1])):
                return found[0]
        return grade_test(test, results)

    tests = settle(exercise, [checked(test) for test in exercise.tests])
    if ending is not Ending.LEARNER_OUTPUT:
        tests = [
            _with_printed(test, spec, reading, keys)
            for test, spec in zip(tests, exercise.tests, strict=True)
        ]
    if attribution.side is Side.PLATFORM:  # what did not run, did not because of us
        verdict = Verdict.INTERNAL_ERROR
        ours = {
            "message": f"Not run: {facts.fill(attribution.message)}",
            "message_id": ending.value,
        }
        tests = [
            test.model_copy(update=ours) if test.status is Status.SKIPPED else test
            for test in tests
        ]
    elif any(test.status is Status.TIMED_OUT for test in tests):
        verdict = Verdict.TIMED_OUT
    elif all(test.status is Status.PASSED for test in tests):
        verdict = Verdict.PASSED
    else:
        verdict = Verdict.FAILED
    return Report(exercise=exercise.slug, verdict=verdict, tests=tests, **output.__dict__)


PRINTED_CHARS = 2_000  # what one test's calls printed, shown with that test


def _with_printed(
    test: TestResult, spec: TestSpec, reading: RunReading, keys: dict[str, int]
) -> TestResult:
    """`test` with what its own calls printed, capped with a visible note."""
    calls = dict.fromkeys(keys[probe.key] for probe in spec.probes if probe.key in keys)
    printed = "".join(reading.printed_by(index) for index in calls)
    if not printed:
        return test
    printed = cut(printed, PRINTED_CHARS, "characters printed", note_on_new_line=True)
    return test.model_copy(update={"stdout": printed})


def _report(
    exercise: Exercise,
    verdict: Verdict,
    output: _Output,
    ending: Ending,
    not_run_because: str,
    error: LoadError | None = None,
) -> Report:
    status = Status.SKIPPED
    tests = not_run(exercise, status, not_run_because, ending.value)
    return Report(
        exercise=exercise.slug, verdict=verdict, tests=tests, error=error, **output.__dict__
    )


def _stopped_call(test: TestSpec, probe: Probe, ending: Ending, facts: Facts) -> TestResult:
    """The result of a test whose call was in flight when the run ended without finishing it."""
    attribution = ENDINGS[ending]
    text = facts.fill(attribution.in_call or "")
    if attribution.side is Side.PLATFORM:
        message = f"Not run: {text}"
    else:
        message = f"Called {probe.call}.\n{text}"
    status = attribution.status or Status.ERROR
    return TestResult(
        id=test.id,
        title=test.title,
        status=status,
        message=message,
        message_id=ending.value,
        call=probe.call,
    )


def _not_loaded(exercise: Exercise, ending: Ending, facts: Facts, output: _Output) -> Report:
    """The run ended before the code finished loading: every test not run, saying why."""
    attribution = ENDINGS[ending]
    if attribution.side is Side.PLATFORM or attribution.verdict is None:
        reason = facts.fill(attribution.message)
        return _report(exercise, Verdict.INTERNAL_ERROR, output, ending, not_run_because=reason)
    error = LoadError(type=attribution.error_type, message=facts.fill(attribution.message))
    return _report(exercise, attribution.verdict, output, ending, attribution.not_run, error=error)
