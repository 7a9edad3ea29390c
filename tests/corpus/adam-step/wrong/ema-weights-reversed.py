# wrong: puts beta on the new gradient and 1 - beta on the old average.
# diagnosis: ema-weights-swapped
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m = beta1 * grad + (1 - beta1) * m
    v = beta2 * grad**2 + (1 - beta2) * v
    m_hat = m / (1 - beta1**t)
    v_hat = v / (1 - beta2**t)
    return param - lr * m_hat / (np.sqrt(v_hat) + eps), m, v
