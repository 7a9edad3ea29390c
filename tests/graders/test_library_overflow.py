"""The library's parts for "every wrong trial fits" and "wrong where an unshifted exp breaks"
(issue 26, item 3): `every_wrong` (arrays and tuples item by item), `wrong_where_exp_overflows`
(the slices along an axis where np.exp(x - shift) overflows or underflows), and
`finite_then_matches` on a tuple's items, and `reduces_to`'s note on another axis and its
`explain`."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from graders import every_wrong, wrong_where_exp_overflows
from graders.check_core import CheckContext, Parameters, Trial
from graders.check_numeric import check_finite_then_matches, check_reduces_to
from graders.probes import Probe
from graders.wording import Wording

TOLERANCE = 1e-6


def trial(got: Any, expected: Any, *args: Any) -> Trial:
    parameters = Parameters(("x", "axis"), {"axis": -1})
    return Trial(Probe(tuple(args), "f(...)", repr(args)), got, expected, parameters=parameters)


def softmax(x: Any, axis: int = -1) -> Any:
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def doubled(trial: Trial, got: Any, tolerance: float, factor: float) -> bool:
    return bool(np.allclose(got, factor * np.asarray(trial.expected), atol=tolerance))


def test_every_wrong_needs_a_wrong_trial_and_the_fit_on_each_wrong_one() -> None:
    right, wrong = trial(np.ones(2), np.ones(2)), trial(np.full(2, 2.0), np.ones(2))
    assert every_wrong([right, wrong], TOLERANCE, doubled, 2.0)  # the right trial is skipped
    assert not every_wrong([right, wrong], TOLERANCE, doubled, 3.0)
    assert not every_wrong([right], TOLERANCE, doubled, 2.0)  # nothing wrong: nothing to name
    other = trial(np.full(2, 5.0), np.ones(2))
    assert not every_wrong([wrong, other], TOLERANCE, doubled, 2.0)  # one wrong trial unfit


@pytest.mark.parametrize(
    "got", [np.ones(3), "two", (np.ones(2),)], ids=["other shape", "not numbers", "a tuple"]
)
def test_every_wrong_is_false_when_a_trial_returned_no_numbers_of_the_reference_s_shape(
    got: Any,
) -> None:
    assert not every_wrong([trial(got, np.ones(2))], TOLERANCE, lambda *args: True)


def test_every_wrong_gives_a_tuple_s_items_as_arrays() -> None:
    seen: list[Any] = []

    def fits(trial: Trial, got: Any, tolerance: float) -> bool:
        seen.append(got)
        return True

    expected = (1.0, np.zeros((2, 2)))
    assert every_wrong([trial([2.0, np.zeros((2, 2))], expected)], TOLERANCE, fits)  # a list too
    assert [np.shape(item) for item in seen[0]] == [(), (2, 2)]
    for got in [(1.0, np.zeros((2, 2))), (2.0, np.zeros(3)), (2.0,), 2.0]:  # right, or unusable
        assert not every_wrong([trial(got, expected)], TOLERANCE, fits)


X = np.array([[1000.0, 0.0], [700.0, 701.0], [-800.0, -900.0]])  # row 0 overflows, row 2 underflows


def broken_rows(rows: list[int]) -> Any:
    got = softmax(X)
    got[rows] = np.nan
    return got


@pytest.mark.parametrize(
    ("rows", "fits"),
    [([0, 2], True), ([0], False), ([0, 1, 2], False)],
    ids=["exactly", "fewer", "more"],
)
def test_wrong_where_exp_overflows_needs_exactly_the_broken_slices(
    rows: list[int], fits: bool
) -> None:
    assert wrong_where_exp_overflows(X, broken_rows(rows), softmax(X), 1, TOLERANCE) == fits


def test_wrong_where_exp_overflows_reads_the_axis_and_the_shift() -> None:
    assert wrong_where_exp_overflows(X.T, broken_rows([0, 2]).T, softmax(X).T, 0, TOLERANCE)
    # shifted by the whole array's maximum, only row 2 (far below 1000) underflows
    shifted = broken_rows([2])
    assert wrong_where_exp_overflows(X, shifted, softmax(X), 1, TOLERANCE, X.max())
    assert not wrong_where_exp_overflows(X, shifted, softmax(X), 1, TOLERANCE)
    calm = np.array([[1.0, 2.0]])
    assert not wrong_where_exp_overflows(calm, softmax(calm) + 1, softmax(calm), 1, TOLERANCE)


def test_finite_then_matches_names_the_item_of_a_tuple_that_is_not_finite() -> None:
    x = np.array([1000.0, 0.0])
    expected = (1.0, softmax(x))
    context = CheckContext(TOLERANCE, "f")
    failure = check_finite_then_matches([trial((np.inf, softmax(x)), expected, x)], context)
    assert failure is not None
    assert failure.message_id == "not-finite"
    assert failure.message.startswith("Item 0 of the tuple ")
    assert "tuple is inf" in failure.message
    failure = check_finite_then_matches(
        [trial((1.0, np.array([np.nan, 0.0])), expected, x)], context
    )
    assert failure is not None
    assert failure.message_id == "not-finite"
    assert failure.message.startswith("Item 1 of the tuple:")
    assert "index [0] is NaN" in failure.message
    assert check_finite_then_matches([trial((1.0, softmax(x)), expected, x)], context) is None
    wrong = check_finite_then_matches([trial((2.0, softmax(x)), expected, x)], context)
    assert wrong is not None  # then the values


def test_reduces_to_says_when_another_axis_reduces_to_the_value_and_adds_the_explanation() -> None:
    x = np.array([[1.0, 2.0, 3.0], [0.0, 5.0, 1.0]])
    columns = trial(softmax(x, 0), softmax(x, 1), x, 1)  # normalised along the other axis
    explanation = "Each row is a distribution."  # the exercise's own words, added as given
    wording = Wording({"weights": explanation}, {})
    params = {"axis": "axis", "within": [0, 1], "explain": "weights"}
    failure = check_reduces_to(
        [columns], CheckContext(TOLERANCE, "f", params=params, wording=wording)
    )
    assert failure is not None
    assert failure.message_id == "slice-reduces-wrong"
    first, other_axis, explained = failure.message.splitlines()
    assert "slice [0, :]" in first
    assert ("along axis 0" in other_axis, "along axis 1" in other_axis) == (True, True)
    assert explained == explanation
    halved = trial(softmax(x, 1) / 3, softmax(x, 1), x, 1)
    plain = check_reduces_to([halved], CheckContext(TOLERANCE, "f", params={"axis": "axis"}))
    assert plain is not None
    assert plain.message_id == "slice-reduces-wrong"
    assert len(plain.message.splitlines()) == 1  # no other axis sums to 1, nothing to explain
