# wrong: ports torch.optim.AdamW instead of Adam, so every step also shrinks the parameters by lr * 0.01 * param (decoupled weight decay the exercise never asks for).
# diagnosis: none
# proposed: applies decoupled weight decay (AdamW): the parameters are scaled by (1 - lr*weight_decay) before the Adam step
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    """One Adam update.

    param, grad, m, v: float arrays of the same shape (m and v are the running
    first and second moments from the previous step; zeros before the first).
    t: the 1-based number of this step.

    Return the tuple (new_param, new_m, new_v). Do not modify the inputs.
    """
    # following torch/optim/adamw.py (_single_tensor_adamw)
    weight_decay = 1e-2

    # perform stepweight decay
    new_param = param * (1.0 - lr * weight_decay)

    # decay the first and second moment running average coefficient
    new_m = beta1 * m + (1.0 - beta1) * grad
    new_v = beta2 * v + (1.0 - beta2) * grad * grad

    bias_correction1 = 1.0 - beta1 ** t
    bias_correction2 = 1.0 - beta2 ** t

    step_size = lr / bias_correction1
    denom = np.sqrt(new_v) / np.sqrt(bias_correction2) + eps

    new_param = new_param - step_size * new_m / denom
    return new_param, new_m, new_v
