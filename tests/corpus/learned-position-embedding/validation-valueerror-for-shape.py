# Defensive learner: ValueError for a table that is not 2-D or positions that are not integers,
# IndexError (as the statement says) for a position outside the table.
import numpy as np


def position_embedding(positions, table):
    table = np.asarray(table, dtype=np.float64)
    positions = np.asarray(positions)
    if table.ndim != 2:
        raise ValueError(f"table must be (max_len, d_model), got shape {table.shape}")
    if not np.issubdtype(positions.dtype, np.integer):
        raise ValueError(f"positions must be integers, got {positions.dtype}")
    max_len = table.shape[0]
    bad = positions[(positions < 0) | (positions >= max_len)]
    if bad.size:
        raise IndexError(f"position {bad[0]} is out of range for max_len {max_len}")
    return table[positions]
