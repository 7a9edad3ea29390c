# Uses np.take_along_axis to read the labelled log-probabilities and np.put_along_axis to write
# p - 1 into a copy of the probabilities for the gradient.
import numpy as np


def softmax_cross_entropy(logits, labels):
    idx = labels[:, np.newaxis]
    z = logits - np.amax(logits, axis=1, keepdims=True)
    log_p = z - np.log(np.sum(np.exp(z), axis=1, keepdims=True))
    loss = -np.mean(np.take_along_axis(log_p, idx, axis=1))
    p = np.exp(log_p)
    grad = p.copy()
    np.put_along_axis(grad, idx, np.take_along_axis(p, idx, axis=1) - 1.0, axis=1)
    return float(loss), grad / logits.shape[0]
