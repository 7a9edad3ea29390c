"""The checks' core: what a check receives and returns, and how checks, analyses and
tolerances are declared (`@check`, `@analysis`, `@tolerance_for`) and collected."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from graders.probes import Probe
from graders.protocol.counts import CallCounts
from graders.protocol.loops import LoopFinding

CHECK_MARK = "__gradebox_check__"


@dataclass(frozen=True)
class Trial:
    """One probe: the call, the learner's return value and the reference's."""

    probe: Probe
    got: Any
    expected: Any
    counts: CallCounts | None = None  # a counted probe's tally (graders.protocol.counts)
    modified: tuple[int, ...] = ()  # the positions of the arguments the call wrote into
    raised: Raised | None = None  # what it raised instead, for a check that expects a raise
    shares_memory: tuple[int, ...] = ()  # the array arguments the returned value is a view of


@dataclass(frozen=True)
class Raised:
    """What a call raised instead of returning: the exception's type name and message, as the
    sandbox sent them, and the learner's line it came from."""

    type: str
    message: str
    line: int | None = None
    bases: tuple[str, ...] = ()  # the built-in exception classes it is an instance of

    def is_a(self, name: str) -> bool:
        """Raised as `name` or as a subclass of it (a learner's own IndexError subclass)."""
        return self.type == name or name in self.bases


class Failure(Exception):
    """Why a test failed, about one trial (or none, for static checks).

    A check returns it, or raises it from a helper as deep as it likes: either way the test
    fails with this message.
    """

    def __init__(self, message: str, trial: Trial | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message, self.trial, self.line = message, trial, line


@dataclass(frozen=True)
class CheckContext:
    """What a check may consult besides the trials."""

    tolerance: float
    entry: str
    loops: list[LoopFinding] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)


CheckFunction = Callable[[list[Trial], CheckContext], Failure | None]


@dataclass(frozen=True)
class Check:
    name: str
    function: CheckFunction
    static: bool  # looks at the source (the loop scan), not at returned values
    values: bool  # needs the returned values, not only their type, dtype and shape
    raises: bool = False  # its calls should raise: it judges raised calls, without a reference


def check(
    name: str, static: bool = False, values: bool = True, raises: bool = False
) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check under `name` (the `check =` of a test in exercise.toml).

    `values=False` promises the check reads only each result's type, dtype and shape; the
    sandbox then sends a summary instead of the data (the values read as zeros).
    `raises=True` is for calls that should raise: a call that raised becomes a trial (its
    `raised` says what, its `got` is `Unsupported("raised <type>")`, as a known mistake's raise
    reads) instead of ending the test as an error, and the reference is not run
    (`expected` is None).
    """

    def mark(function: CheckFunction) -> CheckFunction:
        setattr(function, CHECK_MARK, Check(name, function, static, values, raises))
        return function

    return mark


@dataclass(frozen=True)
class Finding:
    """What an analysis concluded about a wrong answer: a diagnosis id a teacher would accept,
    a title, and an explanation in Markdown addressed to the learner."""

    id: str
    title: str
    explanation: str


ANALYSIS_MARK = "__gradebox_analysis__"
AnalysisFunction = Callable[[list[Trial], CheckContext], Finding | None]


def analysis(function: AnalysisFunction) -> AnalysisFunction:
    """Register an exercise-specific analysis (in checks.py): given a failing test's trials,
    return a `Finding` naming the mistake, or None. Analyses run when no known mistake of the
    exercise matches, before the library's generic ones; one must fit every wrong trial."""
    setattr(function, ANALYSIS_MARK, True)
    return function


TOLERANCE_MARK = "__gradebox_tolerance__"
ToleranceFunction = Callable[[tuple[Any, ...], float], float]


def tolerance_for(function: ToleranceFunction) -> ToleranceFunction:
    """Register the exercise's tolerance per call (in checks.py): given a probe's arguments and
    the exercise's `tolerance`, the absolute tolerance its values are compared with. For values
    whose rounding error grows with the input (sin of a large angle), so a correct float32
    computation passes at the sizes the statement promises while coarser mistakes still fail."""
    setattr(function, TOLERANCE_MARK, True)
    return function


def collect_tolerance(namespace: dict[str, Any]) -> ToleranceFunction | None:
    found = [item for item in namespace.values() if getattr(item, TOLERANCE_MARK, False) is True]
    return found[0] if found else None


def collect_analyses(namespace: dict[str, Any]) -> list[AnalysisFunction]:
    return [item for item in namespace.values() if getattr(item, ANALYSIS_MARK, False) is True]


def collect_checks(namespace: dict[str, Any]) -> dict[str, Check]:
    return {
        value.name: value
        for item in namespace.values()
        if isinstance(value := getattr(item, CHECK_MARK, None), Check)
    }
