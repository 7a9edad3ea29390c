# Paper-reader learner: the "more efficient" ordering of Algorithm 1, with the epsilon
# rescaled (eps * sqrt(1 - beta2**t)) so it is exactly the asked-for formula.
import math

import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    c2 = math.sqrt(1 - math.pow(beta2, t))
    lr_t = lr * c2 / (1 - math.pow(beta1, t))
    return param - lr_t * m / (np.sqrt(v) + eps * c2), m, v
