# wrong: reads the threshold at np.partition(...)[:, k - 1], which is the k-th smallest, so almost the whole vocabulary is kept.
# diagnosis: kth-smallest
# proposed: kth-smallest: np.partition sorts ascending; the k-th largest sits at index -k (V - k), not k - 1.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, k - 1, axis=1)[:, [k - 1]]
    z = np.where(logits >= kth, logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
