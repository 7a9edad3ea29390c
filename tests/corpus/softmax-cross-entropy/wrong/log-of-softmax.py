# wrong: computes a (stable) softmax first and then takes np.log of it, so a probability that underflows to 0 gives an infinite loss.
# diagnosis: log-of-softmax
# proposed: log-of-softmax: Take the log before exponentiating: log_softmax = x - max - log(sum(exp(x - max))); log(softmax(x)) is -inf once a probability underflows to 0.
import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    probs = e / e.sum(axis=1, keepdims=True)
    loss = -np.mean(np.log(probs[np.arange(n), labels]))
    grad = probs.copy()
    grad[np.arange(n), labels] -= 1
    return loss, grad / n
