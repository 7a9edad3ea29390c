# wrong: finds the k-th largest logit of the whole batch (np.partition on the flattened array) instead of each row's own.
# diagnosis: top-k-across-batch
# proposed: top-k-across-batch: The top-k filter is per row: each row keeps its own k largest logits.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits.ravel(), -k)[-k]
    z = np.where(logits >= kth, logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
