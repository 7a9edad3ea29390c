# wrong: Runs the MLP in float16 "like mixed-precision inference", losing precision (and overflowing z**3 for large z).
# diagnosis: low-precision
# proposed: low-precision: compute in float64; float16 keeps about three significant digits and overflows above 65504.

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    x, w1, b1, w2, b2 = (a.astype(np.float16) for a in (x, w1, b1, w2, b2))
    z = x @ w1 + b1
    a = np.float16(0.5) * z * (1 + np.tanh(np.float16(0.7978845608) * (z + np.float16(0.044715) * z**3)))
    return (a @ w2 + b2).astype(np.float64)
