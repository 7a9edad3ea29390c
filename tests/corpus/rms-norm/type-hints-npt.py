# Fully annotated with numpy.typing (NDArray[np.float64]), annotated locals and a docstring.
# A mypy-strict user's submission.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]


def rms_norm(x: Array, gamma: Array, eps: float = 1e-6) -> Array:
    """Divide each vector along the last axis by its root mean square, then scale by gamma."""
    mean_square: Array = np.mean(np.square(x), axis=-1, keepdims=True)
    inverse_rms: Array = 1.0 / np.sqrt(mean_square + eps)
    result: Array = x * inverse_rms * gamma
    return result
