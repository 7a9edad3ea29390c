# wrong: shifts by the max inside the exp but forgets to subtract it outside: log_p = x - log(sum(exp(x - max))), off by the max.
# diagnosis: shift-not-undone
# proposed: shift-not-undone: log_softmax(x) = x - max - log(sum(exp(x - max))); the max subtracted inside the exp must be subtracted outside too.
import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    m = logits.max(axis=1, keepdims=True)
    log_p = logits - np.log(np.exp(logits - m).sum(axis=1, keepdims=True))
    grad = np.exp(log_p - m)
    grad[np.arange(n), labels] -= 1
    return -log_p[np.arange(n), labels].mean(), grad / n
