# Lets NumPy do the statistics: np.mean and np.var with axis=-1 and keepdims=True.
# np.var divides by d by default (ddof=0), exactly the biased variance the statement asks for.
# The shortest "obviously right" version most learners would hand in.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=-1, keepdims=True)
    var = np.var(x, axis=-1, keepdims=True)
    normalized = (x - mean) / np.sqrt(var + eps)
    return normalized * gamma + beta
