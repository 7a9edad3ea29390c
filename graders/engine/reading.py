"""The child's frames, read into what the checks need: one typed result per probe."""

from __future__ import annotations

from dataclasses import dataclass, field
from enum import StrEnum
from typing import Any

from graders.protocol import utf8
from graders.protocol.arguments import ARGUMENTS_MAX
from graders.protocol.counts import CallCounts, import_loops
from graders.protocol.frames import Frame, FrameType, ProtocolError
from graders.protocol.loops import OVER_CHARS, LoopFinding
from graders.protocol.refusals import Refusal, Refused
from graders.protocol.values import unpack_value
from graders.report import LoadError


class ProbeOutcome(StrEnum):
    """What happened to one call inside the sandbox."""

    RETURNED = "returned"
    RAISED = "raised"
    TIMED_OUT = "timed_out"
    NOT_RUN = "not_run"


@dataclass(frozen=True)
class ProbeResult:
    """One call's outcome: its value, or the exception's type, message and line."""

    outcome: ProbeOutcome
    value: Any = None
    error_type: str = ""
    message: str = ""
    line: int | None = None
    counts: CallCounts | None = None  # a counted probe's tally
    error_bases: tuple[str, ...] = ()  # the built-in exception classes it is an instance of
    modified: tuple[int, ...] = ()  # the arguments the call wrote into
    shares_memory: tuple[int, ...] = ()  # the array arguments the returned value is a view of
    printed: tuple[int, int] | None = None  # the part of the run's stdout this call printed


NOT_RUN = ProbeResult(ProbeOutcome.NOT_RUN)


@dataclass(frozen=True)
class ResultCaps:
    """What each probe's result may hold, as the job told the child (`Job.max_elements`, and
    `Limits.list_items`): a result over its cap is off-protocol, refused before it is built."""

    elements: list[int]
    items: int

    def for_probe(self, probe: int) -> int:
        if not 0 <= probe < len(self.elements):
            raise ProtocolError(f"a result for probe {probe}, which was not asked for")
        return self.elements[probe]


@dataclass
class RunReading:
    """Everything the child said, in order of arrival (results checked against `caps`)."""

    started_loading: bool = False
    compiled: bool = False
    loaded: bool = False
    load_error: LoadError | None = None
    loops: list[LoopFinding] = field(default_factory=list)
    results: dict[int, ProbeResult] = field(default_factory=dict)
    running: int | None = None  # the probe in flight when the child stopped
    stdout: str = ""
    stdout_truncated: bool = False
    caps: ResultCaps | None = None
    # A scratch run's call: the arguments the child made, and whether it made them all
    arguments: dict[int, Any] = field(default_factory=dict)
    call_made: bool = False
    call_refused: Refused | None = None

    def printed_by(self, probe: int) -> str:
        """What the call of `probe` printed ("" when it printed nothing or did not run)."""
        result = self.results.get(probe)
        if result is None or result.printed is None:
            return ""
        start, end = result.printed
        return self.stdout[start:end]


def read_frames(frames: list[Frame], caps: ResultCaps | None = None) -> RunReading:
    reading = RunReading(caps=caps)
    for frame in frames:
        read_frame(reading, frame)
    return reading


def read_frame(reading: RunReading, frame: Frame) -> None:
    """Add one of the child's frames to `reading` (raises for a malformed one)."""
    header = frame.header
    kind = frame.type
    if kind == FrameType.COMPILING:
        reading.started_loading = True
    elif kind == FrameType.COMPILED:
        reading.compiled = True
    elif kind == FrameType.LOAD_ERROR:
        reading.load_error = LoadError(
            type=text(header.get("type", "Error"))[:100],
            message=text(header.get("message", ""))[:4000],
            line=_line(header.get("line")),
        )
    elif kind == FrameType.LOADED:
        reading.loaded = True
        reading.loops = [
            LoopFinding(
                str(item["kind"]),
                int(item["line"]),
                str(item["function"]),
                text(item.get("over", ""))[:OVER_CHARS],
            )
            for item in header.get("loops", [])[:100]
        ]
        if "import_counts" in header:  # what loading the module ran counts as the entry's
            reading.loops += import_loops(CallCounts.from_dict(header["import_counts"]))
    elif kind == FrameType.ARGUMENT:
        index, caps = header.get("index"), reading.caps
        if type(index) is not int or not 0 <= index < ARGUMENTS_MAX:
            raise ProtocolError("an argument's index must be a small int")
        if caps is None:
            reading.arguments[index] = unpack_value(header, frame.payload)
        else:
            reading.arguments[index] = unpack_value(
                header, frame.payload, caps.for_probe(0), caps.items
            )
    elif kind == FrameType.CALL:
        if header.get("count") != len(reading.arguments):
            raise ProtocolError("the call's count is not the arguments sent")
        reading.call_made = True
    elif kind == FrameType.CALL_REFUSED:
        refusal = header.get("refusal")
        if refusal not in set(Refusal):
            raise ProtocolError("a refused call's refusal must be one of graders.protocol.refusals")
        reading.call_refused = Refused(Refusal(refusal), text(header.get("message", ""))[:4000])
    elif kind == FrameType.START:
        reading.running = _probe(reading, header)
    elif kind == FrameType.RESULT:
        probe, caps = _probe(reading, header), reading.caps
        if caps is None:
            value = unpack_value(header, frame.payload)
        else:
            value = unpack_value(header, frame.payload, caps.for_probe(probe), caps.items)
        reading.results[probe] = ProbeResult(
            ProbeOutcome.RETURNED,
            value,
            counts=_counts(header),
            modified=_positions(header, "modified"),
            shares_memory=_positions(header, "shares_memory"),
            printed=_printed(header),
        )
        reading.running = None
    elif kind == FrameType.RAISED:
        reading.results[_probe(reading, header)] = ProbeResult(
            ProbeOutcome.RAISED,
            error_type=text(header.get("type", "Exception"))[:100],
            message=text(header.get("message", ""))[:4000],
            line=_line(header.get("line")),
            counts=_counts(header),
            error_bases=_bases(header.get("bases")),
            printed=_printed(header),
        )
        reading.running = None
    elif kind == FrameType.DONE:
        reading.stdout = text(utf8.decode(frame.payload))
        reading.stdout_truncated = bool(header.get("stdout_truncated", False))


def _bases(value: Any) -> tuple[str, ...]:
    """A raised exception's built-in classes, as the child named them (a few short names)."""
    if not isinstance(value, list):
        return ()
    return tuple(text(item)[:40] for item in value[:12] if isinstance(item, str))


def _probe(reading: RunReading, header: dict[str, Any]) -> int:
    """The probe a frame names, which must be one the job asked for."""
    probe = header["probe"]
    if type(probe) is not int:
        raise ProtocolError("probe must be an int")
    if reading.caps is not None:
        reading.caps.for_probe(probe)
    return probe


def _printed(header: dict[str, Any]) -> tuple[int, int] | None:
    """Where in stdout a call's printing starts and ends (offsets into the child's buffer)."""
    found = header.get("printed")
    if found is None:
        return None
    if not (
        isinstance(found, list)
        and len(found) == 2
        and all(type(offset) is int for offset in found)
        and 0 <= found[0] <= found[1]
    ):
        raise ProtocolError("printed must be [start, end]")
    return found[0], found[1]


def _positions(header: dict[str, Any], key: str) -> tuple[int, ...]:
    """Argument positions the child names under `key` ("modified", "shares_memory")."""
    found = header.get(key, [])
    if not isinstance(found, list) or not all(type(i) is int and 0 <= i < 64 for i in found):
        raise ProtocolError(f"{key} must list argument positions")
    return tuple(found[:64])


def _counts(header: dict[str, Any]) -> CallCounts | None:
    return CallCounts.from_dict(header["counts"]) if "counts" in header else None


def text(value: Any) -> str:
    """Text from the child as valid UTF-8: lone surrogates are shown escaped, never passed on."""
    return utf8.escape_lone_surrogates(str(value))


def _line(value: Any) -> int | None:
    return value if type(value) is int and value > 0 else None
