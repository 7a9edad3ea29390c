# Ufunc learner: np.power, np.multiply, np.add, np.divide and np.subtract instead of operators.
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m_new = np.add(np.multiply(beta1, m), np.multiply(1.0 - beta1, grad))
    v_new = np.add(np.multiply(beta2, v), np.multiply(1.0 - beta2, np.power(grad, 2)))
    m_hat = np.divide(m_new, 1.0 - np.power(beta1, t))
    v_hat = np.divide(v_new, 1.0 - np.power(beta2, t))
    update = np.divide(np.multiply(lr, m_hat), np.add(np.sqrt(v_hat), eps))
    return np.subtract(param, update), m_new, v_new
