"""Run a scratch call: the learner's code on their own arguments, beside the reference's answer.

The same sandbox and runner as a grading, one call instead of the probes: the child reads the
call, makes its arguments and checks them against the exercise's `[scratch]` schema
(graders.inside.scratch); the arguments come back with the result and are checked again here,
since nothing the child sends is trusted, before the reference (trusted code, in this process)
answers the same call. How a run ended is read with the grading's own table (`endings`), so a
fault of ours is `internal_error` here too.
"""

from __future__ import annotations

import asyncio
import time
from dataclasses import replace
from typing import Any

import numpy as np

from graders import trusted
from graders.checks import Trial, compare_values, describe, tolerance_text
from graders.digest import exercise_version
from graders.engine.caps import run_limits
from graders.engine.diagnosis import diagnosis_of, outcomes_match
from graders.engine.endings import ENDINGS, OUR_FAULT, Ending, Side, ending_of, facts_of
from graders.engine.grader import Runner
from graders.engine.previews import preview
from graders.engine.reading import ProbeOutcome, ResultCaps, RunReading, read_frames
from graders.exercise import Exercise, ScratchSpec
from graders.host.exchange import RunOutcome, RunStatus
from graders.probes import Probe, make_probe
from graders.protocol.arguments import check_value
from graders.protocol.job import Job
from graders.protocol.limits import Limits
from graders.protocol.values import ListOfNumbers, Unsupported
from graders.report import Diagnosis, LoadError
from graders.scratch import (
    ScratchArgument,
    ScratchComparison,
    ScratchRun,
    ScratchStatus,
    ScratchValue,
)

RESULT_ELEMENTS = 1 << 20  # what the learner's call may send back (8 MB of float64)
TEXT_CHARS = 4_000  # a value printed, at most
CALL_CHARS = 2_000  # the call as typed, at most (graders.inside.scratch.MAX_CALL_CHARS)


class NoScratch(Exception):
    """The exercise declares no `[scratch]`: it takes no calls of the learner's own."""


async def run_scratch(runner: Runner, exercise: Exercise, source: str, call: str) -> ScratchRun:
    """The learner's `call` of their `source`, run once in the sandbox (never raises for
    anything the child does; NoScratch when the exercise takes no calls)."""
    if exercise.scratch is None:
        raise NoScratch(exercise.slug)
    started = time.perf_counter()
    spec = exercise.scratch
    base = {"exercise": exercise.slug, "exercise_version": exercise_version(exercise)}
    call = call.strip()
    shown = call if len(call) <= CALL_CHARS else call[:CALL_CHARS] + "..."
    base["call"] = shown
    size = len(source.encode("utf-8", "surrogatepass"))
    if size > exercise.limits.source_bytes:
        limit = exercise.limits.source_bytes
        message = f"Your code is {size:,} bytes; the limit is {limit:,}. Shorten it to run it."
        error = LoadError(type="CodeTooLarge", message=message)
        return ScratchRun(**base, status=ScratchStatus.ERROR, message=message, error=error)
    if len(call) > CALL_CHARS:
        message = f"The call is over {CALL_CHARS:,} characters: make large arrays with np.*."
        return ScratchRun(**base, status=ScratchStatus.REFUSED, message=message)
    cap = min(RESULT_ELEMENTS, exercise.limits.array_elements)
    caps = ResultCaps([cap], exercise.limits.list_items)
    job = Job(
        source, exercise.entry, [], exercise.limits, [False], [cap], [False], call, spec.arguments
    )
    limits = _run_limits(exercise, caps)
    outcome = await runner.run(job.encode(), limits)
    try:
        reading = read_frames(outcome.frames, caps)
    except Exception:  # whatever the child's frames break in reading them: not trusted
        reading = RunReading()
        outcome = RunOutcome(RunStatus.BROKEN, [], outcome.wall_ms, outcome.cpu_ms)
    loop = asyncio.get_running_loop()  # the reference's answer may take a while: off the loop
    run = await loop.run_in_executor(
        None, _scratch_run, exercise, spec, reading, outcome, base, limits.result_bytes
    )
    duration = round((time.perf_counter() - started) * 1000)
    return run.model_copy(update={"duration_ms": duration})


def _run_limits(exercise: Exercise, caps: ResultCaps) -> Limits:
    """The grading's limits, the byte cap with room for the arguments sent back too."""
    assert exercise.scratch is not None
    limits = run_limits(exercise.limits, caps)
    room = sum(8 * spec.max_elements + 1024 for spec in exercise.scratch.arguments)
    return replace(
        limits, result_bytes=min(exercise.limits.result_bytes, limits.result_bytes + room)
    )


def _scratch_run(
    exercise: Exercise,
    spec: ScratchSpec,
    reading: RunReading,
    outcome: RunOutcome,
    base: dict[str, Any],
    result_bytes: int,
) -> ScratchRun:
    """What the learner is told about the run that ended so (`result_bytes`: its byte cap)."""
    ending = ending_of(outcome, reading)
    attribution = ENDINGS[ending]
    facts = facts_of(outcome, reading, exercise.limits, result_bytes)
    common = {**base, "stdout": reading.stdout, "stdout_truncated": reading.stdout_truncated}
    if attribution.side is Side.PLATFORM:
        message = facts.fill(attribution.message)
        return ScratchRun(**common, status=ScratchStatus.INTERNAL_ERROR, message=message)
    if reading.load_error is not None:
        message = "Your code could not be loaded, so the call was not made."
        return ScratchRun(
            **common, status=ScratchStatus.ERROR, message=message, error=reading.load_error
        )
    if reading.call_refused is not None:
        return ScratchRun(**common, status=ScratchStatus.REFUSED, message=reading.call_refused)
    if not reading.call_made:  # stopped while the module loaded: a timeout, memory, a crash
        message = facts.fill(attribution.message)
        error = LoadError(type=attribution.error_type or "Error", message=message)
        return ScratchRun(**common, status=_stopped(ending), message=message, error=error)
    arguments = [reading.arguments.get(index) for index in range(len(spec.arguments))]
    if len(reading.arguments) != len(spec.arguments) or any(
        check_value(argument, value) is not None
        for argument, value in zip(spec.arguments, arguments, strict=True)
    ):  # the child made and checked them: one that sends others back is broken
        message = f"The sandbox sent back arguments we could not read. {OUR_FAULT}"
        return ScratchRun(**common, status=ScratchStatus.INTERNAL_ERROR, message=message)
    common["arguments"] = [
        ScratchArgument(name=argument.name, value=scratch_value(value))
        for argument, value in zip(spec.arguments, arguments, strict=True)
    ]
    # One probe for the reference, the mistakes and the comparison; fresh: kept in the small cache
    probe = replace(make_probe(exercise.entry, arguments), fresh=True)
    expected, note = _reference(exercise, spec, probe)
    if expected is not _HIDDEN:
        common["reference"] = scratch_value(expected)
    common["reference_note"] = note
    result = reading.results.get(0)
    if result is None:  # stopped in the call: a timeout, memory, a crash
        if attribution.in_call is not None:
            message = facts.fill(attribution.in_call)
        else:
            limits = exercise.limits
            message = (
                f"The call used more than {limits.cpu_seconds:g} s of CPU time and was stopped."
                if ending is Ending.LEARNER_CPU
                else f"The call ran longer than {limits.wall_seconds:g} s and was stopped."
            )
        error = LoadError(type=attribution.error_type or "TimeoutError", message=message)
        return ScratchRun(**common, status=_stopped(ending), message=message, error=error)
    if result.outcome is ProbeOutcome.RAISED:
        error = LoadError(type=result.error_type, message=result.message, line=result.line)
        where = f" on line {result.line}" if result.line else ""
        message = f"The call raised {result.error_type}{where}: {result.message}"
        return ScratchRun(
            **common, status=ScratchStatus.RAISED, message=_cut(message, 600), error=error
        )
    got = result.value
    comparison = None
    if expected is not _HIDDEN:
        comparison = _compare(exercise, probe, got, expected)
    return ScratchRun(
        **common,
        status=ScratchStatus.RETURNED,
        message=f"{base['call']} returned {describe(got)}.",
        result=scratch_value(got),
        comparison=comparison,
    )


_TIMEOUTS = frozenset({Ending.LEARNER_CPU, Ending.LEARNER_WALL_TIMEOUT})
_HIDDEN = object()  # the reference's answer is not shown


def _stopped(ending: Ending) -> ScratchStatus:
    return ScratchStatus.TIMED_OUT if ending in _TIMEOUTS else ScratchStatus.ERROR


def _reference(exercise: Exercise, spec: ScratchSpec, probe: Probe) -> tuple[Any, str]:
    """The reference's answer to the same call (computed here: trusted code), or why not."""
    if not spec.reference:
        return _HIDDEN, "This exercise does not show the reference's answer to your own calls."
    return trusted.reference_value(exercise, probe), ""


def _compare(exercise: Exercise, probe: Probe, got: Any, expected: Any) -> ScratchComparison:
    """The learner's answer against the reference's, as the tests compare values."""
    scaled = trusted.tolerance_function(exercise)
    tolerance = exercise.tolerance if scaled is None else scaled(probe.args, exercise.tolerance)
    if isinstance(expected, Unsupported) and expected.type.startswith("raised "):
        return ScratchComparison(
            matches=False,
            message=f"The reference {expected.type.split(':')[0]} on this call; yours returned.",
            tolerance=tolerance,
        )
    failure = compare_values(Trial(probe, got, expected), tolerance)
    if failure is None:
        message = f"Yours matches the reference's answer (within {tolerance_text(tolerance)})."
        return ScratchComparison(matches=True, message=message, tolerance=tolerance)
    return ScratchComparison(
        matches=False,
        message=str(failure),
        tolerance=tolerance,
        diagnosis=_known_mistake(exercise, probe, got, expected, tolerance),
    )


def _known_mistake(
    exercise: Exercise, probe: Probe, got: Any, expected: Any, tolerance: float
) -> Diagnosis | None:
    """The first known mistake that answers this call as the learner did (and not as the
    reference does: a mistake of loops alone answers every call rightly)."""
    for mistake in exercise.mistakes:
        theirs = trusted.mistake_value(exercise, mistake, probe)
        if outcomes_match(got, theirs, tolerance) and not outcomes_match(
            expected, theirs, tolerance
        ):
            return diagnosis_of(mistake)
    return None


def scratch_value(value: Any) -> ScratchValue:
    """A value as the page shows it (ScratchValue)."""
    return ScratchValue(description=describe(value), text=value_text(value), preview=preview(value))


def value_text(value: Any) -> str:
    """`value` as NumPy and Python print it, long arrays summarised, at most TEXT_CHARS."""
    if isinstance(value, ListOfNumbers):
        value = value.tolist()
    if isinstance(value, np.ndarray):
        text = np.array2string(value, precision=4, threshold=200, edgeitems=3, suppress_small=True)
    elif isinstance(value, tuple | list):
        items = ", ".join(value_text(item) for item in value[:20])
        more = ", ..." if len(value) > 20 else ""
        text = f"({items}{more})" if isinstance(value, tuple) else f"[{items}{more}]"
    elif isinstance(value, Unsupported):
        text = describe(value)
    elif isinstance(value, float | np.floating):
        text = f"{float(value):.6g}"
    else:
        text = repr(value)
    return _cut(text, TEXT_CHARS)


def _cut(text: str, cap: int) -> str:
    return text if len(text) <= cap else text[:cap] + f"... [{len(text) - cap:,} more characters]"


def scratch_failure(slug: str, call: str, reason: str) -> ScratchRun:
    """A scratch run the platform could not make: ours, never the learner's."""
    return ScratchRun(
        exercise=slug,
        status=ScratchStatus.INTERNAL_ERROR,
        message=f"{reason} {OUR_FAULT}",
        call=_cut(call, CALL_CHARS),
    )
