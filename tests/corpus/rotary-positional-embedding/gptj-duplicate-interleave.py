# Translated from GPT-J's modeling code (the interleaved RoPE variant):
# `fixed_pos_embedding` returns sin/cos tables, `duplicate_interleave`
# repeats each column twice with np.repeat, and `rotate_every_two` swaps
# and negates inside each pair.
import numpy as np


def fixed_pos_embedding(seq_len, dim):
    inv_freq = 1.0 / (10000 ** (np.arange(0, dim, 2) / dim))
    sinusoid_inp = np.einsum("i,j->ij", np.arange(seq_len, dtype=np.float64), inv_freq)
    return np.sin(sinusoid_inp), np.cos(sinusoid_inp)


def duplicate_interleave(m):
    return np.repeat(m, 2, axis=-1)


def rotate_every_two(x):
    x1 = x[:, ::2]
    x2 = x[:, 1::2]
    return np.stack((-x2, x1), axis=-1).reshape(x.shape[0], -1)


def apply_rope(x):
    sin, cos = fixed_pos_embedding(x.shape[0], x.shape[1])
    sin, cos = duplicate_interleave(sin), duplicate_interleave(cos)
    return (x * cos) + (rotate_every_two(x) * sin)
