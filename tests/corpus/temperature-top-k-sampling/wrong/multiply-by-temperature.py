# wrong: multiplies the logits by the temperature instead of dividing, so a low temperature flattens the distribution.
# diagnosis: temperature-multiplied
# proposed: temperature-multiplied: Divide the logits by the temperature; T < 1 must sharpen the distribution and T > 1 flatten it.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    z = np.where(logits >= kth, logits, -np.inf) * temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
