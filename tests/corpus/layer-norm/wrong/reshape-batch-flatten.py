# wrong: flattens each example to (batch, -1) before taking statistics, copying the "LayerNorm over C,H,W" image convention.
# diagnosis: normalises-all-but-first-axis

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    n = x.shape[0]
    flat = x.reshape(n, -1)
    mean = flat.mean(axis=1, keepdims=True)
    var = flat.var(axis=1, keepdims=True)
    flat = (flat - mean) / np.sqrt(var + eps)
    return flat.reshape(x.shape) * gamma + beta
