# wrong: Turns a scalar Python function into a "ufunc" with np.frompyfunc and casts the object result to float.
# diagnosis: loop-frompyfunc

import math
import numpy as np


def positional_encoding(max_len, d_model):
    def entry(pos, j):
        w = math.exp(-(j - j % 2) * math.log(10000.0) / d_model)
        return math.cos(pos * w) if j % 2 else math.sin(pos * w)

    ufunc = np.frompyfunc(entry, 2, 1)
    table = ufunc(np.arange(max_len)[:, None], np.arange(d_model)[None, :])
    return table.astype(np.float64)
