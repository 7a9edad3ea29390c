# A functional-programming learner: a general `rope_with_base(x, base)`
# and the exercise's version obtained with functools.partial(base=10000.0).
# The entry name is the partial object itself.
from functools import partial

import numpy as np


def rope_with_base(x, base):
    seq_len, d = x.shape
    theta = base ** (-np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta
    c, s = np.cos(angles), np.sin(angles)
    a, b = x[:, ::2], x[:, 1::2]
    return np.stack([a * c - b * s, a * s + b * c], axis=-1).reshape(seq_len, d)


apply_rope = partial(rope_with_base, base=10000.0)
