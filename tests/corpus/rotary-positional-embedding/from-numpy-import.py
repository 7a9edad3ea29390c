# A MATLAB convert who imports NumPy functions by name so the body reads
# like the formula: `from numpy import arange, cos, sin, ...`. The result
# is interleaved with dstack, which stacks along a new third axis.
from numpy import arange, cos, dstack, newaxis, power, sin


def apply_rope(x):
    L, D = x.shape
    a = arange(L)[:, newaxis] * power(10000.0, -arange(0, D, 2) / D)[newaxis, :]
    C, S = cos(a), sin(a)
    xe, xo = x[:, 0::2], x[:, 1::2]
    return dstack((xe * C - xo * S, xe * S + xo * C)).reshape(L, D)
