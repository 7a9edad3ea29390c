# Terse learner: a walrus-heavy single return.
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    return (
        param - lr * ((m2 := beta1 * m + (1 - beta1) * grad) / (1 - beta1**t))
        / (np.sqrt((v2 := beta2 * v + (1 - beta2) * grad**2) / (1 - beta2**t)) + eps),
        m2,
        v2,
    )
