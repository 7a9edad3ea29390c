# Uses functools.partial to pre-bind the base: `_base_pow = partial(np.power, 10000.0)`
# so _base_pow(e) is 10000 ** e. The frequencies are then 1 / _base_pow(2i / d_model).
# A learner who just discovered partial and likes naming small building blocks.
from functools import partial

import numpy as np

_base_pow = partial(np.power, 10000.0)


def positional_encoding(max_len, d_model):
    omega = 1.0 / _base_pow(np.arange(0, d_model, 2) / d_model)
    angles = np.arange(max_len)[:, None] * omega
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
