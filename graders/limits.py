"""Every limit on one submission, in one typed, commented table."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any


@dataclass(frozen=True)
class Limits:
    """What one submission may use. Exercises may override fields in `[limits]`."""

    cpu_seconds: float = 4.0  # RLIMIT_CPU, soft = hard: the kernel's SIGKILL also stops PID 1
    wall_seconds: float = 6.0  # the parent kills the child's whole process group after this
    memory_bytes: int = 1024 * 2**20  # RLIMIT_AS; NumPy and its BLAS want headroom
    output_bytes: int = 64_000  # learner stdout kept; the rest is cut with a visible note
    result_bytes: int = 64 * 2**20  # everything read back from the child, all frames together
    array_elements: int = 4_000_000  # one returned array; larger ones are refused, not copied
    list_items: int = 100_000  # one returned list, flattened
    message_chars: int = 2_000  # one exception message kept for the report
    source_bytes: int = 64 * 1024  # the submitted code
    open_files: int = 32  # RLIMIT_NOFILE
    file_bytes: int = 0  # RLIMIT_FSIZE: the learner writes no files
    processes: int = 0  # RLIMIT_NPROC beyond what exists; 0 means "no new processes"

    def merged(self, overrides: dict[str, Any]) -> Limits:
        """A copy with an exercise's `[limits]` table applied; unknown keys are errors."""
        unknown = set(overrides) - set(self.__dataclass_fields__)
        if unknown:
            raise ValueError(f"unknown limit(s): {', '.join(sorted(unknown))}")
        return replace(self, **overrides)

    def to_dict(self) -> dict[str, Any]:
        return {name: getattr(self, name) for name in self.__dataclass_fields__}
