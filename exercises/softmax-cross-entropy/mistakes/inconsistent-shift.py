import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    rows = np.arange(n)
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(logits).sum(axis=1, keepdims=True))
    grad = np.exp(log_probs)
    grad[rows, labels] -= 1.0
    return -log_probs[rows, labels].mean(), grad / n
