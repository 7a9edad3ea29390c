# Spells out ddof=0 in np.var even though it is the default, because the statement stresses
# the biased variance and the author wants the intent visible in the code review.
# Uses np.subtract / np.divide for the normalisation step.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=-1, keepdims=True)
    var = np.var(x, axis=-1, ddof=0, keepdims=True)
    x_hat = np.divide(np.subtract(x, mean), np.sqrt(var + eps))
    return x_hat * gamma + beta
