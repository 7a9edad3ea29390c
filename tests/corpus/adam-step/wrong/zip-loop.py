# wrong: loops over the flattened elements with zip, as a scalar textbook implementation would.
# diagnosis: loop-for
import math

import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    out_p, out_m, out_v = [], [], []
    for p_i, g_i, m_i, v_i in zip(param.ravel(), grad.ravel(), m.ravel(), v.ravel()):
        m_i = beta1 * m_i + (1 - beta1) * g_i
        v_i = beta2 * v_i + (1 - beta2) * g_i * g_i
        out_p.append(p_i - lr * (m_i / (1 - beta1**t)) / (math.sqrt(v_i / (1 - beta2**t)) + eps))
        out_m.append(m_i)
        out_v.append(v_i)
    shape = param.shape
    return np.array(out_p).reshape(shape), np.array(out_m).reshape(shape), np.array(out_v).reshape(shape)
