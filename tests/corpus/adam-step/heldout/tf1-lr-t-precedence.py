# wrong: folds the bias corrections into a TF1-style lr_t but writes (1 - beta1) ** t instead of 1 - beta1 ** t, so from t = 2 on the step is far too large.
# diagnosis: learning-rate-off
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    """One Adam update.

    param, grad, m, v: float arrays of the same shape (m and v are the running
    first and second moments from the previous step; zeros before the first).
    t: the 1-based number of this step.

    Return the tuple (new_param, new_m, new_v). Do not modify the inputs.
    """
    new_m = beta1 * m + (1 - beta1) * grad
    new_v = beta2 * v + (1 - beta2) * np.square(grad)

    # "efficient" form from Kingma & Ba, section 2: fold both corrections into lr
    lr_t = lr * np.sqrt(1 - beta2 ** t) / (1 - beta1) ** t
    # eps scaled so it still sits outside sqrt(v_hat)
    eps_t = eps * np.sqrt(1 - beta2 ** t)

    new_param = param - lr_t * new_m / (np.sqrt(new_v) + eps_t)
    return new_param, new_m, new_v
