# Memory-conscious: allocates one float output with np.subtract(..., out=...) and then
# keeps working in place with np.divide(..., out=out), np.multiply(..., out=out) and
# np.add(..., out=out). The input x itself is never modified.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x)
    dtype = np.result_type(x, gamma, beta, np.float32)
    mean = x.mean(axis=-1, keepdims=True)
    denom = np.sqrt(x.var(axis=-1, keepdims=True) + eps)
    out = np.empty(x.shape, dtype=dtype)
    np.subtract(x, mean, out=out)
    np.divide(out, denom, out=out)
    np.multiply(out, gamma, out=out)
    np.add(out, beta, out=out)
    return out
