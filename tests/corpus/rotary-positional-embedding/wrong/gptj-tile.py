# wrong: Ported GPT-J's rotate_every_two but widened the sin/cos tables with np.tile instead of np.repeat, so columns 2i and 2i+1 get different angles.
# diagnosis: tile-instead-of-repeat

import numpy as np


def rotate_every_two(x):
    x1 = x[:, ::2]
    x2 = x[:, 1::2]
    return np.stack((-x2, x1), axis=-1).reshape(x.shape)


def apply_rope(x):
    seq_len, d = x.shape
    inv_freq = 1.0 / (10000 ** (np.arange(0, d, 2) / d))
    sinusoid = np.arange(seq_len)[:, None] * inv_freq
    sin = np.tile(np.sin(sinusoid), 2)
    cos = np.tile(np.cos(sinusoid), 2)
    return x * cos + rotate_every_two(x) * sin
