# wrong: Wrote a small RotaryEmbedding class whose inverse frequencies use arange(d // 2) / d, i.e. i instead of 2i in the exponent.
# diagnosis: exponent-uses-i

import numpy as np


class RotaryEmbedding:
    def __init__(self, dim: int, base: float = 10000.0):
        self.inv_freq = 1.0 / base ** (np.arange(dim // 2, dtype=np.float64) / dim)

    def __call__(self, x: np.ndarray) -> np.ndarray:
        angles = np.arange(x.shape[0])[:, None] * self.inv_freq
        cos, sin = np.cos(angles), np.sin(angles)
        x0, x1 = x[:, ::2], x[:, 1::2]
        out = np.zeros_like(x, dtype=np.float64)
        out[:, ::2] = x0 * cos - x1 * sin
        out[:, 1::2] = x0 * sin + x1 * cos
        return out


def apply_rope(x):
    return RotaryEmbedding(x.shape[1])(x)
