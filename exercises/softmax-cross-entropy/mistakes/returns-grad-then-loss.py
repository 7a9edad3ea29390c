import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    rows = np.arange(n)
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    loss = -log_probs[rows, labels].mean()
    grad = np.exp(log_probs)
    grad[rows, labels] -= 1.0
    grad = grad / n
    return grad, loss
