# Uses the operator module's functions (sub, truediv, mul, add) for the element-wise steps,
# a stylistic quirk of someone who writes a lot of functools.reduce code. On NumPy arrays
# they simply dispatch to the broadcasting operators.
import operator

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    centred = operator.sub(x, np.mean(x, axis=-1, keepdims=True))
    denom = np.sqrt(operator.add(np.mean(operator.mul(centred, centred), axis=-1, keepdims=True), eps))
    return operator.add(operator.mul(operator.truediv(centred, denom), gamma), beta)
