# wrong: subtracts each row's maximum with logits -= ..., shifting the caller's logits in place.
# diagnosis: modifies-logits

import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    logits -= logits.max(axis=1, keepdims=True)
    log_probs = logits - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    idx = np.arange(n)
    loss = -log_probs[idx, labels].mean()
    grad = np.exp(log_probs)
    grad[idx, labels] -= 1.0
    return float(loss), grad / n
