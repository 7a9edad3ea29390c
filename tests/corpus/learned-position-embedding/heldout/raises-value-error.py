# wrong: checks the bounds correctly but raises ValueError instead of IndexError.
# diagnosis: value-error

import numpy as np


def position_embedding(positions: np.ndarray, table: np.ndarray) -> np.ndarray:
    positions = np.asarray(positions)
    max_len, _ = table.shape
    bad = (positions < 0) | (positions >= max_len)
    if np.any(bad):
        p = int(positions[bad].flat[0])
        raise ValueError(f"position {p} is outside the table of length {max_len}")
    return table[positions]
