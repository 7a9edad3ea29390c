# wrong: copies PyTorch's `state['step'] += 1` and increments t before the bias correction, so the corrections use t + 1 (the first step is only about 0.53*lr).
# diagnosis: wrong-step-count, bias-correction-zero-based
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    """One Adam update.

    param, grad, m, v: float arrays of the same shape (m and v are the running
    first and second moments from the previous step; zeros before the first).
    t: the 1-based number of this step.

    Return the tuple (new_param, new_m, new_v). Do not modify the inputs.
    """
    # like torch.optim.Adam: bump the step counter first
    step = t + 1

    exp_avg = beta1 * m + (1 - beta1) * grad
    exp_avg_sq = beta2 * v + (1 - beta2) * grad * grad

    bias_correction1 = 1 - beta1 ** step
    bias_correction2 = 1 - beta2 ** step

    denom = np.sqrt(exp_avg_sq / bias_correction2) + eps
    new_param = param - lr * (exp_avg / bias_correction1) / denom
    return new_param, exp_avg, exp_avg_sq
