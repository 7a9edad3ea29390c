# A learner fond of module-level lambdas for tiny helpers: one for the
# theta ladder, one for the (seq_len, d/2) angle table and one that
# interleaves two half-width arrays; apply_rope just composes them.
import numpy as np

thetas = lambda d: 10000.0 ** (-np.arange(0, d, 2) / d)
angle_table = lambda n, d: np.arange(n)[:, None] * thetas(d)[None, :]
interleave = lambda a, b: np.stack((a, b), axis=-1).reshape(a.shape[0], -1)


def apply_rope(x):
    ang = angle_table(*x.shape)
    c, s = np.cos(ang), np.sin(ang)
    e, o = x[:, ::2], x[:, 1::2]
    return interleave(e * c - o * s, e * s + o * c)
