"""What a statement promises about a call, and whether a test keeps each promise.

`validate` warns about a promise no test checks: a learner who breaks it would pass. Each
promise has a stable id (the warning starts with it) and the built-in check that keeps it:

| id | the statement says | kept by a test with |
|---|---|---|
| `untested-inputs-unchanged` | "Do not modify `x`", "must not be modified", "Inputs are not modified" | `check = "inputs_unchanged"` |
| `untested-new-array` | "A new ... array" where it says what is returned | `check = "inputs_unchanged"`, `new_array = true` |
| `untested-float64` | "float64" where it says what is returned | `check = "dtype"` (float64, the default) |

"Where it says what is returned" is a section whose heading names the return or the output
("Return format", "Returns", "Inputs and output"), or the text from a line that starts with
"Return" to the next heading.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from graders.exercise import TestSpec


@dataclass(frozen=True)
class Promise:
    id: str
    what: str  # what the statement promises, as the warning says it
    pattern: re.Pattern[str]
    in_return_text: bool  # only counts where the statement says what is returned
    kept_by: str  # what the test needs, as the warning says it


PROMISES = (
    Promise(
        "untested-inputs-unchanged",
        "that the inputs are not modified",
        re.compile(
            r"\b(?:do not|don't|must not|never) modify\b|\bnot (?:be )?modified\b"
            r"|\bneither\b[^.]*\bmay be modified\b",
            re.IGNORECASE,
        ),
        in_return_text=False,
        kept_by='`check = "inputs_unchanged"`',
    ),
    Promise(
        "untested-new-array",
        "a new array",
        re.compile(r"\bnew\**\s+(?:[\w`*]+\s+){0,3}?array\b", re.IGNORECASE),
        in_return_text=True,
        kept_by='`check = "inputs_unchanged"` with `new_array = true`',
    ),
    Promise(
        "untested-float64",
        "a float64 result",
        re.compile(r"\bfloat64\b"),
        in_return_text=True,
        kept_by='`check = "dtype"` (float64)',
    ),
)

_HEADING = re.compile(r"^#{1,6}\s")
_RETURN_HEADING = re.compile(r"\breturns?\b|\boutputs?\b", re.IGNORECASE)
_RETURN_LINE = re.compile(r"^\s*(?:[-*]\s+)?\**returns?\b", re.IGNORECASE)


def return_text(statement: str) -> str:
    """The parts of a statement that say what the function returns (code blocks left out)."""
    kept: list[str] = []
    keeping = in_code = False
    for line in statement.splitlines():
        if line.lstrip().startswith("```"):
            in_code = not in_code
            continue
        if in_code:
            continue
        if _HEADING.match(line):
            keeping = bool(_RETURN_HEADING.search(line))
            continue
        keeping = keeping or bool(_RETURN_LINE.match(line))
        if keeping:
            kept.append(line)
    return "\n".join(kept)


def _prose(statement: str) -> str:
    """The statement without its code blocks (an example's output is no promise)."""
    return "".join(part for index, part in enumerate(statement.split("```")) if index % 2 == 0)


def keeps(promise: Promise, test: TestSpec) -> bool:
    if promise.id == "untested-new-array":
        return test.check == "inputs_unchanged" and test.params.get("new_array") is True
    if promise.id == "untested-float64":
        return test.check == "dtype" and test.params.get("dtype", "float64") == "float64"
    return test.check == "inputs_unchanged"


def untested_promises(statement: str, tests: list[TestSpec]) -> list[str]:
    """One warning per promise of the statement that no test keeps, each starting with the
    promise's id."""
    found: list[str] = []
    returned, prose = return_text(statement), _prose(statement)
    for promise in PROMISES:
        match = promise.pattern.search(returned if promise.in_return_text else prose)
        if match is None or any(keeps(promise, test) for test in tests):
            continue
        quoted = " ".join(match.group(0).replace("*", "").split())
        found.append(
            f'{promise.id}: statement.md promises {promise.what} ("{quoted}"), but no test '
            f"checks it: add a test with {promise.kept_by}"
        )
    return found
