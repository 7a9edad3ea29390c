"""What one counted call did per element: the child measures it, the grader judges it.

A counted call runs under a line tracer that counts the line events of code compiled from the
submission (nothing else: NumPy's own Python code is not the learner's loop), while the
iterating helpers handed to learner code (`map`, `sum`, `functools.reduce`, `itertools`,
`np.vectorize`, ...) count the elements they consume on its behalf. A count, not a time: the
grader calls twice with every size scaled and fails any growth, so machine speed never flips it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from graders.protocol.loops import LoopFinding

# How much of a tally crosses the boundary: the busiest lines and helpers are what a message
# names; the totals are exact.
TOP_LINES = 8
TOP_HELPERS = 8

IMPORT_STEPS = 1_000
"""The most Python steps loading a submission may take (lines run and elements helpers went
through, loops over a fixed few written in the code left out): a loop run at import instead
of in the entry is the entry's loop. Correct solutions take a few dozen (defining functions,
a constant or two); a table built by a loop over the sizes the tests use takes thousands."""

AT_IMPORT = "<import>"
"""The function a loop run while the module loads is reported in."""


@dataclass(frozen=True)
class LineCount:
    """How often one line of the submission ran, and the loop construct around it."""

    line: int
    count: int
    kind: str  # "for loop", "list comprehension", "recursion", ... or "" when none encloses it


@dataclass(frozen=True)
class CallCounts:
    """One counted call: line events, elements consumed by helpers, and whether the tracer
    survived the call (CPython drops a trace function that raises, e.g. at the recursion
    limit, and learner code can provoke that on purpose)."""

    lines: int = 0
    helper_elements: int = 0
    top_lines: list[LineCount] = field(default_factory=list)
    helpers: dict[str, int] = field(default_factory=dict)  # "map()" -> elements consumed
    traced: bool = True

    @property
    def total(self) -> int:
        return self.lines + self.helper_elements

    def to_dict(self) -> dict[str, Any]:
        return {
            "lines": self.lines,
            "helper_elements": self.helper_elements,
            "top_lines": [[item.line, item.count, item.kind] for item in self.top_lines],
            "helpers": self.helpers,
            "traced": self.traced,
        }

    @classmethod
    def from_dict(cls, data: Any) -> CallCounts:
        """The grader's side: a tally from the child, checked (ValueError when malformed)."""
        if not isinstance(data, dict):
            raise ValueError("counts must be a table")
        lines, elements = data.get("lines"), data.get("helper_elements")
        if not (_count(lines) and _count(elements) and type(data.get("traced")) is bool):
            raise ValueError("counts need lines, helper_elements and traced")
        assert isinstance(lines, int)
        assert isinstance(elements, int)
        top_lines = []
        for item in list(data.get("top_lines", []))[:TOP_LINES]:
            line, count, kind = item
            if not (_count(line) and _count(count) and isinstance(kind, str)):
                raise ValueError(f"not a line count: {item!r}")
            top_lines.append(LineCount(line, count, kind[:40]))
        helpers = {}
        for name, count in list(dict(data.get("helpers", {})).items())[:TOP_HELPERS]:
            if not (isinstance(name, str) and _count(count)):
                raise ValueError(f"not a helper count: {name!r}")
            helpers[name[:40]] = count
        return cls(lines, elements, top_lines, helpers, data["traced"])


@dataclass(frozen=True)
class Growth:
    """What grew most from one counted call to the next: a line, or a helper's elements."""

    amount: int
    before: int
    after: int
    line: LineCount | None = None  # the line that grew, or
    helper: str = ""  # the helper whose elements grew

    @property
    def kind(self) -> str:
        """The loop construct to name: a helper's name, or the line's loop kind."""
        return self.helper or (self.line.kind if self.line else "")


def growth(before: CallCounts, after: CallCounts, with_kind: bool = False) -> Growth | None:
    """The busiest line or helper whose count grew most (a helper wins a tie); None when
    nothing named grew. `with_kind`: only lines inside a loop construct, and helpers."""
    earlier = {item.line: item.count for item in before.top_lines}
    found = [
        Growth(item.count - earlier.get(item.line, 0), earlier.get(item.line, 0), item.count, item)
        for item in after.top_lines
    ] + [
        Growth(count - before.helpers.get(name, 0), before.helpers.get(name, 0), count, None, name)
        for name, count in after.helpers.items()
    ]
    grown = [item for item in found if item.amount > 0 and (item.kind or not with_kind)]
    return max(grown, key=lambda item: (item.amount, bool(item.helper)), default=None)


def _count(value: Any) -> bool:
    return type(value) is int and value >= 0


def import_loops(counts: CallCounts) -> list[LoopFinding]:
    """The loop the module's load ran, as a finding, if it took more than `IMPORT_STEPS` (or
    could not be counted: then as recursion, which is what switches a tracer off)."""
    if counts.traced and counts.total <= IMPORT_STEPS:
        return []
    busiest = counts.top_lines[0] if counts.top_lines else None
    line = busiest.line if busiest else 1
    if not counts.traced:
        return [LoopFinding("recursion", line, AT_IMPORT)]
    grown = growth(CallCounts(), counts)
    kind = (grown.kind if grown else "") or "loop"
    return [LoopFinding(kind, grown.line.line if grown and grown.line else line, AT_IMPORT)]
