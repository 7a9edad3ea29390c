"""graders.check_math: the stable softmax analyses recompute (causal-mask's "applies-softmax",
temperature-top-k-sampling's samplers), and the causal future (causal-mask's checks and
analyses, scaled-dot-product-attention's causal check)."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

from graders import future_mask, softmax


def test_each_slice_along_the_axis_is_a_distribution() -> None:
    scores = np.array([[0.0, np.log(3.0)], [1.0, 1.0]])
    assert np.allclose(softmax(scores), [[0.25, 0.75], [0.5, 0.5]])
    assert np.allclose(softmax(scores, axis=0).sum(axis=0), [1.0, 1.0])
    assert np.allclose(
        softmax(scores, axis=0)[:, 0], [0.5 - 0.5 * np.tanh(0.5), 0.5 + 0.5 * np.tanh(0.5)]
    )


def test_large_scores_do_not_overflow() -> None:
    got = softmax(np.array([1000.0, 1000.0 + np.log(3.0)]))
    assert np.allclose(got, [0.25, 0.75])


def test_minus_inf_gets_zero_and_a_row_of_minus_inf_gives_nan_without_a_warning() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        got = softmax(np.array([[0.0, -np.inf, 0.0], [-np.inf, -np.inf, -np.inf]]))
    assert got[0].tolist() == [0.5, 0.0, 0.5]
    assert np.isnan(got[1]).all()


def test_integers_and_lists_come_back_as_float64() -> None:
    got = softmax([[1, 1]])
    assert got.dtype == np.float64
    assert got.tolist() == [[0.5, 0.5]]


def test_the_future_is_every_key_after_its_query_in_the_last_two_axes() -> None:
    assert future_mask(np.zeros((3, 3))).tolist() == [
        [False, True, True],
        [False, False, True],
        [False, False, False],
    ]
    batched = future_mask(np.zeros((2, 4, 3, 3)))
    assert batched.shape == (2, 4, 3, 3)
    assert (batched == future_mask(np.zeros((3, 3)))).all()  # one pattern for every batch and head


@pytest.mark.parametrize(("offset", "hidden"), [(0, 6), (1, 3), (2, 1), (-2, 9), (3, 0)])
def test_the_offset_moves_the_diagonal_it_starts_on(offset: int, hidden: int) -> None:
    assert int(future_mask(np.zeros((3, 3)), offset).sum()) == hidden


def test_a_shape_a_list_and_rectangular_scores_work_and_the_mask_is_read_only() -> None:
    assert future_mask([[0.0, 0.0, 0.0]]).tolist() == [[False, True, True]]  # 1 query, 3 keys
    assert future_mask(np.zeros((2, 3))).sum() == 3
    with pytest.raises(ValueError, match="read-only"):
        future_mask(np.zeros((2, 2, 2)))[0, 0, 0] = True
