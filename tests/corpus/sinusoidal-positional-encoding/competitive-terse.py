# Competitive-programming habit: short names, no docstring, as few lines as possible.
# One outer product, one stack, one reshape; the result is a fresh float64 array.
# Written by someone who just wants the shortest correct thing that passes.
import numpy as np
def positional_encoding(n, d):
    a = np.outer(np.arange(n), 1e4 ** (-np.arange(0, d, 2) / d))
    return np.stack((np.sin(a), np.cos(a)), 2).reshape(n, d)
