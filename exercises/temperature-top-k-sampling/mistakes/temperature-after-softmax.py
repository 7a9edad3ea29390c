import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.sort(logits, axis=-1)[:, -k][:, None]
    masked = np.where(logits >= kth, logits, -np.inf)
    e = np.exp(masked - masked.max(axis=-1, keepdims=True))
    probs = e / e.sum(axis=-1, keepdims=True)
    probs = probs ** (1.0 / temperature)
    cdf = np.cumsum(probs, axis=-1)
    return np.argmax(cdf > uniform[:, None], axis=-1)
