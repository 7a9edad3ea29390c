# Defensive learner: checks shapes and the step number before computing.
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    param, grad, m, v = (np.asarray(a, dtype=float) for a in (param, grad, m, v))
    if not (param.shape == grad.shape == m.shape == v.shape):
        raise ValueError("param, grad, m and v must have the same shape")
    if t < 1:
        raise ValueError(f"t counts from 1, got {t}")
    if not 0.0 <= beta1 < 1.0 or not 0.0 <= beta2 < 1.0:
        raise ValueError("betas must be in [0, 1)")
    m_new = beta1 * m + (1.0 - beta1) * grad
    v_new = beta2 * v + (1.0 - beta2) * grad**2
    m_hat = m_new / (1.0 - beta1**t)
    v_hat = v_new / (1.0 - beta2**t)
    return param - lr * m_hat / (np.sqrt(v_hat) + eps), m_new, v_new
