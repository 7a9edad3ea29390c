# Student following the statement step by step: k-th largest per row with np.partition, mask the
# rest to -inf with np.where, divide by the temperature, stable softmax, first cumsum > u.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, -k][:, None]
    masked = np.where(logits >= kth, logits, -np.inf)
    z = masked / temperature
    z = z - z.max(axis=1, keepdims=True)
    probs = np.exp(z) / np.exp(z).sum(axis=1, keepdims=True)
    cdf = np.cumsum(probs, axis=1)
    return np.argmax(cdf > uniform[:, None], axis=1).astype(np.int64)
