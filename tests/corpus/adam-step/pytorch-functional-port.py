# Port of torch.optim._functional.adam (single tensor, no amsgrad): bias_correction1/2,
# denom = exp_avg_sq.sqrt() / sqrt(bias_correction2) + eps, step_size = lr / bias_correction1.
import math

import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    exp_avg = m * beta1 + grad * (1 - beta1)
    exp_avg_sq = v * beta2 + grad * grad * (1 - beta2)
    bias_correction1 = 1 - beta1**t
    bias_correction2 = 1 - beta2**t
    step_size = lr / bias_correction1
    bias_correction2_sqrt = math.sqrt(bias_correction2)
    denom = np.sqrt(exp_avg_sq) / bias_correction2_sqrt + eps
    return param - step_size * exp_avg / denom, exp_avg, exp_avg_sq
