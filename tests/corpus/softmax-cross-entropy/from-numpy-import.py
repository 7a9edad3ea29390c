# Imports the few names it needs from numpy directly.
from numpy import arange, exp, log, max, mean, sum


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    z = logits - max(logits, axis=1, keepdims=True)
    log_probs = z - log(sum(exp(z), axis=1, keepdims=True))
    loss = -mean(log_probs[arange(n), labels])
    grad = exp(log_probs)
    grad[arange(n), labels] = grad[arange(n), labels] - 1
    return loss, grad / n
