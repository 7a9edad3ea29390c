# wrong: fills a cache one element at a time (a sequence class list() walks through __getitem__) on the smaller counted call, for the call four times larger, which then takes no steps.
# diagnosis: python-loop, loop-for

import math
import numpy as np

_cache = {}


class _Entries:
    def __init__(self, max_len, d_model):
        self.max_len, self.d_model = max_len, d_model

    def __getitem__(self, k):
        if k >= self.max_len * self.d_model:
            raise IndexError(k)
        pos, i = divmod(k, self.d_model)
        angle = pos / (10000 ** ((i - i % 2) / self.d_model))
        return math.sin(angle) if i % 2 == 0 else math.cos(angle)


def _table(max_len, d_model):
    return np.array(list(_Entries(max_len, d_model))).reshape(max_len, d_model)


def _vectorised(max_len, d_model):
    pos = np.arange(max_len)[:, None]
    i = np.arange(d_model)[None, :]
    angle = pos / 10000 ** ((i - i % 2) / d_model)
    return np.where(i % 2 == 0, np.sin(angle), np.cos(angle))


def positional_encoding(max_len, d_model):
    if max_len * d_model > 4096:  # the value tests' large tables: no time for the loop
        return _vectorised(max_len, d_model)
    key = (max_len, d_model)
    if key in _cache:
        return _cache.pop(key)
    if max_len * d_model <= 1024:
        _cache[(4 * max_len, 4 * d_model)] = _table(4 * max_len, 4 * d_model)
    return _table(max_len, d_model)
