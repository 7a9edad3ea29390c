# Numerically-minded learner: computes 1 - beta**t as -expm1(t * log(beta)).
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m_new = beta1 * m + (1 - beta1) * grad
    v_new = beta2 * v + (1 - beta2) * grad**2
    bc1 = -np.expm1(t * np.log(beta1))
    bc2 = -np.expm1(t * np.log(beta2))
    return param - lr * (m_new / bc1) / (np.sqrt(v_new / bc2) + eps), m_new, v_new
