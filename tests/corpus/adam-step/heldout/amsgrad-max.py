# wrong: mixes in AMSGrad: keeps the element-wise max of the old and new second moment, steps with it and returns it as new_v, so v never decreases when gradients shrink.
# diagnosis: none
# proposed: AMSGrad-style max: uses (and returns) np.maximum(v, v_t) instead of v_t, so the second moment cannot decrease
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    """One Adam update.

    param, grad, m, v: float arrays of the same shape (m and v are the running
    first and second moments from the previous step; zeros before the first).
    t: the 1-based number of this step.

    Return the tuple (new_param, new_m, new_v). Do not modify the inputs.
    """
    new_m = beta1 * m + (1.0 - beta1) * grad
    new_v = beta2 * v + (1.0 - beta2) * grad ** 2
    # never let the denominator shrink (Reddi et al., "On the Convergence of Adam")
    new_v = np.maximum(v, new_v)

    m_hat = new_m / (1.0 - beta1 ** t)
    v_hat = new_v / (1.0 - beta2 ** t)

    new_param = param - lr * m_hat / (np.sqrt(v_hat) + eps)
    return new_param, new_m, new_v
