# wrong: writes the usual 1e-3 into the step instead of using the lr argument (only a call with another lr shows it).
# diagnosis: learning-rate-off
import numpy as np

LEARNING_RATE = 0.001


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    m_hat = m / (1 - beta1**t)
    v_hat = v / (1 - beta2**t)
    return param - LEARNING_RATE * m_hat / (np.sqrt(v_hat) + eps), m, v
