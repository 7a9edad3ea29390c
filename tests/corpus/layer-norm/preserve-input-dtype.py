# Works in the input's own precision: float32 in, float32 out (like a framework would),
# with gamma and beta cast to x's dtype first so nothing is silently upcast. Non-float
# inputs are converted to float64 first.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x)
    if not np.issubdtype(x.dtype, np.floating):
        x = x.astype(np.float64)
    gamma = np.asarray(gamma, dtype=x.dtype)
    beta = np.asarray(beta, dtype=x.dtype)
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return ((x - mean) / np.sqrt(var + x.dtype.type(eps)) * gamma + beta).astype(x.dtype, copy=False)
