# wrong: Folded over the pair indices with functools.reduce, writing one rotated pair into the accumulator per step.
# diagnosis: python-loop, loop-reduce

from functools import reduce

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    pos = np.arange(seq_len)

    def step(acc, i):
        a = pos * 10000.0 ** (-2 * i / d)
        acc[:, 2 * i] = x[:, 2 * i] * np.cos(a) - x[:, 2 * i + 1] * np.sin(a)
        acc[:, 2 * i + 1] = x[:, 2 * i] * np.sin(a) + x[:, 2 * i + 1] * np.cos(a)
        return acc

    return reduce(step, range(d // 2), np.empty_like(x))
