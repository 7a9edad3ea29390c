# Uses the identity rms(x) = ||x||_2 / sqrt(d): np.linalg.norm along the last axis (keepdims), squared
# back into the mean square so eps goes inside the square root exactly as the statement says.
import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    l2 = np.linalg.norm(x, axis=-1, keepdims=True)
    mean_square = l2**2 / d
    return x / np.sqrt(mean_square + eps) * gamma
