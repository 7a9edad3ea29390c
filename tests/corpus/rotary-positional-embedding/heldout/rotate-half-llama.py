# wrong: ports HuggingFace LLaMA's rotate_half, pairing column j with column j + d/2 instead of neighbouring columns.
# diagnosis: halves-pairing

import numpy as np


def rotate_half(x):
    half = x.shape[-1] // 2
    x1, x2 = x[..., :half], x[..., half:]
    return np.concatenate([-x2, x1], axis=-1)


def apply_rope(x):
    seq_len, d = x.shape
    inv_freq = 1.0 / (10000 ** (np.arange(0, d, 2, dtype=np.float64) / d))
    freqs = np.outer(np.arange(seq_len, dtype=np.float64), inv_freq)
    emb = np.concatenate([freqs, freqs], axis=-1)
    return x * np.cos(emb) + rotate_half(x) * np.sin(emb)
