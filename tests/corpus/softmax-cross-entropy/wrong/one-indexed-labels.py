# wrong: assumes the labels are 1-based (as in MATLAB/R datasets) and subtracts 1, shifting every label to the previous class (label 0 wraps to the last).
# diagnosis: labels-one-based
# proposed: labels-shifted: The labels are already 0-based indices into the C classes; use them as they are.
import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    idx = labels - 1
    z = logits - logits.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    grad = np.exp(log_p)
    grad[np.arange(n), idx] -= 1
    return -log_p[np.arange(n), idx].mean(), grad / n
