# wrong: unpacks a (beta1, beta2) pair into the wrong names, so m decays with beta2 and v with beta1.
# diagnosis: betas-swapped
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    betas = (beta1, beta2)
    b2, b1 = betas
    m = b1 * m + (1 - b1) * grad
    v = b2 * v + (1 - b2) * grad**2
    m_hat = m / (1 - b1**t)
    v_hat = v / (1 - b2**t)
    return param - lr * m_hat / (np.sqrt(v_hat) + eps), m, v
