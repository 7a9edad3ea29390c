# wrong: sums the per-row losses instead of averaging them (while the gradient is divided by N).
# diagnosis: loss-summed-not-averaged
# proposed: loss-sum-not-mean: The loss is the mean over the N rows, not the sum; divide the total by N.
import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    z = logits - logits.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    grad = np.exp(log_p)
    grad[np.arange(n), labels] -= 1
    return -log_p[np.arange(n), labels].sum(), grad / n
