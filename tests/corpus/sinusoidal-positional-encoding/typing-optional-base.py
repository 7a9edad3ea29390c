# Generalises the function with an optional `base` keyword typed with typing.Optional:
# None means the paper's 10000. Uses plain `np.ndarray` annotations and a module
# constant _DEFAULT_BASE; the two required arguments keep the statement's signature.
from typing import Optional

import numpy as np

_DEFAULT_BASE: float = 10000.0


def positional_encoding(max_len: int, d_model: int, base: Optional[float] = None) -> np.ndarray:
    b = _DEFAULT_BASE if base is None else float(base)
    pos: np.ndarray = np.arange(max_len).reshape(-1, 1)
    omega: np.ndarray = b ** (-(np.arange(d_model // 2) * 2.0) / d_model)
    pe: np.ndarray = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(pos * omega)
    pe[:, 1::2] = np.cos(pos * omega)
    return pe
