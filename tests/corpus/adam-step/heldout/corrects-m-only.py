# wrong: bias-corrects the first moment but divides by np.sqrt(v) + eps with the uncorrected second moment, so early steps are about sqrt(1/(1-beta2**t)) times too large.
# diagnosis: one-bias-correction
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    """One Adam update.

    param, grad, m, v: float arrays of the same shape (m and v are the running
    first and second moments from the previous step; zeros before the first).
    t: the 1-based number of this step.

    Return the tuple (new_param, new_m, new_v). Do not modify the inputs.
    """
    # momentum part
    m_t = beta1 * m + (1 - beta1) * grad
    # RMSprop part
    v_t = beta2 * v + (1 - beta2) * grad ** 2

    # m starts at zero, so un-bias it
    m_hat = m_t / (1 - beta1 ** t)

    new_param = param - lr * m_hat / (np.sqrt(v_t) + eps)
    return new_param, m_t, v_t
