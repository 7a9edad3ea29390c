# Textbook learner: copies Algorithm 1 of Kingma & Ba (2015) line by line, with the
# paper's names (m_t, v_t, m_hat, v_hat, theta).
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    g_t = grad
    m_t = beta1 * m + (1 - beta1) * g_t
    v_t = beta2 * v + (1 - beta2) * g_t**2
    m_hat = m_t / (1 - beta1**t)
    v_hat = v_t / (1 - beta2**t)
    theta = param - lr * m_hat / (np.sqrt(v_hat) + eps)
    return theta, m_t, v_t
