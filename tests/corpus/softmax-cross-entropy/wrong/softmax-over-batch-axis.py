# wrong: normalises over axis=0 (across the examples) instead of over each row's classes.
# diagnosis: softmax-wrong-axis
# proposed: softmax-wrong-axis: Each row is one example's scores over C classes: take the max and the sum along axis=1.
import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    z = logits - logits.max(axis=0, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=0, keepdims=True))
    grad = np.exp(log_p)
    grad[np.arange(n), labels] -= 1
    return -log_p[np.arange(n), labels].mean(), grad / n
