"""What a run may send back: per call, a few times what the reference returns; per run, bytes.

The child describes a result over its call's cap instead of sending it ("too large"), and the
grader refuses one that comes anyway, before building it (`graders.protocol.values`). The byte
cap on the whole run follows: an honest child stays far below it, a broken one is cut off.
"""

from __future__ import annotations

from dataclasses import replace

from graders import trusted
from graders.engine.reading import ResultCaps
from graders.exercise import Exercise
from graders.probes import Probe
from graders.protocol import frames, values
from graders.protocol.limits import Limits
from graders.protocol.sequence import frame_budget

# The most bytes one element takes on the wire (complex128).
_ELEMENT_BYTES = 16
# Per call, besides its arrays: the result's JSON, or a raised exception's (its message is cut
# at `message_chars`, and JSON may spend 12 bytes on a character), and the `start` frame.
_CALL_BYTES = values.MAX_HEADER_BYTES + 64 * 1024
# Per run: the loop scan, a load error and the small frames (each under the header cap).
_RUN_BYTES = 2 * frames.MAX_HEADER_BYTES


def result_caps(exercise: Exercise, probes: list[Probe]) -> ResultCaps:
    """Each probe's cap in elements (`trusted.result_cap`), and the items of any list."""
    elements = [trusted.result_cap(exercise, probe) for probe in probes]
    return ResultCaps(elements, exercise.limits.list_items)


def run_limits(limits: Limits, caps: ResultCaps, arguments: int = 0) -> Limits:
    """`limits` with the run's byte cap and frame budget lowered to what its calls (and a
    scratch call's `arguments`) can send (never raised)."""
    arrays = sum(_ELEMENT_BYTES * cap for cap in caps.elements)
    stdout = 4 * limits.output_bytes  # characters, sent as UTF-8
    most = arrays + len(caps.elements) * _CALL_BYTES + stdout + _RUN_BYTES
    frames = frame_budget(len(caps.elements), arguments)
    return replace(
        limits,
        result_bytes=min(limits.result_bytes, most),
        result_frames=min(limits.result_frames, frames),
    )
