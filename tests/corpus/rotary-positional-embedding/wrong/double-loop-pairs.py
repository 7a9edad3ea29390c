# wrong: Wrote the formula literally with two nested for loops over positions and pairs, using math.cos/math.sin on scalars.
# diagnosis: python-loop, loop-for

import math
import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    out = np.zeros_like(x, dtype=float)
    for pos in range(seq_len):
        for i in range(d // 2):
            theta = 10000 ** (-2 * i / d)
            a = pos * theta
            x0, x1 = x[pos, 2 * i], x[pos, 2 * i + 1]
            out[pos, 2 * i] = x0 * math.cos(a) - x1 * math.sin(a)
            out[pos, 2 * i + 1] = x0 * math.sin(a) + x1 * math.cos(a)
    return out
