# Dataclass fan: the table's settings live in a frozen @dataclass with a default base and
# a __post_init__ that validates d_model. A .table() method does the vectorised work and
# the entry function is a thin wrapper that builds the config and asks for its table.
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class PositionalEncodingConfig:
    max_len: int
    d_model: int
    base: float = 10000.0

    def __post_init__(self):
        if self.d_model % 2 != 0:
            raise ValueError(f"d_model must be even, got {self.d_model}")
        if self.max_len < 0:
            raise ValueError("max_len must be non-negative")

    def table(self) -> np.ndarray:
        angle = np.arange(self.max_len)[:, None] * np.exp(
            -np.arange(0, self.d_model, 2) * np.log(self.base) / self.d_model
        )
        out = np.zeros((self.max_len, self.d_model))
        out[:, 0::2] = np.sin(angle)
        out[:, 1::2] = np.cos(angle)
        return out


def positional_encoding(max_len, d_model):
    return PositionalEncodingConfig(max_len, d_model).table()
