# Port of minGPT's generate(): logits / temperature, then torch.topk and
# `logits[logits < v[:, [-1]]] = -float('Inf')` (on a copy here), F.softmax, and torch.multinomial
# replaced by the inverse-CDF draw with the given uniforms.
import numpy as np


def _topk_values(x, k):
    # torch.topk returns the k largest, sorted descending
    return -np.sort(-x, axis=-1)[:, :k]


def _softmax(x, dim=-1):
    e = np.exp(x - np.max(x, axis=dim, keepdims=True))
    return e / np.sum(e, axis=dim, keepdims=True)


def sample(logits, temperature, k, uniform):
    logits = logits / temperature  # a new array: the caller's logits are untouched
    v = _topk_values(logits, k)
    logits[logits < v[:, [-1]]] = -float("Inf")
    probs = _softmax(logits, dim=-1)
    cdf = np.cumsum(probs, axis=-1)
    idx_next = np.argmax(cdf > uniform[:, None], axis=-1)
    return idx_next.astype(np.int64)
