# Learner who met the log-sum-exp trick first: softmax = exp(x - logsumexp(x)),
# with logsumexp itself computed stably as m + log(sum(exp(x - m))).
import numpy as np


def logsumexp(x, axis):
    m = np.max(x, axis=axis, keepdims=True)
    return m + np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True))


def softmax(x, axis=-1):
    return np.exp(x - logsumexp(x, axis))
