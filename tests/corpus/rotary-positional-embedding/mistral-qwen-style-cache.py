# Written by someone who read the Mistral/Qwen inference code: a
# module-level cos/sin cache computed up to a max length and grown
# (recomputed, vectorised) only when a longer sequence arrives, sliced to
# the current length and dimension on each call.
import numpy as np

_BASE = 10000.0
_cache = {"len": 0, "dim": 0, "cos": None, "sin": None}


def _ensure_cache(seq_len, dim):
    if _cache["dim"] != dim or _cache["len"] < seq_len:
        max_len = max(seq_len, 2 * _cache["len"] if _cache["dim"] == dim else 0, 64)
        inv_freq = _BASE ** (-np.arange(0, dim, 2) / dim)
        freqs = np.arange(max_len)[:, None] * inv_freq[None, :]
        _cache.update(len=max_len, dim=dim, cos=np.cos(freqs), sin=np.sin(freqs))
    return _cache["cos"][:seq_len], _cache["sin"][:seq_len]


def apply_rope(x):
    seq_len, dim = x.shape
    cos, sin = _ensure_cache(seq_len, dim)
    x_even, x_odd = x[:, ::2], x[:, 1::2]
    out = np.empty((seq_len, dim))
    out[:, ::2] = x_even * cos - x_odd * sin
    out[:, 1::2] = x_even * sin + x_odd * cos
    return out
