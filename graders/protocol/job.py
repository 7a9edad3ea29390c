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
from graders.protocol.limits import Limits
from graders.protocol.values import ALLOWED_DTYPES


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
