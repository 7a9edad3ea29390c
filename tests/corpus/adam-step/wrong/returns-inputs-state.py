# wrong: computes new moments under other names but returns the m and v it was given.
# diagnosis: returns-old-moments
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m1 = beta1 * m + (1 - beta1) * grad
    v1 = beta2 * v + (1 - beta2) * grad**2
    update = lr * (m1 / (1 - beta1**t)) / (np.sqrt(v1 / (1 - beta2**t)) + eps)
    return param - update, m, v
