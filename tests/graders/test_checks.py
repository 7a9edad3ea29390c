"""The checks library: a check may raise its Failure, and the helpers exercise checks share."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders import Failure, Trial, returned_array, row_text, value_mismatch
from graders.exercise import load_exercise
from graders.probes import make_probe
from graders.report import Status, Verdict
from tests.conftest import EXERCISES, FLAGSHIP, TEST_LIMITS, SyncGrader

EXTRA_CHECKS = """

from graders import CheckContext, Failure, Trial, check


def _refuse(trial: Trial) -> None:
    raise Failure("Refused from a helper.", trial)


@check("returns_failure")
def check_returns_failure(trials: list[Trial], context: CheckContext) -> Failure | None:
    return Failure("Refused from a helper.", trials[0])


@check("raises_failure")
def check_raises_failure(trials: list[Trial], context: CheckContext) -> Failure | None:
    _refuse(trials[0])
    return None
"""


@pytest.mark.parametrize("check_name", ["raises_failure", "returns_failure"])
def test_a_check_that_raises_or_returns_failure_fails_its_test_with_the_message(
    tmp_path: Path, grade: SyncGrader, check_name: str
) -> None:
    folder = tmp_path / FLAGSHIP
    shutil.copytree(EXERCISES / FLAGSHIP, folder)
    with (folder / "checks.py").open("a", encoding="utf-8") as checks:
        checks.write(EXTRA_CHECKS)
    with (folder / "exercise.toml").open("a", encoding="utf-8") as toml:
        toml.write(f'\n[[tests]]\nid = "refused"\ntitle = "Refused"\ncheck = "{check_name}"\n')
        toml.write("probes = [[3, 4]]\n")
    exercise = load_exercise(folder, TEST_LIMITS)
    report = grade(exercise, exercise.solution_path.read_text(encoding="utf-8"))
    assert report.verdict is Verdict.FAILED
    [refused] = [test for test in report.tests if test.id == "refused"]
    assert refused.status is Status.FAILED
    assert refused.message == "Called positional_encoding(3, 4).\nRefused from a helper."
    assert [test.id for test in report.tests if test.status is not Status.PASSED] == ["refused"]


def trial(got: Any, expected: Any) -> Trial:
    return Trial(make_probe("f", [np.zeros(3)]), got, expected)


@pytest.mark.parametrize(
    ("values", "shown", "text"),
    [
        ([0.0, 1.0, 0.5], 6, "[0.0000, 1.0000, 0.5000]"),
        (np.arange(7.0), 6, "[0.0000, 1.0000, 2.0000, 3.0000, 4.0000, 5.0000, ...]"),
        (np.arange(3.0), 2, "[0.0000, 1.0000, ...]"),
        ([1e-5, np.nan], 6, "[1.000e-05, NaN]"),
    ],
    ids=["short", "cut-after-six", "cut-after-two", "tiny-and-nan"],
)
def test_a_row_is_shown_as_its_first_numbers(values: Any, shown: int, text: str) -> None:
    assert row_text(np.asarray(values), shown) == text


def test_a_returned_array_of_the_right_shape_comes_back_as_floats() -> None:
    got = returned_array(trial(np.array([1, 2, 3]), None), (3,))
    assert got.dtype == np.float64
    assert got.tolist() == [1.0, 2.0, 3.0]


@pytest.mark.parametrize(
    ("got", "said"),
    [
        (None, "It returned None"),
        ([1.0, 2.0], "a list of 2 items;"),
        (np.zeros((3, 1)), "float64 array of shape (3, 1);"),
    ],
    ids=["none", "short-list", "wrong-shape"],
)
def test_a_returned_value_of_another_shape_raises_what_came_back(got: Any, said: str) -> None:
    the_trial = trial(got, None)
    with pytest.raises(Failure) as caught:
        returned_array(the_trial, (3,), ", the shape of x,")
    assert caught.value.message_id == "shape-differs"
    assert said in caught.value.message
    assert "(3,), the shape of x," in caught.value.message  # the caller's words
    assert caught.value.trial is the_trial


@pytest.mark.parametrize(
    ("got", "expected"),
    [
        (np.array([1.0, 2.0, 3.00005]), np.array([1.0, 2.0, 3.0])),
        ([1.0, 2.0, 3.0], np.array([1.0, 2.0, 3.0])),
        (np.array([1.0, np.nan, -np.inf]), np.array([1.0, np.nan, -np.inf])),
    ],
    ids=["within-tolerance", "a-list", "same-nan-and-infinity"],
)
def test_values_within_the_tolerance_have_no_mismatch(got: Any, expected: Any) -> None:
    assert value_mismatch(trial(got, expected), 1e-4) is None


def test_a_mismatch_names_the_first_element_outside_the_tolerance() -> None:
    the_trial = trial(np.array([[1.0, 2.5], [3.0, 9.0]]), np.array([[1.0, 2.0], [3.0, 4.0]]))
    mismatch = value_mismatch(the_trial, 1e-4)
    assert mismatch is not None
    assert (mismatch.index, mismatch.largest) == ((0, 1), 5.0)
    assert mismatch.got.tolist() == [[1.0, 2.5], [3.0, 9.0]]
    assert mismatch.failure.message_id == "value-differs"
    assert mismatch.failure.message.startswith("Row 0, column 1 is 2.5000 but 2.0000")


@pytest.mark.parametrize(
    ("got", "message_id", "said"),
    [
        (np.zeros(2), "shape-differs", ("returned shape (2,)", "shape (3,)")),
        ("text", "not-numbers", ("the str 'text';", "numeric array")),
    ],
    ids=["wrong-shape", "not-an-array"],
)
def test_a_result_with_no_values_to_explain_raises_the_standard_message(
    got: Any, message_id: str, said: tuple[str, ...]
) -> None:
    with pytest.raises(Failure) as caught:
        value_mismatch(trial(got, np.arange(3.0)), 1e-4)
    assert caught.value.message_id == message_id
    assert all(fact in caught.value.message for fact in said), caught.value.message


def test_two_numbers_that_differ_are_never_shown_alike() -> None:
    from graders.checks import compare_values

    got, expected = np.array([0.09000004]), np.array([0.09])
    failure = compare_values(Trial(make_probe("f", [np.zeros(1)]), got, expected), 1e-8)
    assert failure is not None
    assert "is 0.09000004 but 0.09 was expected" in failure.message
