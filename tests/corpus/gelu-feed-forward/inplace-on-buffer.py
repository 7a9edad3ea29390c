# Memory-conscious learner: one hidden buffer, updated in place with ufunc out= arguments
# (never touching x), as one would to avoid temporaries for a large d_ff.
import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    hidden = np.matmul(x, w1)
    hidden += b1
    inner = hidden**3
    inner *= 0.044715
    inner += hidden
    inner *= np.sqrt(2.0 / np.pi)
    np.tanh(inner, out=inner)
    inner += 1.0
    inner *= 0.5
    hidden *= inner
    out = hidden @ w2
    out += b2
    return out
