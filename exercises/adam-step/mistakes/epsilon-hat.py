import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    # the paper's "more efficient" ordering, with eps added to the uncorrected sqrt(v)
    m_new = beta1 * m + (1.0 - beta1) * grad
    v_new = beta2 * v + (1.0 - beta2) * grad**2
    lr_t = lr * np.sqrt(1.0 - beta2**t) / (1.0 - beta1**t)
    new_param = param - lr_t * m_new / (np.sqrt(v_new) + eps)
    return new_param, m_new, v_new
