# wrong: shifts by the single largest logit of the whole batch instead of each row's own max, so a row far below it underflows to exp(...) = 0 and log(0) = -inf.
# diagnosis: shift-by-batch-max
# proposed: global-max-shift: Subtract each row's own max (axis=1, keepdims=True); one global max still lets a low row's exps all underflow to 0.
import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    z = logits - np.max(logits)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    grad = np.exp(log_p)
    grad[np.arange(n), labels] -= 1
    return -log_p[np.arange(n), labels].mean(), grad / n
