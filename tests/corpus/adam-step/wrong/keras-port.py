# wrong: ports keras.optimizers.Adam (alpha = lr * sqrt(1 - beta2^t) / (1 - beta1^t), then m / (sqrt(v) + eps)), which puts eps on the uncorrected sqrt(v).
# diagnosis: epsilon-hat
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    local_step = float(t)
    beta_1_power = beta1**local_step
    beta_2_power = beta2**local_step
    alpha = lr * np.sqrt(1 - beta_2_power) / (1 - beta_1_power)
    m = m + (grad - m) * (1 - beta1)
    v = v + (np.square(grad) - v) * (1 - beta2)
    return param - (m * alpha) / (np.sqrt(v) + eps), m, v
