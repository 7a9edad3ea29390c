import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.sort(logits, axis=-1)[:, -k][:, None]
    masked = np.where(logits >= kth, logits, 0.0)
    scaled = masked / temperature
    e = np.exp(scaled - scaled.max(axis=-1, keepdims=True))
    probs = e / e.sum(axis=-1, keepdims=True)
    cdf = np.cumsum(probs, axis=-1)
    return np.argmax(cdf > uniform[:, None], axis=-1)
