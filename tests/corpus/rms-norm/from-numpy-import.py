# `from numpy import ...` style: only the names used, no `np.` prefix anywhere.
from numpy import asarray, mean, sqrt, square


def rms_norm(x, gamma, eps=1e-6):
    x = asarray(x, dtype=float)
    denominator = sqrt(mean(square(x), axis=-1, keepdims=True) + eps)
    return x / denominator * asarray(gamma)
