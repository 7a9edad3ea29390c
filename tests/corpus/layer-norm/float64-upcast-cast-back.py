# Mixed-precision habit: the statistics are computed in float64 no matter what comes in,
# and the result is cast back to the input's floating dtype (float32 stays float32);
# non-float inputs (e.g. ints) come back as float64.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x)
    out_dtype = x.dtype if np.issubdtype(x.dtype, np.floating) else np.float64
    x64 = x.astype(np.float64)
    mean = x64.mean(axis=-1, keepdims=True)
    var = x64.var(axis=-1, keepdims=True)
    y = (x64 - mean) / np.sqrt(var + eps) * np.asarray(gamma, np.float64) + np.asarray(beta, np.float64)
    return y.astype(out_dtype)
