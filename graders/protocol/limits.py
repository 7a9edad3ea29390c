"""Every limit on one submission, in one typed, commented table.

One `Limits` travels with each job. The service's limits are ceilings: the zygote applies them
to every child before it reads a job, the child then lowers them to the job's own (an rlimit can
always be lowered, never raised), and an exercise may ask for less, never for more (the
catalog refuses an override above a ceiling, naming the file and the field).
"""

from __future__ import annotations

from dataclasses import dataclass, fields, replace
from typing import Any

from graders.protocol import utf8

CALL_CHARS = 2_000
"""A scratch run's call as typed, at most: the one constant the route (422), the grader and the
child (a refusal) hold it to, and the page is told (`ScratchInfo.call_chars`)."""

SOURCE_TOO_LARGE = "SourceTooLarge"  # the one error name for code over `Limits.source_bytes`


def source_too_large(source: str, limit: int) -> str | None:
    """Why `source` is refused for its size, or None: the one check of `Limits.source_bytes`,
    made by the HTTP routes (413), the grader and a scratch run alike, with the one message
    the page shows too (its own check, before sending, words it the same)."""
    size = utf8.byte_length(source)
    if size <= limit:
        return None
    return f"Your code is {size:,} bytes; at most {limit:,} bytes are accepted."


@dataclass(frozen=True)
class Limits:
    """What one submission may use. Exercises may lower any field in `[limits]`: that table
    is built from these fields (graders/exercise_file.py), so a new limit is declared here only."""

    cpu_seconds: float = 4.0  # RLIMIT_CPU, soft = hard: the kernel's SIGKILL also stops PID 1
    wall_seconds: float = 6.0  # the parent kills the child's whole process group after this
    wall_extension_seconds: float = 6.0  # more wall time, at most, for a child that waited for
    # a CPU (the scheduler's accounting says how long); past it, a starved child's timeout
    memory_bytes: int = 1024 * 2**20  # RLIMIT_AS; NumPy and its BLAS want headroom
    output_bytes: int = 64_000  # learner stdout kept; the rest is cut with a visible note
    result_bytes: int = 64 * 2**20  # everything read back from the child, all frames together
    result_frames: int = 4096  # frames read back; a job lowers it to what its calls send
    decode_seconds: float = 0.5  # the grader's CPU time decoding one run's frames, at most
    array_elements: int = 4_000_000  # one returned array; larger ones are refused, not copied
    list_items: int = 100_000  # one returned list, flattened
    message_chars: int = 2_000  # one exception message kept for the report
    source_bytes: int = 64 * 1024  # the submitted code
    open_files: int = 32  # RLIMIT_NOFILE
    file_bytes: int = 0  # RLIMIT_FSIZE: the learner writes no files
    processes: int = 0  # RLIMIT_NPROC beyond what exists; 0 means "no new processes"

    @classmethod
    def names(cls) -> tuple[str, ...]:
        return tuple(item.name for item in fields(cls))

    def merged(self, overrides: dict[str, Any]) -> Limits:
        """A copy with an exercise's `[limits]` table applied; unknown keys are errors."""
        unknown = set(overrides) - set(self.names())
        if unknown:
            raise ValueError(f"unknown limit(s): {', '.join(sorted(unknown))}")
        return replace(self, **overrides)

    def above(self, ceiling: Limits) -> list[str]:
        """The fields where this asks for more than `ceiling` allows."""
        return [name for name in self.names() if getattr(self, name) > getattr(ceiling, name)]

    def lowered_to(self, ceiling: Limits) -> Limits:
        """Each field at most the ceiling's: what a child can actually apply."""
        return replace(
            self,
            **{name: min(getattr(self, name), getattr(ceiling, name)) for name in self.names()},
        )

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.names()}

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Limits:
        """The inverse of `to_dict`; each field must be a number (ValueError otherwise)."""
        values: dict[str, Any] = {}
        for item in fields(cls):
            value = data[item.name]
            if type(value) not in (int, float) or value < 0:
                raise ValueError(f"limit {item.name} is {value!r}")
            values[item.name] = float(value) if item.type == "float" else int(value)
        return cls(**values)
