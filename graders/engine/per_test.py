"""Grade one test: gather its trials, run its check, word the outcome, attach a diagnosis."""

from __future__ import annotations

import dataclasses

import numpy as np

from graders import reference_calls, trusted
from graders.checks import Check, CheckContext, Failure, Raised, Trial, describe, same_kind
from graders.engine.diagnosis import diagnose, diagnose_raised
from graders.engine.previews import trial_previews
from graders.engine.reading import NOT_RUN, ProbeOutcome, ProbeResult
from graders.exercise import COUNTED_CHECKS, Exercise, TestSpec
from graders.message_ids import (
    CALL_NOT_RUN,
    CALL_RAISED,
    CALL_TIMED_OUT,
    CHECK_FAILED,
    PASSED,
    UNEXPECTED_KIND,
)
from graders.probes import Probe
from graders.protocol.articles import with_article
from graders.protocol.loops import LoopFinding
from graders.reference_calls import context_for
from graders.report import Status, TestResult


# Learner values can be anything numeric (uninitialised memory, 1e308, NaN): arithmetic on them
# may overflow, and that is a wrong answer to report, not a warning to raise.
@np.errstate(all="ignore")
def grade_test(
    exercise: Exercise,
    test: TestSpec,
    check: Check,
    results: dict[int, ProbeResult],
    keys: dict[str, int],
    loops: list[LoopFinding],
) -> TestResult:
    """One test's result from the results of its calls (`keys`: probe key -> result index)."""
    context = context_for(exercise, test, loops)
    parameters = reference_calls.parameters(exercise)
    tolerance = None if check.static else exercise.tolerance
    trials: list[Trial] = []
    # A counted test's uncounted calls are the other tests' (graders.exercise.with_fresh_probes):
    # one that did not return is no value like the reference's, and those tests report it.
    witnessed = test.check in COUNTED_CHECKS
    for probe in test.probes:
        result = results.get(keys[probe.key], NOT_RUN)
        if witnessed and not probe.counted and result.outcome is not ProbeOutcome.RETURNED:
            got = trusted.raised_value(result.error_type or result.outcome.value, result.message)
            trials.append(
                Trial(probe, got, trusted.reference_value(exercise, probe), parameters=parameters)
            )
            continue

        def stopped(
            status: Status,
            message: str,
            message_id: str,
            line: int | None = None,
            call: str = probe.call,
        ) -> TestResult:
            return TestResult(
                id=test.id,
                title=test.title,
                status=status,
                message=message,
                message_id=message_id,
                call=call,
                line=line,
                tolerance=tolerance,
            )

        if result.outcome is ProbeOutcome.RAISED and check.raises:  # what the test asks for
            raised = Raised(result.error_type, result.message, result.line, result.error_bases)
            got = trusted.raised_value(result.error_type, result.message)
            trials.append(
                Trial(
                    probe, got, None, result.counts, result.modified, raised, parameters=parameters
                )
            )
            continue
        if result.outcome is ProbeOutcome.RAISED:
            where = f" on line {result.line}" if result.line else ""
            message = (
                f"Called {probe.call}.\nIt raised {result.error_type}{where}: {result.message}"
            )
            errored = stopped(Status.ERROR, message, CALL_RAISED, result.line)
            diagnosis = diagnose_raised(exercise, test, probe, result.error_type)
            return errored.model_copy(update={"diagnosis": diagnosis}) if diagnosis else errored
        if result.outcome is ProbeOutcome.TIMED_OUT:
            limits = exercise.limits
            message = (
                f"Called {probe.call}.\nIt was still running when the time limit stopped "
                f"it ({limits.cpu_seconds:g} s of CPU, {limits.wall_seconds:g} s in all). "
                "Is there a loop that never ends, or a far larger computation than needed?"
            )
            if check.static and loops:  # the scan saw where it may be
                first = loops[0]
                message += f"\nLine {first.line} has {with_article(first.kind)}."
                return stopped(Status.TIMED_OUT, message, CALL_TIMED_OUT, first.line)
            return stopped(Status.TIMED_OUT, message, CALL_TIMED_OUT)
        if result.outcome is ProbeOutcome.NOT_RUN:
            message = f"Not run: the sandbox stopped before it reached {probe.call}."
            return stopped(Status.SKIPPED, message, CALL_NOT_RUN)
        # A call that should raise has no expected value: the reference would raise too.
        expected = (
            None
            if check.raises
            else trusted.reference_value(exercise, probe, summary=not check.values)
        )
        trials.append(
            Trial(
                probe,
                result.value,
                expected,
                result.counts,
                result.modified,
                shares_memory=result.shares_memory,
                parameters=parameters,
            )
        )
    failure, context = _run_check(exercise, check, trials, context)
    if not check.static:
        tolerance = context.tolerance
    if failure is None:
        shown = [probe for probe in test.probes if probe.counted] if witnessed else test.probes
        call = shown[0].call if len(shown) == 1 else None
        message = "Passed." if not trials else f"Passed on {_calls(shown)}."
        return TestResult(
            id=test.id,
            title=test.title,
            status=Status.PASSED,
            message=message,
            message_id=PASSED,
            call=call,
            tolerance=tolerance,
        )
    return _failed(exercise, test, check, failure, tolerance, trials, loops, context)


def _run_check(
    exercise: Exercise, check: Check, trials: list[Trial], context: CheckContext
) -> tuple[Failure | None, CheckContext]:
    """Run the check on the trials, a group at a time when the exercise's tolerance depends on
    the call (`@tolerance_for`, `rtol`): the failure, and the context it was found with."""
    groups: list[tuple[float, list[Trial]]] = []
    for trial in trials:
        tolerance = (
            context.tolerance
            if check.static
            else trusted.call_tolerance(exercise, trial.probe.args, trial.expected)
        )
        if groups and groups[-1][0] == tolerance:
            groups[-1][1].append(trial)
        else:
            groups.append((tolerance, [trial]))
    for tolerance, group in groups or [(context.tolerance, [])]:
        here = dataclasses.replace(context, tolerance=tolerance)
        try:
            failure = check.function(group, here)
        except Failure as raised:  # a check may raise its Failure instead of returning it
            failure = raised
        except Exception:
            failure = _unexpected_kind(group)
            if failure is None:  # the check broke on a value like the reference's: ours
                raise
        if failure is not None:
            return failure, here
    return None, context


def _unexpected_kind(trials: list[Trial]) -> Failure | None:
    """A check written for values like the reference's may break on any other (a number, a
    dict, an array of another rank): then what came back is the message, whatever the check."""
    for trial in trials:
        if not same_kind(trial.got, trial.expected):
            return Failure(
                f"It returned {describe(trial.got)}; {describe(trial.expected)} was expected.",
                trial,
                message_id=UNEXPECTED_KIND,
            )
    return None


def _calls(probes: list[Probe]) -> str:
    return ", ".join(probe.call for probe in probes[:4]) + (" ..." if len(probes) > 4 else "")


def _failed(
    exercise: Exercise,
    test: TestSpec,
    check: Check,
    failure: Failure,
    tolerance: float | None,
    trials: list[Trial],
    loops: list[LoopFinding],
    context: CheckContext,
) -> TestResult:
    trial = failure.trial
    message = failure.message if trial is None else f"Called {trial.probe.call}.\n{failure.message}"
    got, expected = (None, None)
    if trial is not None and check.values:  # for a tuple or a list, the item the message names
        got, expected = trial_previews(trial, tolerance or context.tolerance)
    return TestResult(
        id=test.id,
        title=test.title,
        status=Status.FAILED,
        message=message,
        message_id=failure.message_id or CHECK_FAILED,
        call=trial.probe.call if trial else None,
        line=failure.line or (loops[0].line if check.static and loops else None),
        tolerance=tolerance,
        got=got,
        expected=expected,
        diagnosis=diagnose(exercise, test, check, trials, loops, context),
    )
