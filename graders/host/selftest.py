"""The start-up self-test's findings, and the rule that a missing layer stops all grading."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from graders.protocol.frames import Frame, FrameType, encode
from graders.protocol.layers import LAYERS


@dataclass
class SelfTest:
    """What a real sandboxed child applied and which escapes it contained (/healthz, doctor)."""

    layers: dict[str, bool] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    contained: dict[str, bool] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def missing(self) -> list[str]:
        absent = [layer for layer in LAYERS if not self.layers.get(layer)]
        return absent + [f"contains {name}" for name, ok in self.contained.items() if not ok]

    def to_dict(self) -> dict[str, Any]:
        return {
            "layers": self.layers,
            "notes": self.notes,
            "contained": self.contained,
            "errors": self.errors,
            "missing": self.missing,
        }


def selftest_job(canary: str) -> bytes:
    """The job that makes a child run the attacks instead of learner code."""
    return encode({"selftest": True, "canary": canary})


def read_selftest(frames: list[Frame], status: str) -> SelfTest:
    """The child's findings; a child that did not report proves nothing (every layer missing)."""
    found = [frame.header for frame in frames if frame.type == FrameType.SELFTEST]
    if not found:
        result = SelfTest()
        result.notes["selftest"] = f"the self-test child did not report ({status})"
        result.contained["selftest"] = False
        return result
    report = found[0]
    return SelfTest(report["layers"], report["notes"], report["contained"], report["errors"])
