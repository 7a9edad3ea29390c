# torch lerp_ learner: writes each moving average as old + (1 - beta) * (new - old).
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m_new = m + (1.0 - beta1) * (grad - m)
    v_new = v + (1.0 - beta2) * (grad * grad - v)
    corr1 = 1.0 - beta1**t
    corr2 = 1.0 - beta2**t
    new_param = param - lr * (m_new / corr1) / (np.sqrt(v_new / corr2) + eps)
    return new_param, m_new, v_new
