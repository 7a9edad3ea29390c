import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.sort(logits, axis=-1)[:, -k][:, None]
    masked = np.where(logits >= kth, logits, -np.inf)
    scaled = masked / temperature
    e = np.exp(scaled - scaled.max(axis=-1, keepdims=True))
    probs = e / e.sum(axis=-1, keepdims=True)
    order = np.argsort(-probs, axis=-1, kind="stable")
    cdf = np.cumsum(np.take_along_axis(probs, order, axis=-1), axis=-1)
    position = np.argmax(cdf > uniform[:, None], axis=-1)
    return order[np.arange(len(order)), position]
