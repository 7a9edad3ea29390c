import numpy as np


def softmax_cross_entropy(logits, labels):
    """Reference: mean cross-entropy of softmax(logits) and its gradient, through log-softmax."""
    logits = np.asarray(logits, dtype=np.float64)
    labels = np.asarray(labels, dtype=np.int64)
    n = logits.shape[0]
    rows = np.arange(n)
    shifted = logits - logits.max(axis=1, keepdims=True)                    # each row's max is 0
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))  # (n, c), all <= 0
    loss = -log_probs[rows, labels].mean()
    grad = np.exp(log_probs)                                                # softmax, a new array
    grad[rows, labels] -= 1.0                                               # minus one_hot(labels)
    return float(loss), grad / n
