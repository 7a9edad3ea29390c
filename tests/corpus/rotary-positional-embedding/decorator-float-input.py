# A learner who writes a decorator that converts the input to a float64
# array and checks its shape, keeping the decorated function focused on the
# maths. functools.wraps preserves the name and docstring.
import functools

import numpy as np


def float_matrix_input(func):
    @functools.wraps(func)
    def wrapper(x):
        x = np.asarray(x, dtype=np.float64)
        if x.ndim != 2 or x.shape[1] % 2:
            raise ValueError("x must have shape (seq_len, d) with d even")
        return func(x)

    return wrapper


@float_matrix_input
def apply_rope(x):
    """Rotary position embedding with interleaved pairs."""
    seq_len, d = x.shape
    angles = np.multiply.outer(np.arange(seq_len), 10000.0 ** (-2 * np.arange(d // 2) / d))
    cos, sin = np.cos(angles), np.sin(angles)
    y = np.empty_like(x)
    y[:, ::2] = x[:, ::2] * cos - x[:, 1::2] * sin
    y[:, 1::2] = x[:, 1::2] * cos + x[:, ::2] * sin
    return y
