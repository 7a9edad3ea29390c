# A dataclass wrapping the learned table, with max_len and d_model as properties and a `lookup` method.
from dataclasses import dataclass

import numpy as np


@dataclass
class PositionTable:
    weights: np.ndarray

    @property
    def max_len(self) -> int:
        return self.weights.shape[0]

    @property
    def d_model(self) -> int:
        return self.weights.shape[1]

    def lookup(self, positions: np.ndarray) -> np.ndarray:
        wrong = positions[(positions < 0) | (positions >= self.max_len)]
        if wrong.size:
            raise IndexError(f"position {wrong[0]} not in table of length {self.max_len}")
        return self.weights[positions]


def position_embedding(positions, table):
    return PositionTable(table).lookup(positions)
