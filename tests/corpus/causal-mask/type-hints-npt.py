# mypy --strict user: numpy.typing aliases for the float scores and the boolean mask.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
BoolArray = npt.NDArray[np.bool_]


def future_positions(size: int) -> BoolArray:
    """True where the key j comes after the query i."""
    return np.triu(np.ones((size, size), dtype=np.bool_), k=1)


def causal_mask(scores: FloatArray) -> FloatArray:
    """A copy of scores with every future key set to -inf."""
    result: FloatArray = np.where(future_positions(scores.shape[-1]), -np.inf, scores)
    return result
