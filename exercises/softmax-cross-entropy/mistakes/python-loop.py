import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    total = 0.0
    grad = np.zeros_like(logits, dtype=np.float64)
    for i in range(n):
        row = logits[i] - logits[i].max()
        log_probs = row - np.log(np.exp(row).sum())
        total += -log_probs[labels[i]]
        grad[i] = np.exp(log_probs)
        grad[i, labels[i]] -= 1.0
    return total / n, grad / n
