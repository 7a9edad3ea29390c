# mypy --strict user: NDArray[np.integer] for the positions, NDArray[np.float64] for the table and result.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

IntArray = npt.NDArray[np.integer]
FloatArray = npt.NDArray[np.float64]


def position_embedding(positions: IntArray, table: FloatArray) -> FloatArray:
    """Row positions[...] of the learned table, refusing positions outside [0, max_len)."""
    max_len: int = table.shape[0]
    invalid: npt.NDArray[np.bool_] = (positions < 0) | (positions >= max_len)
    if invalid.any():
        offending: int = int(positions[invalid][0])
        raise IndexError(f"position {offending} out of range for table of length {max_len}")
    rows: FloatArray = table[positions]
    return rows
