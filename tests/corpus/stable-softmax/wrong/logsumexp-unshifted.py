# wrong: uses exp(x - logsumexp(x)) but computes logsumexp as log(sum(exp(x))), which overflows before the log.
# diagnosis: unshifted-exp
# proposed: unstable-logsumexp: logsumexp must itself subtract the maximum: m + log(sum(exp(x - m))).
import numpy as np


def softmax(x, axis=-1):
    lse = np.log(np.sum(np.exp(x), axis=axis, keepdims=True))
    return np.exp(x - lse)
