# Uses np.putmask to write -inf into a float copy of the logits wherever they fall below the
# row's k-th largest value.
import numpy as np


def sample(logits, temperature, k, uniform):
    z = np.array(logits, dtype=np.float64, copy=True)
    kth = np.partition(z, z.shape[1] - k, axis=1)[:, z.shape[1] - k]
    np.putmask(z, z < kth[:, None], -np.inf)
    z /= temperature
    z -= z.max(axis=1, keepdims=True)
    p = np.exp(z)
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(p.cumsum(axis=1) > uniform[:, None], axis=1).astype(np.int64)
