# Geometric view: the biased standard deviation is the Euclidean norm of the centred vector
# divided by sqrt(d), so sigma^2 = ||x - mu||^2 / d. Uses np.linalg.norm with axis=-1 and
# keepdims=True, then squares it so eps still goes inside the square root.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    centered = x - x.mean(axis=-1, keepdims=True)
    sq_norm = np.linalg.norm(centered, axis=-1, keepdims=True) ** 2
    return centered / np.sqrt(sq_norm / d + eps) * gamma + beta
