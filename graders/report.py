"""The report: the versioned contract returned by the CLI and the API."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from enum import StrEnum
from typing import Any

REPORT_VERSION = 1


class Verdict(StrEnum):
    """The outcome of one submission."""

    PASSED = "passed"
    FAILED = "failed"  # a test failed
    ERROR = "error"  # the code could not be loaded
    TIMED_OUT = "timed_out"
    INTERNAL_ERROR = "internal_error"  # ours; never blamed on the learner


class Status(StrEnum):
    """The outcome of one test."""

    PASSED = "passed"
    FAILED = "failed"
    ERROR = "error"  # the learner's code raised while the test ran
    TIMED_OUT = "timed_out"
    SKIPPED = "skipped"  # could not run because the code never loaded


@dataclass(frozen=True)
class Preview:
    """A capped view of an array for the page's tables and heatmaps."""

    shape: list[int]
    dtype: str
    values: Any  # nested lists, at most 64 x 64, or a scalar
    truncated: bool


@dataclass(frozen=True)
class Diagnosis:
    """A known mistake that the learner's output matches."""

    id: str
    title: str
    explanation: str
    hint: int | None = None


@dataclass(frozen=True)
class LoadError:
    """Why the learner's code could not be loaded (verdict `error`)."""

    type: str
    message: str
    line: int | None = None


@dataclass(frozen=True)
class TestResult:
    """One test's outcome, with a message that teaches."""

    id: str
    title: str
    status: Status
    message: str
    call: str | None = None
    line: int | None = None
    tolerance: float | None = None
    got: Preview | None = None
    expected: Preview | None = None
    diagnosis: Diagnosis | None = None


@dataclass(frozen=True)
class Report:
    """Everything the learner is told about one submission."""

    exercise: str
    verdict: Verdict
    tests: list[TestResult]
    error: LoadError | None = None
    stdout: str = ""
    stdout_truncated: bool = False
    duration_ms: int = 0
    version: int = field(default=REPORT_VERSION)

    @property
    def passed(self) -> int:
        return sum(test.status is Status.PASSED for test in self.tests)

    @property
    def total(self) -> int:
        return len(self.tests)

    def to_dict(self) -> dict[str, Any]:
        """The JSON form of design.md §2, keys in contract order."""
        body = asdict(self)
        return {
            "version": self.version,
            "exercise": self.exercise,
            "verdict": str(self.verdict),
            "passed": self.passed,
            "total": self.total,
            "error": body["error"],
            "tests": [_plain(test) for test in body["tests"]],
            "stdout": self.stdout,
            "stdout_truncated": self.stdout_truncated,
            "duration_ms": self.duration_ms,
        }

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> Report:
        """Read a stored report back (the inverse of `to_dict`)."""
        error = data.get("error")
        return cls(
            exercise=data["exercise"],
            verdict=Verdict(data["verdict"]),
            tests=[_test_from_dict(test) for test in data["tests"]],
            error=LoadError(**error) if error else None,
            stdout=data.get("stdout", ""),
            stdout_truncated=data.get("stdout_truncated", False),
            duration_ms=data.get("duration_ms", 0),
            version=data.get("version", REPORT_VERSION),
        )


def _plain(test: dict[str, Any]) -> dict[str, Any]:
    test["status"] = str(test["status"])
    return test


def _test_from_dict(data: dict[str, Any]) -> TestResult:
    got, expected, diagnosis = data.get("got"), data.get("expected"), data.get("diagnosis")
    return TestResult(
        id=data["id"],
        title=data["title"],
        status=Status(data["status"]),
        message=data["message"],
        call=data.get("call"),
        line=data.get("line"),
        tolerance=data.get("tolerance"),
        got=Preview(**got) if got else None,
        expected=Preview(**expected) if expected else None,
        diagnosis=Diagnosis(**diagnosis) if diagnosis else None,
    )
