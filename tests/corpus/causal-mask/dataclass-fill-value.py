# A dataclass holding the fill value (default -inf), with a method that masks a stack of score matrices.
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class CausalMask:
    fill_value: float = -np.inf

    def __call__(self, scores: np.ndarray) -> np.ndarray:
        T = scores.shape[-1]
        keep = np.tri(T, T, dtype=bool)  # ones on and below the diagonal
        return np.where(keep, scores, self.fill_value)


def causal_mask(scores):
    return CausalMask()(scores)
