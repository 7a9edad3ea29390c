# wrong: Copied the Hugging Face habit of handing back the cos/sin cache and returned (out, (cos, sin)) instead of just the array.
# diagnosis: returns-tuple

import numpy as np
from typing import Tuple


def apply_rope(x: np.ndarray) -> Tuple[np.ndarray, Tuple[np.ndarray, np.ndarray]]:
    seq_len, d = x.shape
    inv_freq = 1.0 / 10000 ** (np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * inv_freq[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    out = np.empty_like(x)
    out[:, ::2] = x[:, ::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, ::2] * sin + x[:, 1::2] * cos
    return out, (cos, sin)
