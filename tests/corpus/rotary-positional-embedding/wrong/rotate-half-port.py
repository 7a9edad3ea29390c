# wrong: Ported the Hugging Face LLaMA rotate_half code, so column j is paired with column j + d/2 instead of its neighbour.
# diagnosis: halves-pairing

import numpy as np


def rotate_half(x):
    half = x.shape[-1] // 2
    x1, x2 = x[..., :half], x[..., half:]
    return np.concatenate((-x2, x1), axis=-1)


def apply_rope(x):
    seq_len, d = x.shape
    inv_freq = 1.0 / (10000 ** (np.arange(0, d, 2, dtype=np.float64) / d))
    t = np.arange(seq_len, dtype=np.float64)
    freqs = np.outer(t, inv_freq)
    emb = np.concatenate((freqs, freqs), axis=-1)
    cos, sin = np.cos(emb), np.sin(emb)
    return x * cos + rotate_half(x) * sin
