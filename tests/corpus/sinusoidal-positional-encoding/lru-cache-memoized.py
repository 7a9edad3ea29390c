# Caches the table with functools.lru_cache since models ask for the same sizes again
# and again. The cached helper marks its array read-only and the public function returns
# a copy, so a caller modifying the result can never corrupt the cache.
import functools

import numpy as np


@functools.lru_cache(maxsize=32)
def _cached_table(max_len, d_model):
    angles = np.arange(max_len)[:, None] * np.exp(-np.arange(0, d_model, 2) * np.log(10000.0) / d_model)
    table = np.empty((max_len, d_model))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles)
    table.setflags(write=False)
    return table


def positional_encoding(max_len, d_model):
    return _cached_table(int(max_len), int(d_model)).copy()
