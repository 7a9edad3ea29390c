"""Numeric steps an analysis recomputes when it rebuilds a misconception: a stable softmax.

>>> softmax(np.array([[0.0, np.log(3.0)], [-np.inf, -np.inf]])).round(2).tolist()
[[0.25, 0.75], [nan, nan]]
"""

from __future__ import annotations

from typing import Any

import numpy as np

Array = np.ndarray[Any, Any]


def softmax(scores: Any, axis: int = -1) -> Array:
    """The softmax of `scores` along `axis` (float64), shifted by each slice's maximum so that
    large scores do not overflow; an entry of -inf gets probability 0, a slice holding only -inf
    (or a nan) gives nan, without a warning (an analysis rebuilds the learner's nan too)."""
    values = np.asarray(scores, dtype=np.float64)
    with np.errstate(invalid="ignore", divide="ignore", over="ignore"):
        e = np.exp(values - np.max(values, axis=axis, keepdims=True))
        return np.asarray(e / np.sum(e, axis=axis, keepdims=True))
