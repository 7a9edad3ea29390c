# Accepts eps as typing.Optional[float]: passing None falls back to the module default
# _DEFAULT_EPS = 1e-5. Uses typing.Union for the array-ish parameters and plain np.ndarray
# for the return type.
from typing import Optional, Union

import numpy as np

_DEFAULT_EPS: float = 1e-5
ArrayLike = Union[np.ndarray, list]


def layer_norm(x: ArrayLike, gamma: ArrayLike, beta: ArrayLike, eps: Optional[float] = 1e-5) -> np.ndarray:
    eps = _DEFAULT_EPS if eps is None else float(eps)
    x = np.asarray(x, dtype=float)
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return np.asarray(gamma) * (x - mean) / np.sqrt(var + eps) + np.asarray(beta)
