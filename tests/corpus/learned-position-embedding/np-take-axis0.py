# Knows np.take: gathers rows with axis=0 (mode="raise" by default), after checking negatives it would wrap.
import numpy as np


def position_embedding(positions, table):
    n = len(table)
    out_of_range = positions[(positions < 0) | (positions >= n)]
    if out_of_range.size:
        raise IndexError(f"position {out_of_range.flat[0]} out of range [0, {n}) for max_len={n}")
    return np.take(table, positions, axis=0)
