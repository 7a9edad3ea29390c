# wrong: Wrote a helper that rotates one vector and built the result with a list comprehension over enumerate(x).
# diagnosis: python-loop, loop-comprehension

import numpy as np


def rotate_vector(v: np.ndarray, pos: int) -> np.ndarray:
    d = v.shape[0]
    a = pos * 10000.0 ** (-np.arange(0, d, 2) / d)
    out = np.empty_like(v)
    out[0::2] = v[0::2] * np.cos(a) - v[1::2] * np.sin(a)
    out[1::2] = v[0::2] * np.sin(a) + v[1::2] * np.cos(a)
    return out


def apply_rope(x: np.ndarray) -> np.ndarray:
    return np.array([rotate_vector(row, pos) for pos, row in enumerate(x)])
