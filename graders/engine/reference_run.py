"""The reference's answer to a learner's own call, and the known mistake behind theirs.

Both are worked out by trusted code on arguments the learner chose, so neither runs here: a
sandboxed child of its own (graders.inside.reference) runs the reference and then the known
mistakes, under a grading's limits, inside the learner's own admission ticket and fair-queue
turn (the caller's). The reference's answer comes back under the learner's own result cap;
the mistakes are matched in the child and only the name of the one found crosses back, so
what this process holds for a scratch run is two capped values, whatever the arguments.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from graders import trusted
from graders.engine.caps import run_limits
from graders.engine.grader import Runner
from graders.engine.reading import ProbeOutcome, ResultCaps, read_frames
from graders.exercise import Exercise, MistakeSpec
from graders.host.exchange import RunStatus
from graders.protocol.frames import Frame, FrameType
from graders.protocol.job import ReferenceJob
from graders.protocol.text import cut
from graders.report import LoadError

# The known mistakes' search, all of them together, in the reference's child: past either, the
# search stops and the answer says how many were tried. Never more than half the child's own
# CPU and wall limits, so the reference's answer and the search fit in one child's limits.
MISTAKES_CPU_SECONDS = 1.0
MISTAKES_WALL_SECONDS = 2.0
RAISED_CHARS = 600  # of the reference's exception message, as of the learner's (scratch)


@dataclass(frozen=True)
class ReferenceAnswer:
    """What the reference's child said: its answer (`trusted.raised_value` for a raise, a key
    for matching, never for words: `raised` says what it raised, its message verbatim), the
    known mistake whose answer is the learner's, and how many mistakes it tried of how many.
    `answered` False: it could not answer (`note` says why)."""

    value: Any = None
    answered: bool = False
    mistake: MistakeSpec | None = None
    tried: int = 0
    known: int = 0
    note: str = ""
    raised: LoadError | None = None


_NOT_ANSWERED = "The reference could not answer this call within the sandbox's limits."


async def reference_answer(
    runner: Runner,
    exercise: Exercise,
    arguments: list[Any],
    learner: Any | None,
    tolerance: float,
    max_elements: int,
) -> ReferenceAnswer:
    """The reference's answer to `arguments` and, when the learner returned `learner`, the
    first known mistake that answers the same (never raises for anything the child does)."""
    search = learner is not None and bool(exercise.mistakes)
    mistakes = exercise.mistakes if search else []
    job = ReferenceJob(
        reference=trusted.source_of(exercise.solution_path),
        entry=exercise.entry,
        arguments=tuple(arguments),
        limits=exercise.limits,
        max_elements=max_elements,
        mistakes=[(mistake.id, trusted.source_of(mistake.path)) for mistake in mistakes],
        learner=learner if search else None,
        tolerance=tolerance,
        search_cpu_seconds=min(MISTAKES_CPU_SECONDS, exercise.limits.cpu_seconds / 2),
        search_wall_seconds=min(MISTAKES_WALL_SECONDS, exercise.limits.wall_seconds / 2),
    )
    caps = ResultCaps([max_elements], exercise.limits.list_items)
    outcome = await runner.run(job.encode(), run_limits(exercise.limits, caps))
    if outcome.status is not RunStatus.OK:
        return ReferenceAnswer(note=_NOT_ANSWERED)
    try:
        reading = read_frames(outcome.frames, caps)
        found, tried = _mistake_said(outcome.frames, [mistake.id for mistake in mistakes])
    except Exception:  # a frame the reference's child would not send: nothing it said counts
        return ReferenceAnswer(note=_NOT_ANSWERED)
    result = reading.results.get(0)
    if reading.load_error is not None or result is None:
        return ReferenceAnswer(note=_NOT_ANSWERED)
    raised = None
    if result.outcome is ProbeOutcome.RAISED:
        value = trusted.raised_value(result.error_type, result.message)
        # The reference's own file and lines stay out of it: the type and message only.
        raised = LoadError(type=result.error_type, message=cut(result.message, RAISED_CHARS))
    else:
        value = result.value
    mistake = next((item for item in mistakes if item.id == found), None)
    return ReferenceAnswer(value, True, mistake, tried, len(mistakes), raised=raised)


def _mistake_said(frames: list[Frame], known: list[str]) -> tuple[str | None, int]:
    """The `mistake` frame's finding: a known mistake's id (or None), and how many were tried."""
    for frame in frames:
        if frame.type == FrameType.MISTAKE:
            found, tried = frame.header.get("id"), frame.header.get("tried")
            if (found is not None and found not in known) or type(tried) is not int:
                raise ValueError("a mistake the exercise does not have")
            return found, max(0, min(tried, len(known)))
    return None, 0
