# wrong: learned the log-sum-exp trick and returns the log-probabilities x - logsumexp(x), forgetting the final exp.
# diagnosis: returns-log-softmax
# proposed: returns-log-softmax: that is log(softmax); take exp of it to get probabilities.
import numpy as np


def softmax(x, axis=-1):
    m = np.max(x, axis=axis, keepdims=True)
    return x - m - np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True))
