import numpy as np


def sample(logits, temperature, k, uniform):
    top = np.argsort(-logits, axis=-1, kind="stable")[:, :k]       # exactly k indices
    masked = np.full_like(logits, -np.inf)
    np.put_along_axis(masked, top, np.take_along_axis(logits, top, axis=-1), axis=-1)
    scaled = masked / temperature
    e = np.exp(scaled - scaled.max(axis=-1, keepdims=True))
    probs = e / e.sum(axis=-1, keepdims=True)
    cdf = np.cumsum(probs, axis=-1)
    return np.argmax(cdf > uniform[:, None], axis=-1)
