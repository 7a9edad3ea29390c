# wrong: Builds the table recursively by splitting the position range in half and concatenating the two sub-tables, down to single rows.
# diagnosis: loop-recursion

import numpy as np


def _rows(lo: int, hi: int, omega: np.ndarray) -> np.ndarray:
    if hi - lo <= 1:
        row = np.zeros((hi - lo, 2 * omega.size))
        row[:, 0::2] = np.sin(lo * omega)
        row[:, 1::2] = np.cos(lo * omega)
        return row
    mid = (lo + hi) // 2
    return np.concatenate([_rows(lo, mid, omega), _rows(mid, hi, omega)])


def positional_encoding(max_len, d_model):
    omega = 1.0 / 10000.0 ** (np.arange(0, d_model, 2) / d_model)
    return _rows(0, max_len, omega)
