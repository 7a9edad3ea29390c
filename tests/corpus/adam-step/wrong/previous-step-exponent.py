# wrong: thinks the correction is for the moments "before" this step, so raises beta to t - 1 (division by zero at t = 1).
# diagnosis: bias-correction-t-minus-one
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    prev = t - 1
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    m_hat = m / (1 - np.power(beta1, prev))
    v_hat = v / (1 - np.power(beta2, prev))
    return param - lr * m_hat / (np.sqrt(v_hat) + eps), m, v
