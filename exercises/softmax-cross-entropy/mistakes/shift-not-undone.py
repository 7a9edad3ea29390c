import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    rows = np.arange(n)
    m = logits.max(axis=1, keepdims=True)
    lse = np.log(np.sum(np.exp(logits - m), axis=1, keepdims=True))  # stable log-sum-exp
    log_probs = logits - lse
    probs = np.exp(logits - m) / np.sum(np.exp(logits - m), axis=1, keepdims=True)
    grad = probs
    grad[rows, labels] -= 1.0
    return -log_probs[rows, labels].mean(), grad / n
