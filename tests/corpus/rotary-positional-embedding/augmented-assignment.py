# A learner who starts from x * cos (each column times the cosine of its
# pair's angle) and then fixes up the sine terms with augmented assignment
# into strided slices: -= on the even columns, += on the odd ones.
import numpy as np


def apply_rope(x):
    n, d = x.shape
    ang = np.arange(n)[:, None] * 10000.0 ** (-np.arange(0, d, 2) / d)
    cos, sin = np.cos(ang), np.sin(ang)
    out = np.repeat(cos, 2, axis=1) * x  # new array
    out[:, ::2] -= x[:, 1::2] * sin
    out[:, 1::2] += x[:, ::2] * sin
    return out
