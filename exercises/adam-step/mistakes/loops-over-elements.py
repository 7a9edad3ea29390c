import math

import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    new_param = np.empty_like(param)
    m_new = np.empty_like(m)
    v_new = np.empty_like(v)
    for i in np.ndindex(param.shape):
        m_new[i] = beta1 * m[i] + (1.0 - beta1) * grad[i]
        v_new[i] = beta2 * v[i] + (1.0 - beta2) * grad[i] ** 2
        m_hat = m_new[i] / (1.0 - beta1**t)
        v_hat = v_new[i] / (1.0 - beta2**t)
        new_param[i] = param[i] - lr * m_hat / (math.sqrt(v_hat) + eps)
    return new_param, m_new, v_new
