# wrong: casts everything to float32 "to save memory" as in mixed-precision code, so the result loses precision and comes back float32.
# diagnosis: none
# proposed: computes-in-float32: The block must be computed and returned in float64; casting to float32 loses about eight digits.

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    x = x.astype(np.float32)
    w1, b1 = w1.astype(np.float32), b1.astype(np.float32)
    w2, b2 = w2.astype(np.float32), b2.astype(np.float32)
    z = x @ w1 + b1
    h = np.float32(0.5) * z * (1 + np.tanh(np.float32(np.sqrt(2 / np.pi)) * (z + np.float32(0.044715) * z ** 3)))
    return h @ w2 + b2
