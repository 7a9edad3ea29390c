# Helper-splitting learner: one private helper per idea (moving average, bias correction).
import numpy as np


def _ema(old, new, beta):
    return beta * old + (1.0 - beta) * new


def _unbias(avg, beta, t):
    return avg / (1.0 - beta**t)


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m_new = _ema(m, grad, beta1)
    v_new = _ema(v, grad**2, beta2)
    step = _unbias(m_new, beta1, t) / (np.sqrt(_unbias(v_new, beta2, t)) + eps)
    return param - lr * step, m_new, v_new
