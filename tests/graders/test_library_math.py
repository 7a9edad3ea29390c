"""graders.check_math: the stable softmax analyses recompute (causal-mask's "applies-softmax",
temperature-top-k-sampling's samplers)."""

from __future__ import annotations

import warnings

import numpy as np

from graders import softmax


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
