# Single-pass moments on *shifted* data: subtracting each vector's first entry before
# computing E[y^2] - E[y]^2 avoids the catastrophic cancellation of the naive formula when
# values sit far from zero. np.maximum guards against a tiny negative rounding result.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x, dtype=float)
    shift = x[..., :1]
    y = x - shift
    m1 = y.mean(axis=-1, keepdims=True)
    m2 = (y * y).mean(axis=-1, keepdims=True)
    var = np.maximum(m2 - m1 * m1, 0.0)
    return (y - m1) / np.sqrt(var + eps) * gamma + beta
