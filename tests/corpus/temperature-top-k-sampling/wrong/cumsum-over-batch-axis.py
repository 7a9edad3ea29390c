# wrong: takes np.cumsum without axis=1 along axis 0 (down the batch), so each row's cdf adds the rows above it.
# diagnosis: cdf-wrong-axis
# proposed: cdf-wrong-axis: The running total goes along each row's vocabulary (axis=1), not down the batch.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    z = np.where(logits >= kth, logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=0) > uniform[:, None], axis=1).astype(np.int64)
