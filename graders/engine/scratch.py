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
from graders.engine.diagnosis import diagnosis_of
from graders.engine.endings import ENDINGS, OUR_FAULT, Ending, Side, ending_of, facts_of
from graders.engine.grader import Runner
from graders.engine.previews import preview
from graders.engine.reading import ProbeOutcome, ResultCaps, RunReading, read_frames
from graders.engine.reference_run import ReferenceAnswer, reference_answer
from graders.exercise import Exercise, ScratchSpec
from graders.host.exchange import RunOutcome, RunStatus, trusted_prefix
from graders.probes import Probe, make_probe
from graders.protocol.arguments import check_value
from graders.protocol.frames import Frame, FrameType
from graders.protocol.job import Job
from graders.protocol.limits import CALL_CHARS, SOURCE_TOO_LARGE, Limits, source_too_large
from graders.protocol.matching import outcomes_match
from graders.protocol.refusals import Refusal
from graders.protocol.text import cut
from graders.protocol.values import ListOfNumbers, Unsupported
from graders.report import LoadError
from graders.scratch import (
    ReferenceMissing,
    ScratchArgument,
    ScratchComparison,
    ScratchRun,
    ScratchStatus,
    ScratchValue,
)

RESULT_ELEMENTS = 1 << 20  # what the learner's call may send back (8 MB of float64)
TEXT_CHARS = 4_000  # a value printed, at most


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
    base["call"] = cut(call, CALL_CHARS)
    if message := source_too_large(source, exercise.limits.source_bytes):
        error = LoadError(type=SOURCE_TOO_LARGE, message=message)
        return ScratchRun(**base, status=ScratchStatus.ERROR, message=message, error=error)
    if len(call) > CALL_CHARS:
        message = f"The call is over {CALL_CHARS:,} characters: make large arrays with np.*."
        refused = ScratchStatus.REFUSED
        return ScratchRun(**base, status=refused, message=message, refusal=Refusal.CALL_TOO_LONG)
    cap = min(RESULT_ELEMENTS, exercise.limits.array_elements)
    caps = ResultCaps([cap], exercise.limits.list_items)
    job = Job(
        source, exercise.entry, [], exercise.limits, [False], [cap], [False], call, spec.arguments
    )
    limits = _run_limits(exercise, caps)
    early = _EarlyReference(runner, exercise, caps)
    outcome = await runner.run(job.encode(), limits, early)
    try:
        reading = read_frames(outcome.frames, caps)
    except Exception:  # whatever the child's frames break in reading them: not trusted
        kept = trusted_prefix(outcome.frames)
        reading = read_frames(kept)
        outcome = RunOutcome(RunStatus.BROKEN, kept, outcome.wall_ms, outcome.cpu_ms)
    answer = await _reference_of(runner, exercise, reading, outcome, early)
    loop = asyncio.get_running_loop()  # comparing capped values still takes a while: a thread
    run = await loop.run_in_executor(
        None, _scratch_run, exercise, spec, reading, outcome, base, limits.result_bytes, answer
    )
    duration = round((time.perf_counter() - started) * 1000)
    return run.model_copy(update={"duration_ms": duration})


def _run_limits(exercise: Exercise, caps: ResultCaps) -> Limits:
    """The grading's limits, the byte cap with room for the arguments sent back too."""
    assert exercise.scratch is not None
    limits = run_limits(exercise.limits, caps, len(exercise.scratch.arguments))
    room = sum(8 * spec.max_elements + 1024 for spec in exercise.scratch.arguments)
    return replace(
        limits, result_bytes=min(exercise.limits.result_bytes, limits.result_bytes + room)
    )


def _arguments_of(spec: ScratchSpec, reading: RunReading) -> list[Any] | None:
    """The call's arguments as the child made them, if they still fit the schema (the child
    made and checked them: one that sends others back is broken)."""
    arguments = [reading.arguments.get(index) for index in range(len(spec.arguments))]
    if len(reading.arguments) != len(spec.arguments) or any(
        check_value(argument, value) is not None
        for argument, value in zip(spec.arguments, arguments, strict=True)
    ):
        return None
    return arguments


def _tolerance(exercise: Exercise, arguments: list[Any], expected: Any = None) -> float:
    """The call's tolerance; before the reference answered (`expected` None), without `rtol`."""
    return trusted.call_tolerance(exercise, make_probe(exercise.entry, arguments).args, expected)


class _EarlyReference:
    """Starts the reference's child once the learner's child has made the call's arguments (its
    `call` frame), so that the reference answers while the learner's call runs. The child made
    and checked the arguments; they are checked again here before the reference sees them."""

    def __init__(self, runner: Runner, exercise: Exercise, caps: ResultCaps) -> None:
        self.runner, self.exercise, self.caps = runner, exercise, caps
        self.frames: list[Frame] = []
        self.answer: asyncio.Task[ReferenceAnswer] | None = None

    def __call__(self, frames: list[Frame]) -> None:  # a FrameListener: it must not raise
        self.frames.extend(frames)
        spec = self.exercise.scratch
        if self.answer is not None or spec is None or not spec.reference:
            return
        if not any(frame.type == FrameType.CALL for frame in frames):
            return
        try:
            arguments = _arguments_of(spec, read_frames(self.frames, self.caps))
        except Exception:  # not trusted: the run's own reading decides what it was
            return
        if arguments is not None:
            tolerance = _tolerance(self.exercise, arguments)
            cap = self.caps.elements[0]
            answering = reference_answer(
                self.runner, self.exercise, arguments, None, tolerance, cap
            )
            self.answer = asyncio.ensure_future(answering)


async def _reference_of(
    runner: Runner,
    exercise: Exercise,
    reading: RunReading,
    outcome: RunOutcome,
    early: _EarlyReference,
) -> ReferenceAnswer | None:
    """The reference's answer to the call the learner's child made, and the known mistake
    that answers as the learner did when theirs differs (None: not asked for)."""
    spec = exercise.scratch
    assert spec is not None
    started = early.answer
    if started is not None:
        answer: ReferenceAnswer | None = await started  # never raises: it was already running
    if not spec.reference or not reading.call_made or reading.load_error is not None:
        return None
    if ENDINGS[ending_of(outcome, reading)].side is Side.PLATFORM:
        return None
    arguments = _arguments_of(spec, reading)
    if arguments is None:
        return None
    tolerance = _tolerance(exercise, arguments)
    cap = early.caps.elements[0]
    if started is None:  # the run's frames came in one batch: ask now
        answer = await reference_answer(runner, exercise, arguments, None, tolerance, cap)
    assert answer is not None
    result = reading.results.get(0)
    if result is None or result.outcome is not ProbeOutcome.RETURNED or not answer.answered:
        return answer
    loop = asyncio.get_running_loop()  # capped values read and compared: a thread, not the loop
    if exercise.rtol:
        tolerance = await loop.run_in_executor(None, _tolerance, exercise, arguments, answer.value)
    same = await loop.run_in_executor(None, outcomes_match, result.value, answer.value, tolerance)
    if same or not exercise.mistakes:
        return answer
    # A wrong answer: a child of its own searches the known mistakes for one that gives it.
    return await reference_answer(runner, exercise, arguments, result.value, tolerance, cap)


def _scratch_run(
    exercise: Exercise,
    spec: ScratchSpec,
    reading: RunReading,
    outcome: RunOutcome,
    base: dict[str, Any],
    result_bytes: int,
    answer: ReferenceAnswer | None = None,
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
        # The page leads with "Your code could not be loaded" and shows the error: not said twice.
        message = "The call was not made."
        return ScratchRun(
            **common, status=ScratchStatus.ERROR, message=message, error=reading.load_error
        )
    if (refused := reading.call_refused) is not None:
        return ScratchRun(
            **common,
            status=ScratchStatus.REFUSED,
            message=refused.message,
            refusal=refused.refusal,
        )
    if not reading.call_made:  # stopped while the module loaded: a timeout, memory, a crash
        message = facts.fill(attribution.message)
        error = LoadError(type=attribution.error_type or "Error", message=message)
        return ScratchRun(**common, status=_stopped(ending), message=message, error=error)
    arguments = _arguments_of(spec, reading)
    if arguments is None:  # the child made and checked them: one that sends others back is broken
        message = f"The sandbox sent back arguments we could not read. {OUR_FAULT}"
        return ScratchRun(**common, status=ScratchStatus.INTERNAL_ERROR, message=message)
    common["arguments"] = [
        ScratchArgument(name=argument.name, value=scratch_value(value))
        for argument, value in zip(spec.arguments, arguments, strict=True)
    ]
    probe = make_probe(exercise.entry, arguments)
    missing = _missing(spec, answer)
    if missing is None and answer is not None:
        common["reference"] = scratch_value(answer.value)
    else:
        common |= _told_missing(missing, answer)
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
            **common, status=ScratchStatus.RAISED, message=cut(message, 600), error=error
        )
    got = result.value
    comparison = None
    if missing in (None, ReferenceMissing.RAISED) and answer is not None:
        comparison = _compare(exercise, probe, got, answer)
    return ScratchRun(
        **common,
        status=ScratchStatus.RETURNED,
        message=f"{base['call']} returned {describe(got)}.",
        result=scratch_value(got),
        comparison=comparison,
    )


_TIMEOUTS = frozenset({Ending.LEARNER_CPU, Ending.LEARNER_WALL_TIMEOUT})


def _stopped(ending: Ending) -> ScratchStatus:
    return ScratchStatus.TIMED_OUT if ending in _TIMEOUTS else ScratchStatus.ERROR


def _missing(spec: ScratchSpec, answer: ReferenceAnswer | None) -> ReferenceMissing | None:
    """Why the reference's answer to the same call is not shown, or None: it is."""
    if not spec.reference:
        return ReferenceMissing.HIDDEN
    if answer is not None and answer.raised is not None:
        return ReferenceMissing.RAISED
    if answer is not None and not answer.answered:
        return ReferenceMissing.UNANSWERED
    return None


def _told_missing(
    missing: ReferenceMissing | None, answer: ReferenceAnswer | None
) -> dict[str, Any]:
    """The run's fields that say why the reference's answer is not shown."""
    if missing is ReferenceMissing.HIDDEN:
        note = "This exercise does not show the reference's answer to your own calls."
        return {"reference_note": note, "reference_missing": missing}
    if missing is ReferenceMissing.RAISED and answer is not None and answer.raised is not None:
        return {
            "reference_note": reference_raised_note(answer.raised),
            "reference_missing": missing,
            "reference_error": answer.raised,
        }
    return {
        "reference_note": answer.note if answer is not None else "",
        "reference_missing": missing,
    }


def reference_raised_note(raised: LoadError) -> str:
    """What the learner reads when the reference raises on their call: its exception, in words
    and verbatim (the type and message, never the matching key `trusted.raised_value`)."""
    said = f"The reference solution raises {raised.type} on this call, so it has no expected answer"
    return f"{said}: {raised.message}" if raised.message else f"{said}."


def _compare(
    exercise: Exercise, probe: Probe, got: Any, answer: ReferenceAnswer
) -> ScratchComparison:
    """The learner's answer against the reference's, as the tests compare values."""
    expected = answer.value
    tolerance = trusted.call_tolerance(exercise, probe.args, expected)
    searched = {"mistakes_tried": answer.tried, "mistakes_known": answer.known}
    failure = compare_values(Trial(probe, got, expected), tolerance)
    if failure is None:
        message = f"Yours matches the reference's answer (within {tolerance_text(tolerance)})."
        return ScratchComparison(matches=True, message=message, tolerance=tolerance, **searched)
    message = str(failure)
    if answer.mistake is None and answer.tried < answer.known:
        message += (
            f" Not every known mistake was tried at this size ({answer.tried} of "
            f"{answer.known}), so one may have gone unnamed: try a smaller call."
        )
    return ScratchComparison(
        matches=False,
        message=message,
        tolerance=tolerance,
        diagnosis=None if answer.mistake is None else diagnosis_of(answer.mistake),
        **searched,
    )


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
    return cut(text, TEXT_CHARS)


def scratch_failure(slug: str, call: str, reason: str) -> ScratchRun:
    """A scratch run the platform could not make: ours, never the learner's."""
    return ScratchRun(
        exercise=slug,
        status=ScratchStatus.INTERNAL_ERROR,
        message=f"{reason} {OUR_FAULT}",
        call=cut(call, CALL_CHARS),
    )
