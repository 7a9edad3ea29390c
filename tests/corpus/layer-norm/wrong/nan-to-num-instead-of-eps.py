# wrong: drops eps and patches the 0/0 of constant vectors with np.nan_to_num, which differs when the variance is tiny.
# diagnosis: no-eps, eps-argument-ignored

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    centred = x - x.mean(axis=-1, keepdims=True)
    std = np.sqrt((centred ** 2).mean(axis=-1, keepdims=True))
    with np.errstate(divide="ignore", invalid="ignore"):
        x_hat = centred / std
    x_hat = np.nan_to_num(x_hat)  # constant rows -> 0
    return x_hat * gamma + beta
