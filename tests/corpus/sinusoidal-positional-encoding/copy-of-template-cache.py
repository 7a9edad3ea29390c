# Keeps a module-level dict of already built tables and hands out copy.deepcopy() of
# them, so callers can scribble on their copy. The table itself is built with the usual
# broadcasting and slice assignment.
import copy

import numpy as np

_CACHE = {}


def _build(max_len, d_model):
    angles = np.arange(max_len)[:, None] * (1.0 / 10000.0 ** (np.arange(0, d_model, 2) / d_model))
    table = np.zeros((max_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    return table


def positional_encoding(max_len, d_model):
    key = (int(max_len), int(d_model))
    if key not in _CACHE:
        _CACHE[key] = _build(*key)
    return copy.deepcopy(_CACHE[key])
