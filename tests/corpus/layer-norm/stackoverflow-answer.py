# Shaped like an accepted Stack Overflow answer to "layer normalization in numpy?":
# a short function plus the remark that np.var defaults to ddof=0 and that keepdims avoids
# the reshape dance. The docstring carries the explanation.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Normalize over the last axis.

    np.var uses ddof=0 (biased) by default, which is what LayerNorm wants, and
    keepdims=True keeps the result broadcastable against x.
    """
    mean = x.mean(-1, keepdims=True)
    var = x.var(-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta
