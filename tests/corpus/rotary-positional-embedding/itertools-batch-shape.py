# A learner supporting optional leading batch axes who uses itertools.chain
# to build the broadcast shape (1, ..., 1, seq_len, d/2, 1) of the angle
# table, then rotates the (..., seq_len, d/2, 2) pairs with a sign-swapped copy.
import itertools

import numpy as np


def apply_rope(x):
    *_, seq_len, d = x.shape
    theta = 10000.0 ** (-2.0 * np.arange(d // 2) / d)
    shape = tuple(itertools.chain(itertools.repeat(1, x.ndim - 2), (seq_len, d // 2, 1)))
    angles = (np.arange(seq_len)[:, None] * theta).reshape(shape)
    pairs = x.reshape(*x.shape[:-1], d // 2, 2)
    swapped = np.concatenate([-pairs[..., 1:], pairs[..., :1]], axis=-1)
    return (pairs * np.cos(angles) + swapped * np.sin(angles)).reshape(x.shape)
