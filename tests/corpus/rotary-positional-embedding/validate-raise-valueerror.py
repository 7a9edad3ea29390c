# A defensive programmer: checks that x is 2-D, that d is even and at
# least 2 and that there is at least one row, raising ValueError with a
# clear message, before doing the usual vectorised rotation.
import numpy as np


def _validate(x):
    if x.ndim != 2:
        raise ValueError(f"expected a 2-D array (seq_len, d), got shape {x.shape}")
    seq_len, d = x.shape
    if seq_len < 1:
        raise ValueError("seq_len must be at least 1")
    if d < 2 or d % 2:
        raise ValueError(f"d must be even and >= 2, got {d}")


def apply_rope(x):
    x = np.asarray(x, dtype=np.float64)
    _validate(x)
    seq_len, d = x.shape
    theta = 10000.0 ** (-(2 * np.arange(d // 2)) / d)
    angles = np.arange(seq_len)[:, None] * theta[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    result = np.empty_like(x)
    result[:, ::2] = x[:, ::2] * cos - x[:, 1::2] * sin
    result[:, 1::2] = x[:, ::2] * sin + x[:, 1::2] * cos
    return result
