"""The one rule for "the same outcome": a raise by its type, a tuple item by item."""

from __future__ import annotations

import numpy as np
import pytest

from graders.protocol.matching import behaves_like, slips_like, summaries_match, within_tolerance
from graders.trusted import raised_value


def test_a_raise_is_matched_by_its_type_whatever_its_message() -> None:
    learner = raised_value("IndexError", "0 outside [0, 0)")
    assert behaves_like(learner, raised_value("IndexError", "0 not in 1..10"), 1e-9)
    assert not behaves_like(learner, raised_value("ValueError", "0 outside [0, 0)"), 1e-9)
    assert not behaves_like(learner, np.zeros(3), 1e-9)


def test_a_tuple_with_the_mistake_s_slip_in_one_item_is_matched_per_item() -> None:
    grad = np.array([0.5, -1.0])
    reference = (1.0, grad)
    mistake = (1.0, grad / 2)  # the loss right, the gradient missing its 2
    assert slips_like((3.0, grad / 2), mistake, reference, 1e-9)  # a second slip in the loss
    assert not slips_like((1.0, grad / 3), mistake, reference, 1e-9)  # another gradient
    assert not slips_like((1.0, grad), mistake, reference, 1e-9)  # the mistake's slip not made
    # The mistake's loss is wrong, the learner's right: the mistake's slip there is not theirs.
    assert not slips_like((1.0, grad / 2), (2.0, grad / 2), reference, 1e-9)


@pytest.mark.parametrize(
    ("learner", "mistake", "same"),
    [
        (1.5, np.float64(0.0), True),  # a Python float keeps its value in a summary
        ((2.0, np.zeros((2, 3))), (np.float64(0.0), np.zeros((2, 3))), True),
        ({"loss": 1.0}, {"loss": np.float64(0.0)}, True),
        ((2.0, np.zeros((2, 3))), (np.float64(0.0), np.zeros((3, 2))), False),
        ((2.0,), (np.float64(0.0), np.zeros(2)), False),
        (np.zeros(3), np.zeros(3, dtype=np.int64), False),
    ],
    ids=["float-vs-numpy-scalar", "in-a-tuple", "in-a-dict", "shapes-differ", "lengths", "kind"],
)
def test_summaries_match_one_number_to_one_number_whatever_it_holds(
    learner: object, mistake: object, same: bool
) -> None:
    assert summaries_match(learner, mistake, 1e-6) is same
    assert behaves_like(learner, mistake, 1e-6, summary=True) is same


EDGES = np.array([0.0, 1.0, -1.0, 1e-5, 5e-5, 2e-4, np.inf, -np.inf, np.nan, 1e308, -1e308])


@pytest.mark.parametrize("tolerance", [1e-4, 1e-6, 0.0])
@pytest.mark.parametrize(
    "kinds", [(np.float64, np.float64), (np.float32, np.float64), (np.complex128, np.complex128)]
)
def test_within_tolerance_is_np_isclose_with_an_absolute_tolerance(
    tolerance: float, kinds: tuple[type, type]
) -> None:
    got, expected = (axis.ravel() for axis in np.meshgrid(EDGES, EDGES))
    with np.errstate(all="ignore"):
        got, expected = got.astype(kinds[0]), expected.astype(kinds[1])
        if kinds[0] is np.complex128:
            got, expected = got + 1j * expected, expected - 1j * got
        wanted = np.isclose(got, expected, rtol=0.0, atol=tolerance, equal_nan=True)
    assert (within_tolerance(got, expected, tolerance) == wanted).all()
    for one, other in zip(got[:20], expected[:20], strict=True):  # 0-d arrays alike
        with np.errstate(all="ignore"):
            alike = np.isclose(one, other, rtol=0.0, atol=tolerance, equal_nan=True)
        assert within_tolerance(np.asarray(one), np.asarray(other), tolerance) == alike
