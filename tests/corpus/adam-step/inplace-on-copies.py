# PyTorch-habit learner who read "do not modify": copies first, then updates the copies in place.
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    param = param.copy()
    m = m.copy()
    v = v.copy()
    m *= beta1
    m += (1 - beta1) * grad
    v *= beta2
    v += (1 - beta2) * grad**2
    denom = np.sqrt(v / (1 - beta2**t))
    denom += eps
    param -= lr * (m / (1 - beta1**t)) / denom
    return param, m, v
