# An einsum fan: the angle table is np.einsum("p,i->pi", pos, theta), and
# each output column of a pair is an einsum dot product of the pair
# [x_even, x_odd] with a signed or swapped [cos, sin] stack.
import numpy as np


def apply_rope(x):
    n, d = x.shape
    pos = np.arange(n, dtype=np.float64)
    theta = 10000.0 ** (-np.arange(d // 2, dtype=np.float64) * 2 / d)
    ang = np.einsum("p,i->pi", pos, theta)
    cs = np.stack([np.cos(ang), np.sin(ang)], axis=-1)  # (n, d/2, 2): [cos, sin]
    pairs = x.reshape(n, d // 2, 2)                      # (n, d/2, 2): [x_even, x_odd]
    # y_even = x_e cos - x_o sin ; y_odd = x_e sin + x_o cos
    y_even = np.einsum("pic,pic->pi", pairs, cs * np.array([1.0, -1.0]))
    y_odd = np.einsum("pic,pic->pi", pairs[..., ::-1], cs)
    return np.stack([y_even, y_odd], axis=-1).reshape(n, d)
