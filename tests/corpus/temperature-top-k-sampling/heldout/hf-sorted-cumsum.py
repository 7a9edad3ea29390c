# wrong: ports HuggingFace-style sampling that sorts the probabilities descending, draws on the cumulative sum in sorted order, then maps back to vocabulary ids.
# diagnosis: cumsum-in-sorted-order

import numpy as np


def sample(logits, temperature, k, uniform):
    order = np.argsort(-logits, axis=-1, kind="stable")
    sorted_logits = np.take_along_axis(logits, order, axis=-1)
    kth = sorted_logits[:, k - 1:k]
    sorted_logits = np.where(sorted_logits >= kth, sorted_logits / temperature, -np.inf)
    sorted_logits = sorted_logits - sorted_logits[:, :1]
    p = np.exp(sorted_logits)
    p = p / p.sum(axis=-1, keepdims=True)
    cdf = np.cumsum(p, axis=-1)
    pos = np.argmax(cdf > uniform[:, None], axis=-1)
    return np.take_along_axis(order, pos[:, None], axis=-1)[:, 0].astype(np.int64)
