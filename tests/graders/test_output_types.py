"""A reference may return one number (a loss, a metric) or a tuple such as `(loss, grad)`: the
checks, the previews, the engine and `gradebox validate` all grade it.

The exercises here are written in tmp_path as an author would, plus the tuple fixture under
tests/fixtures/exercises/ (not in the learners' catalog).
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders.checks import CheckContext, Trial, check_shape, compare_values
from graders.engine.previews import trial_previews
from graders.exercise import Exercise, load_exercise
from graders.probes import make_probe
from graders.report import Status, Verdict
from graders.validate import validate_exercise
from tests.conftest import ROOT, LoopThread, SyncGrader, write_editorial

FIXTURES = ROOT / "tests" / "fixtures" / "exercises"
SOFTMAX = FIXTURES / "softmax-cross-entropy"
CONTEXT = CheckContext(tolerance=1e-6, entry="f")
LOSS, GRAD = 0.6931, np.array([[-0.5, 0.5]])


def trial(got: Any, expected: Any) -> Trial:
    return Trial(make_probe("f", [1]), got, expected)


MSE_TOML = """title = "Mean squared error"
difficulty = "easy"
tags = ["losses"]
summary = "One number: the mean of the squared differences."

[entry]
function = "mean_squared_error"
signature = "mean_squared_error(y: np.ndarray, t: np.ndarray) -> float"

[[tests]]
id = "number"
title = "Returns one number"
check = "shape"
probes = [[{ normal = [5], seed = 1 }, { normal = [5], seed = 2 }]]

[[tests]]
id = "values"
title = "Matches the reference"
check = "matches_reference"
probes = [[{ normal = [5], seed = 1 }, { normal = [5], seed = 2 }]]

[[mistakes]]
id = "absolute-error"
title = "Mean absolute error"
fails = ["values"]
explanation = "Square the differences: `np.abs` gives the mean absolute error."

[[mistakes]]
id = "not-averaged"
title = "Squared errors, not their mean"
fails = ["number", "values"]
explanation = "Take the mean of the squared differences: one number."
"""
MSE_BODIES = {
    "solution": "return float(np.mean((y - t) ** 2))",
    "mistakes/absolute-error": "return float(np.mean(np.abs(y - t)))",
    "mistakes/not-averaged": "return (y - t) ** 2",
    "starter": "pass",
}


def _function(body: str) -> str:
    return f"import numpy as np\n\n\ndef mean_squared_error(y, t):\n    {body}\n"


@pytest.fixture
def mse(tmp_path: Path) -> Exercise:
    """A throwaway exercise whose reference returns a float (the issue's reproduction)."""
    folder = tmp_path / "mean-squared-error"
    (folder / "mistakes").mkdir(parents=True)
    (folder / "exercise.toml").write_text(MSE_TOML)
    for name, body in MSE_BODIES.items():
        (folder / f"{name}.py").write_text(_function(body))
    (folder / "statement.md").write_text(
        "# MSE\n\n```pycon\n>>> mean_squared_error(np.array([1.0, 2.0]), np.zeros(2))\n2.5\n```\n"
    )
    (folder / "hints.md").write_text("## One\na\n## Two\nb\n## Three\nc\n")
    write_editorial(folder)
    return load_exercise(folder)


@pytest.mark.parametrize(
    "number", [0.5, 3, np.float64(0.5), np.float32(0.5), np.array(0.5)], ids=repr
)
def test_shape_accepts_any_number_where_the_reference_returns_one(number: Any) -> None:
    assert check_shape([trial(number, 0.25)], CONTEXT) is None
    assert check_shape([trial((number, np.zeros((1, 2))), (LOSS, GRAD))], CONTEXT) is None


@pytest.mark.parametrize(
    ("got", "said", "compared_id"),
    [
        (np.array([0.5]), "a float64 array of shape (1,)", "number-expected"),
        ([0.5], "a list of 1 items", "number-expected"),
        (None, "None", "not-numbers"),
        ("0.5", "str", "not-numbers"),
    ],
    ids=["array", "list", "none", "text"],
)
def test_a_value_that_is_not_one_number_is_named_where_one_was_expected(
    got: Any, said: str, compared_id: str
) -> None:
    shape = check_shape([trial(got, 0.25)], CONTEXT)
    compared = compare_values(trial(got, 0.25), 1e-6)
    assert shape is not None
    assert compared is not None
    assert (shape.message_id, compared.message_id) == ("shape-differs", compared_id)
    for failure in (shape, compared):
        assert said in failure.message
        assert "a single number" in failure.message


def test_a_wrong_number_is_compared_like_an_array_element() -> None:
    failure = compare_values(trial(0.5, 0.25), 1e-6)
    assert failure is not None
    assert failure.message_id == "value-differs"
    assert failure.message.startswith("The value is 0.5000 but 0.2500")  # no row, no column


def test_the_item_of_a_tuple_that_differs_is_named() -> None:
    failure = compare_values(trial((LOSS, GRAD * 2), (LOSS, GRAD)), 1e-6)
    assert failure is not None
    assert failure.message_id == "value-differs"
    assert failure.message.startswith("Item 1 of the tuple:")
    assert "row 0, column 0 is -1.0000" in failure.message
    assert compare_values(trial((np.float64(LOSS), GRAD.copy()), (LOSS, GRAD)), 1e-6) is None


@pytest.mark.parametrize(
    ("got", "passes"), [("cat", True), ("dog", False), (None, False)], ids=["same", "other", "none"]
)
def test_a_reference_value_that_is_not_numbers_is_compared_for_equality(
    got: Any, passes: bool
) -> None:
    assert (compare_values(trial(got, "cat"), 1e-6) is None) is passes
    assert (compare_values(trial((1.0, got), (1.0, "cat")), 1e-6) is None) is passes


@pytest.mark.parametrize(
    ("got", "shown"),
    [((LOSS, GRAD * 2), ([1, 2], [1, 2])), ((LOSS + 1, GRAD), ([], []))],
    ids=["gradient-differs", "loss-differs"],
)
def test_previews_of_a_tuple_show_the_item_that_differs(
    got: Any, shown: tuple[list[int], list[int]]
) -> None:
    mine, theirs = trial_previews(trial(got, (LOSS, GRAD)), 1e-6)
    assert mine is not None
    assert theirs is not None
    assert (mine.shape, theirs.shape) == shown
    assert mine.values != theirs.values


def test_previews_of_another_structure_show_what_came_back() -> None:
    mine, theirs = trial_previews(trial(LOSS, (LOSS, GRAD)), 1e-6)
    assert mine is not None
    assert mine.shape == []
    assert theirs is None


def test_a_float_reference_grades_and_validates(
    mse: Exercise, grade: SyncGrader, loop_thread: LoopThread
) -> None:
    """The issue's reproduction: a reference that returns a float."""
    assert grade(mse, _function("return np.mean((y - t) ** 2)")).verdict is Verdict.PASSED
    report = grade(mse, _function("return np.array([np.mean((y - t) ** 2)])"))
    failed = {test.id: test for test in report.tests if test.status is not Status.PASSED}
    assert set(failed) == {"number", "values"}
    assert failed["values"].message_id == "number-expected"
    assert "a float64 array of shape (1,);" in failed["values"].message
    assert failed["values"].expected is not None
    assert failed["values"].expected.shape == []
    validation = loop_thread.run(validate_exercise(mse.path, grade.grader))
    assert validation.problems == []
    [warning] = validation.warnings
    assert "only 2 known mistakes" in warning
    assert "at least 3" in warning


def test_a_tuple_reference_grades_and_validates(grade: SyncGrader, loop_thread: LoopThread) -> None:
    """The fixture returns (loss, grad); a learner's NumPy scalar loss is as good as a float."""
    exercise = load_exercise(SOFTMAX)
    source = (SOFTMAX / "solution.py").read_text()
    scalar_loss = source.replace(
        "float(-log_probs[rows, labels].mean())", "-log_probs[rows, labels].mean()"
    )
    assert scalar_loss != source
    assert grade(exercise, scalar_loss).verdict is Verdict.PASSED
    swapped = source.replace("return float(", "return grad / n, float(").replace("), grad / n", ")")
    report = grade(exercise, swapped)
    shape = next(test for test in report.tests if test.id == "shape")
    assert shape.message is not None
    assert shape.message_id == "shape-differs"
    assert shape.message.startswith(f"Called {shape.call}.\nItem 0 of the tuple:")
    assert "float64 array of shape (4, 3)" in shape.message
    validation = loop_thread.run(validate_exercise(SOFTMAX, grade.grader))
    assert (validation.problems, validation.warnings) == ([], [])


def test_a_shape_message_names_no_value_of_the_reference_or_the_summary() -> None:
    # The shape test sees only a summary of what came back (its numbers are placeholders), and
    # the reference's loss is the answer to the call: neither may be printed.
    expected = (7.352630432571368, np.zeros((3,)))
    failure = check_shape([trial([np.float64(0.0), np.zeros((3,))], expected)], CONTEXT)
    assert failure is not None
    assert "7.35" not in failure.message
    assert "0.0" not in failure.message
    assert failure.message_id == "shape-differs"
    assert "tuple of 2 items (a float," in failure.message  # the reference's, summarised
    assert "array of shape (3,)) was" in failure.message
