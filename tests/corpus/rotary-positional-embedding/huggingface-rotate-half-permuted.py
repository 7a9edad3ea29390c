# A learner who started from Hugging Face's `rotate_half` /
# `apply_rotary_pos_emb` (which pairs column j with j + d/2), noticed the
# layout differs, and adapted it: de-interleave the columns to
# [evens | odds], apply the HF formula, then re-interleave with an inverse permutation.
import numpy as np


def rotate_half(x):
    x1 = x[..., : x.shape[-1] // 2]
    x2 = x[..., x.shape[-1] // 2 :]
    return np.concatenate((-x2, x1), axis=-1)


def apply_rotary_pos_emb(q, cos, sin):
    return (q * cos) + (rotate_half(q) * sin)


def apply_rope(x):
    seq_len, dim = x.shape
    inv_freq = 1.0 / (10000 ** (np.arange(0, dim, 2, dtype=np.int64).astype(np.float64) / dim))
    t = np.arange(seq_len, dtype=np.float64)
    freqs = np.outer(t, inv_freq)
    emb = np.concatenate((freqs, freqs), axis=-1)
    cos, sin = np.cos(emb), np.sin(emb)
    perm = np.concatenate((np.arange(0, dim, 2), np.arange(1, dim, 2)))  # evens then odds
    out_half_layout = apply_rotary_pos_emb(x[:, perm], cos, sin)
    return out_half_layout[:, np.argsort(perm)]
