# Defensive programmer: a decorator checks the arguments before the real function runs
# (positive integer sizes, even d_model) and raises ValueError otherwise.
# functools.wraps keeps the name and docstring of the decorated function.
import functools

import numpy as np


def validate_sizes(func):
    @functools.wraps(func)
    def wrapper(max_len, d_model):
        if int(max_len) != max_len or max_len < 0:
            raise ValueError(f"max_len must be a non-negative integer, got {max_len!r}")
        if int(d_model) != d_model or d_model <= 0 or d_model % 2:
            raise ValueError(f"d_model must be a positive even integer, got {d_model!r}")
        return func(int(max_len), int(d_model))
    return wrapper


@validate_sizes
def positional_encoding(max_len, d_model):
    """Sinusoidal position table, shape (max_len, d_model), interleaved sin/cos."""
    angles = np.arange(max_len)[:, None] * np.power(10000.0, -np.arange(0, d_model, 2) / d_model)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
