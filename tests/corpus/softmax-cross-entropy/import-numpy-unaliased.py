# Writes `import numpy` with no alias, and numpy.logaddexp.reduce for the log of the sum of exps
# (stable on its own, no manual max shift).
import numpy


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    log_z = numpy.logaddexp.reduce(logits, axis=1, keepdims=True)
    log_probs = logits - log_z
    rows = numpy.arange(n)
    loss = -numpy.mean(log_probs[rows, labels])
    grad = numpy.exp(log_probs)
    grad[rows, labels] -= 1.0
    return loss, grad / n
