# wrong: Wrote the new even columns straight back into x and then computed the odd columns from the already rotated view, returning x itself.
# diagnosis: slices-are-views, input-modified

import numpy as np


def apply_rope(x):
    n, d = x.shape
    a = np.arange(n)[:, None] * 10000.0 ** (-np.arange(0, d, 2) / d)
    x_even = x[:, 0::2]
    x_odd = x[:, 1::2]
    x[:, 0::2] = x_even * np.cos(a) - x_odd * np.sin(a)
    x[:, 1::2] = x_even * np.sin(a) + x_odd * np.cos(a)
    return x
