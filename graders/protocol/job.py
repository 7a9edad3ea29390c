"""The job: what the grader sends a child. Source, entry point, probe arguments, limits.

A scratch job (the learner's own call, `call` set) has no probes: the child makes the call's
arguments itself, checks them against `arguments` (graders.protocol.arguments) and calls the
entry point once, as probe 0.

Never the reference's outputs: they stay on the trusted side. Array arguments travel as raw
bytes after the header ({"offset", "dtype", "shape"} in their place), everything else as JSON.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graders.protocol.arguments import ARGUMENTS_MAX, ArgumentSpec
from graders.protocol.frames import Frame, ProtocolError, encode
from graders.protocol.frames import decode as decode_frames
from graders.protocol.limits import Limits
from graders.protocol.values import ALLOWED_DTYPES, pack_value, unpack_value


@dataclass(frozen=True)
class Job:
    """One submission to run: `probes` are argument lists, `summaries` say which probes need
    only the type, dtype and shape of what comes back, and `max_elements` how many elements
    each probe's result may hold (`graders.protocol.values`; `limits.array_elements` for a
    probe not listed): the child describes a larger result instead of sending it. A probe
    `counted` runs under the line tracer and reports its `CallCounts` (graders.protocol.counts).
    """

    source: str
    entry: str
    probes: list[tuple[Any, ...]]
    limits: Limits = field(default_factory=Limits)
    summaries: list[bool] = field(default_factory=list)
    max_elements: list[int] = field(default_factory=list)
    counted: list[bool] = field(default_factory=list)
    call: str | None = None  # a scratch job's call, as the learner typed it
    arguments: list[ArgumentSpec] = field(default_factory=list)  # what that call may pass

    def is_counted(self, index: int) -> bool:
        return index < len(self.counted) and self.counted[index]

    def result_cap(self, index: int) -> int:
        """The most elements probe `index` may send back."""
        if index < len(self.max_elements):
            return min(self.max_elements[index], self.limits.array_elements)
        return self.limits.array_elements

    def encode(self) -> bytes:
        """The job frame: array arguments as raw bytes after the header, not copied into it."""
        payload = bytearray()
        encoded = []
        for index, args in enumerate(self.probes):
            plain_args: list[Any] = []
            for argument in args:
                if isinstance(argument, np.ndarray):
                    plain_args.append(
                        {
                            "offset": len(payload),
                            "dtype": argument.dtype.str,
                            "shape": list(argument.shape),
                        }
                    )
                    payload += np.ascontiguousarray(argument).tobytes()
                else:
                    plain_args.append(argument)
            summary = index < len(self.summaries) and self.summaries[index]
            encoded.append(
                {
                    "args": plain_args,
                    "summary": summary,
                    "max_elements": self.result_cap(index),
                    "count": self.is_counted(index),
                }
            )
        header = {
            "source": self.source,
            "entry": self.entry,
            "probes": encoded,
            "limits": self.limits.to_dict(),
        }
        if self.call is not None:
            header["call"] = self.call
            header["arguments"] = [spec.to_dict() for spec in self.arguments]
        return encode(header, bytes(payload))


def decode_job(frame: Frame) -> Job:
    """The child's side: rebuild the job (ProtocolError for a frame that is not one)."""
    header = frame.header
    try:
        probes = header["probes"]
        limits = Limits.from_dict(header["limits"])
        return Job(
            source=str(header["source"]),
            entry=str(header["entry"]),
            probes=[_arguments(probe["args"], frame.payload) for probe in probes],
            limits=limits,
            summaries=[bool(probe.get("summary")) for probe in probes],
            max_elements=[_cap(probe, limits) for probe in probes],
            counted=[probe.get("count") is True for probe in probes],
            call=None if header.get("call") is None else str(header["call"]),
            arguments=[
                ArgumentSpec.from_dict(spec) for spec in header.get("arguments", [])[:ARGUMENTS_MAX]
            ],
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ProtocolError(f"not a job: {error}") from None


def _cap(probe: dict[str, Any], limits: Limits) -> int:
    cap = probe.get("max_elements", limits.array_elements)
    if type(cap) is not int or cap < 0:
        raise ValueError(f"max_elements {cap!r}")
    return min(cap, limits.array_elements)


def _arguments(arguments: list[Any], payload: bytes) -> tuple[Any, ...]:
    args: list[Any] = []
    for argument in arguments:
        if isinstance(argument, dict) and "offset" in argument:
            if argument["dtype"] not in ALLOWED_DTYPES:
                raise ValueError(f"dtype {argument['dtype']!r}")
            dtype, shape = np.dtype(argument["dtype"]), [int(n) for n in argument["shape"]]
            array = np.frombuffer(
                payload, dtype=dtype, count=math.prod(shape), offset=int(argument["offset"])
            )
            args.append(array.reshape(shape).copy())
        else:
            args.append(argument)
    return tuple(args)


@dataclass(frozen=True)
class ReferenceJob:
    """A scratch call answered by trusted code, in a sandboxed child of its own: the reference's
    answer to the learner's arguments, and the first known mistake whose answer matches the
    learner's (`learner`) and not the reference's, within `tolerance`.

    The code is the author's, but the arguments are the learner's choice, so its work runs
    under a grading's limits, never in the grader's process (graders.inside.reference). The
    reference's answer comes back under the learner's own cap (`max_elements`); the mistakes
    are searched in order until `search_cpu_seconds` of CPU or `search_wall_seconds` of wall
    time are spent, and the child says how many it tried.
    """

    reference: str  # the reference solution's source
    entry: str
    arguments: tuple[Any, ...]
    limits: Limits
    max_elements: int
    mistakes: list[tuple[str, str]] = field(default_factory=list)  # (id, source), in order
    learner: Any = None  # the learner's answer as it crossed; None: no search
    tolerance: float = 0.0
    search_cpu_seconds: float = 1.0
    search_wall_seconds: float = 2.0

    def encode(self) -> bytes:
        arguments = Job("", self.entry, [self.arguments]).encode()
        [frame] = decode_frames(arguments)
        payload = bytearray(frame.payload)
        header: dict[str, Any] = {
            "reference": self.reference,
            "entry": self.entry,
            "args": frame.header["probes"][0]["args"],
            "limits": self.limits.to_dict(),
            "max_elements": self.max_elements,
            "mistakes": [list(mistake) for mistake in self.mistakes],
            "tolerance": self.tolerance,
            "search": [self.search_cpu_seconds, self.search_wall_seconds],
        }
        if self.learner is not None:
            value, learner_payload = pack_value(self.learner, 1 << 62, 1 << 62)
            header["learner"] = {**value, "offset": len(payload), "length": len(learner_payload)}
            payload += learner_payload
        return encode(header, bytes(payload))


def decode_reference_job(frame: Frame) -> ReferenceJob:
    """The reference child's side (ProtocolError for a frame that is not one)."""
    header = frame.header
    try:
        learner = None
        if isinstance(header.get("learner"), dict):
            start, length = int(header["learner"]["offset"]), int(header["learner"]["length"])
            piece = frame.payload[start : start + length]
            learner = unpack_value(header["learner"], piece)
        cpu, wall = header["search"]
        return ReferenceJob(
            reference=str(header["reference"]),
            entry=str(header["entry"]),
            arguments=_arguments(header["args"], frame.payload),
            limits=Limits.from_dict(header["limits"]),
            max_elements=int(header["max_elements"]),
            mistakes=[(str(name), str(source)) for name, source in header["mistakes"]],
            learner=learner,
            tolerance=float(header["tolerance"]),
            search_cpu_seconds=float(cpu),
            search_wall_seconds=float(wall),
        )
    except (KeyError, TypeError, ValueError) as error:
        raise ProtocolError(f"not a reference job: {error}") from None
