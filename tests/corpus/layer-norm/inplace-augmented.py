# In-place arithmetic on a private float copy: out = x.astype(float, copy=True), then
# out -= mean, out /= std, out *= gamma, out += beta with augmented assignment.
# The caller's x is never touched thanks to the explicit copy.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    out = np.array(x, dtype=np.float64, copy=True)
    out -= out.mean(axis=-1, keepdims=True)
    out /= np.sqrt(np.mean(out ** 2, axis=-1, keepdims=True) + eps)
    out *= gamma
    out += beta
    return out
