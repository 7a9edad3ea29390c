# A typing enthusiast: `from __future__ import annotations`, numpy.typing
# NDArray[np.float64] aliases, annotated locals and typed helpers for the
# frequency ladder and angle table.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

Float64Array = npt.NDArray[np.float64]


def _thetas(d: int, base: float = 10000.0) -> Float64Array:
    i: npt.NDArray[np.int64] = np.arange(d // 2)
    return base ** (-2.0 * i / d)


def _angle_table(seq_len: int, d: int) -> Float64Array:
    positions: Float64Array = np.arange(seq_len, dtype=np.float64)[:, np.newaxis]
    return positions * _thetas(d)[np.newaxis, :]


def apply_rope(x: npt.NDArray[np.floating]) -> Float64Array:
    seq_len, d = x.shape
    angles: Float64Array = _angle_table(seq_len, d)
    cos: Float64Array = np.cos(angles)
    sin: Float64Array = np.sin(angles)
    out: Float64Array = np.empty((seq_len, d), dtype=np.float64)
    out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return out
