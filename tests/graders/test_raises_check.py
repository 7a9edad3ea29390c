"""The `raises` check: a test whose calls must raise a named exception with a telling message.

Unit tests of the check on trials, then the engine end to end on a throwaway exercise (in
tmp_path, as an author writes it): a raise is graded instead of ending the test as an error,
the reference is not run for it, and `gradebox validate` proves such a folder.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders import trusted
from graders.checks import BUILTIN_CHECKS, CheckContext, Raised, Trial, check_raises
from graders.exercise import Exercise, load_exercise
from graders.probes import make_probe
from graders.report import Status, Verdict
from graders.validate import validate_exercise
from tests.conftest import LoopThread, SyncGrader, write_editorial

PARAMS = {"exception": "IndexError", "mentions": ["12", "10"]}
CONTEXT = CheckContext(tolerance=1e-6, entry="lookup", params=PARAMS)


def raised(kind: str, message: str) -> Trial:
    probe = make_probe("lookup", [12])
    return Trial(probe, trusted.raised_value(kind), None, raised=Raised(kind, message, 3))


def returned(value: Any) -> Trial:
    return Trial(make_probe("lookup", [12]), value, None)


def test_the_right_exception_naming_every_mention_passes() -> None:
    trial = raised("IndexError", "position 12 is past the table of length 10")
    assert check_raises([trial], CONTEXT) is None


def test_a_call_that_returns_fails_saying_it_should_have_raised() -> None:
    failure = check_raises([returned(np.zeros((2, 3)))], CONTEXT)
    assert failure is not None
    assert failure.message_id == "did-not-raise"
    assert "a float64 array of shape (2, 3);" in failure.message  # what came back
    assert "raise IndexError" in failure.message


def test_another_exception_type_fails_naming_both() -> None:
    failure = check_raises([raised("ValueError", "bad position 12")], CONTEXT)
    assert failure is not None
    assert failure.message_id == "wrong-exception"
    assert failure.message.startswith("It raised ValueError:")
    assert "bad position 12\n" in failure.message  # its own message, then the expected type
    assert "IndexError" in failure.message
    assert failure.line == 3


@pytest.mark.parametrize(
    ("message", "missing"),
    [("position out of range", "12"), ("position 12 out of range", "10"), ("", "12")],
    ids=["neither", "no-length", "no-message"],
)
def test_a_message_without_a_mention_fails_naming_what_is_missing(
    message: str, missing: str
) -> None:
    failure = check_raises([raised("IndexError", message)], CONTEXT)
    assert failure is not None
    assert failure.message_id == "exception-message-lacks"
    assert "`12` and `10`" in failure.message  # every mention asked for
    assert failure.message.endswith(f"`{missing}` is not in it.")


def test_without_mentions_any_message_of_the_type_passes() -> None:
    context = CheckContext(tolerance=1e-6, entry="lookup", params={"exception": "KeyError"})
    assert check_raises([raised("KeyError", "")], context) is None


def test_the_builtin_is_registered_as_expecting_a_raise() -> None:
    assert BUILTIN_CHECKS["raises"].raises
    assert not any(check.raises for name, check in BUILTIN_CHECKS.items() if name != "raises")


LOOKUP_TOML = """title = "Lookup"
difficulty = "easy"
tags = ["indexing"]
summary = "Row i of a table; an IndexError naming i and the length past its end."

[entry]
function = "lookup"
signature = "lookup(table: np.ndarray, i: int) -> np.ndarray"

[[tests]]
id = "row"
title = "Returns row i"
check = "matches_reference"
probes = [[{ normal = [10, 3], seed = 1 }, 4]]

[[tests]]
id = "past-the-end"
title = "Raises IndexError past the end, naming the row and the length"
check = "raises"
exception = "IndexError"
mentions = ["12", "10"]
probes = [[{ normal = [10, 3], seed = 1 }, 12]]

[[mistakes]]
id = "clips"
title = "Clips the row"
fails = ["past-the-end"]
explanation = "Clipping hides the caller's bug: raise IndexError."

[[mistakes]]
id = "silent-message"
title = "An IndexError that says nothing"
fails = ["past-the-end"]
explanation = "Name the row and the table's length in the message."

[[mistakes]]
id = "value-error"
title = "ValueError"
fails = ["past-the-end"]
explanation = "An index past the end is an IndexError."
"""
RAISE = "if i >= len(table):\n        raise {}\n    "
LOOKUP_BODIES = {
    "solution": RAISE.format('IndexError(f"row {i} is past the {len(table)} rows")')
    + "return table[i].copy()",
    "mistakes/clips": "return table[min(i, len(table) - 1)].copy()",
    "mistakes/silent-message": RAISE.format('IndexError("out of range")') + "return table[i]",
    "mistakes/value-error": RAISE.format('ValueError(f"row {i}")') + "return table[i]",
    "starter": "pass",
}


def _function(body: str) -> str:
    return f"import numpy as np\n\n\ndef lookup(table, i):\n    {body}\n"


@pytest.fixture
def lookup(tmp_path: Path) -> Exercise:
    folder = tmp_path / "lookup"
    (folder / "mistakes").mkdir(parents=True)
    (folder / "exercise.toml").write_text(LOOKUP_TOML)
    for name, body in LOOKUP_BODIES.items():
        (folder / f"{name}.py").write_text(_function(body))
    (folder / "statement.md").write_text(
        "# Lookup\n\n```pycon\n>>> lookup(np.eye(2), 1)\n[0.0, 1.0]\n```\n"
    )
    (folder / "hints.md").write_text("## One\na\n## Two\nb\n## Three\nc\n")
    write_editorial(folder)
    return load_exercise(folder)


def test_an_expected_raise_passes_the_test(lookup: Exercise, grade: SyncGrader) -> None:
    report = grade(lookup, (lookup.path / "solution.py").read_text())
    assert report.verdict is Verdict.PASSED
    past = report.tests[1]
    assert (past.status, past.message_id, past.message) == (
        Status.PASSED,
        "passed",
        "Passed on lookup(np.random.default_rng(1).normal(size=(10, 3)), 12).",
    )


@pytest.mark.parametrize(
    ("mistake", "status", "message_id", "said"),
    [
        ("clips", Status.FAILED, "did-not-raise", "float64 array of shape (3,);"),
        ("silent-message", Status.FAILED, "exception-message-lacks", "IndexError: out of range\n"),
        ("value-error", Status.FAILED, "wrong-exception", "raised ValueError: row 12\n"),
    ],
)
def test_a_wrong_outcome_fails_and_is_diagnosed_as_its_mistake(
    lookup: Exercise, grade: SyncGrader, mistake: str, status: Status, message_id: str, said: str
) -> None:
    report = grade(lookup, (lookup.path / "mistakes" / f"{mistake}.py").read_text())
    row, past = report.tests
    assert row.status is Status.PASSED
    assert (past.status, past.message_id) == (status, message_id)
    assert said in past.message
    assert past.diagnosis is not None
    assert past.diagnosis.id == mistake


def test_the_reference_is_not_run_for_a_test_that_expects_a_raise(
    lookup: Exercise, grade: SyncGrader, monkeypatch: pytest.MonkeyPatch
) -> None:
    asked: list[Any] = []
    real = trusted.reference_value

    def counted(exercise: Exercise, probe: Any, summary: bool = False) -> Any:
        asked.append(probe.args[1])
        return real(exercise, probe, summary)

    monkeypatch.setattr(trusted, "reference_value", counted)
    monkeypatch.setattr(trusted, "result_cap", lambda exercise, probe: 1024)  # asks it too
    grade(lookup, (lookup.path / "mistakes" / "clips.py").read_text())
    assert 4 in asked
    assert 12 not in asked


def test_validate_proves_a_folder_with_a_raises_test(
    lookup: Exercise, grade: SyncGrader, loop_thread: LoopThread
) -> None:
    validation = loop_thread.run(validate_exercise(lookup.path, grade.grader))
    assert validation.ok, validation.problems
    for mistake, cells in validation.matrix.items():  # caught, and diagnosed as itself
        assert cells == {"row": "pass", "past-the-end": mistake}
