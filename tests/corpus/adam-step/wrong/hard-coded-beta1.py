# wrong: uses the textbook 0.9 for beta1 everywhere, ignoring the beta1 argument.
# diagnosis: wrong-betas
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    b1 = 0.9
    m = b1 * m + (1 - b1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    m_hat = m / (1 - b1**t)
    v_hat = v / (1 - beta2**t)
    return param - lr * m_hat / (np.sqrt(v_hat) + eps), m, v
