# wrong: overwrites m and v with their bias-corrected versions and returns those as the new state.
# diagnosis: returns-corrected-moments
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    m = m / (1 - beta1**t)
    v = v / (1 - beta2**t)
    return param - lr * m / (np.sqrt(v) + eps), m, v
