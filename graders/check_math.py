"""Numeric steps a check or an analysis recomputes: a stable softmax, and the causal mask's
future (the entries a query may not see).

>>> softmax(np.array([[0.0, np.log(3.0)], [-np.inf, -np.inf]])).round(2).tolist()
[[0.25, 0.75], [nan, nan]]
>>> future_mask(np.zeros((2, 3, 3))).astype(int)[0].tolist()
[[0, 1, 1], [0, 0, 1], [0, 0, 0]]
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


def future_mask(values: Any, offset: int = 1) -> Array:
    """True where key j >= query i + offset in the last two axes of `values` (an array, or
    anything with a shape), the same (T_q, T_k) pattern for every leading batch and head axis
    (a read-only broadcast view). Offset 1 is the future a causal mask hides, j > i; 0 takes
    the diagonal in too, 2 leaves the next key visible, as the misconceptions do."""
    shape = np.shape(values)
    return np.broadcast_to(np.triu(np.ones(shape[-2:], dtype=bool), k=offset), shape)
