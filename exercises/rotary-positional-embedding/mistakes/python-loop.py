import math

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    out = np.zeros((seq_len, d))
    for pos in range(seq_len):
        for i in range(d // 2):
            angle = pos * 10000.0 ** (-2 * i / d)
            a, b = x[pos, 2 * i], x[pos, 2 * i + 1]
            out[pos, 2 * i] = a * math.cos(angle) - b * math.sin(angle)
            out[pos, 2 * i + 1] = a * math.sin(angle) + b * math.cos(angle)
    return out
