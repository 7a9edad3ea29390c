# wrong: forgets to square the gradient in the second moment (v tracks grad, and its sqrt goes NaN).
# diagnosis: v-not-squared
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    new_m = beta1 * m + (1.0 - beta1) * grad
    new_v = beta2 * v + (1.0 - beta2) * grad
    m_hat = new_m / (1.0 - beta1**t)
    v_hat = new_v / (1.0 - beta2**t)
    new_param = param - lr * m_hat / (np.sqrt(v_hat) + eps)
    return new_param, new_m, new_v
