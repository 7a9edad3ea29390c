# A performance-minded learner: the cos/sin tables depend only on
# (seq_len, d), so they are computed once per shape and memoised with
# functools.lru_cache. The cached arrays are marked read-only.
from functools import lru_cache

import numpy as np

_BASE = 10000.0


@lru_cache(maxsize=None)
def _cos_sin(seq_len, d):
    theta = _BASE ** (-np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta
    cos, sin = np.cos(angles), np.sin(angles)
    cos.setflags(write=False)
    sin.setflags(write=False)
    return cos, sin


def apply_rope(x):
    cos, sin = _cos_sin(*x.shape)
    xe, xo = x[:, ::2], x[:, 1::2]
    out = np.empty(x.shape, dtype=np.result_type(x, np.float64))
    out[:, ::2] = xe * cos - xo * sin
    out[:, 1::2] = xe * sin + xo * cos
    return out
