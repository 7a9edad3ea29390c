# wrong: keeps the logits strictly greater than the k-th largest, which drops the k-th token itself (only k - 1 kept; k = 1 keeps nothing).
# diagnosis: kth-excluded
# proposed: kth-excluded: Keep logits >= the k-th largest value; with > the k-th token (and its ties) is thrown away.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    z = np.where(logits > kth, logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
