# Runs the arithmetic inside np.errstate(divide="raise", invalid="raise") to prove that the
# eps inside the square root keeps constant vectors from producing 0/0 (nan): with eps > 0
# no floating-point error is ever raised here.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    with np.errstate(divide="raise", invalid="raise"):
        mean = np.mean(x, axis=-1, keepdims=True)
        var = np.var(x, axis=-1, keepdims=True)
        x_hat = (x - mean) / np.sqrt(var + eps)
        return x_hat * gamma + beta
