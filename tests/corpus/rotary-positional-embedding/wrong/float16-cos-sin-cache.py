# wrong: Cached cos and sin in float16 "like real LLM inference", so the result is only accurate to half precision.
# diagnosis: low-precision

import numpy as np


def _cos_sin_cache(seq_len, d, dtype=np.float16):
    inv_freq = 1.0 / 10000 ** (np.arange(0, d, 2) / d)
    angles = np.outer(np.arange(seq_len), inv_freq)
    return np.cos(angles).astype(dtype), np.sin(angles).astype(dtype)


def apply_rope(x):
    seq_len, d = x.shape
    cos, sin = _cos_sin_cache(seq_len, d)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return out
