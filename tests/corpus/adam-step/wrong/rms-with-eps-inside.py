# wrong: computes an "RMS" as sqrt(v_hat + eps), putting eps inside the square root.
# diagnosis: eps-inside-sqrt
import numpy as np


def _rms(v_hat, eps):
    return np.sqrt(v_hat + eps)


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    m_hat = m / (1 - beta1**t)
    v_hat = v / (1 - beta2**t)
    return param - lr * m_hat / _rms(v_hat, eps), m, v
