# Type-hint enthusiast: `from __future__ import annotations`, numpy.typing's NDArray
# with a concrete dtype, annotated local assignments (pe: NDArray[np.float64] = ...),
# and a full docstring. Runs the same as the untyped versions.
from __future__ import annotations

import numpy as np
import numpy.typing as npt


def _frequencies(d_model: int) -> npt.NDArray[np.float64]:
    two_i: npt.NDArray[np.float64] = np.arange(0, d_model, 2, dtype=np.float64)
    return np.exp(-two_i * np.log(10000.0) / d_model)


def positional_encoding(max_len: int, d_model: int) -> npt.NDArray[np.float64]:
    """Return the interleaved sinusoidal table of shape (max_len, d_model)."""
    positions: npt.NDArray[np.float64] = np.arange(max_len, dtype=np.float64)
    angles: npt.NDArray[np.float64] = positions[:, None] * _frequencies(d_model)[None, :]
    pe: npt.NDArray[np.float64] = np.empty((max_len, d_model), dtype=np.float64)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
