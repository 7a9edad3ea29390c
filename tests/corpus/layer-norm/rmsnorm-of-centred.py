# Someone who implemented RMSNorm first (LLaMA-style) and notices that layer norm is just
# RMSNorm applied to the centred vector: x - mean(x) has mean 0, so its mean square is the
# biased variance. Reuses the `_rms_normalize` helper, then applies gamma and beta.
import numpy as np


def _rms_normalize(v, eps):
    return v / np.sqrt(np.mean(np.square(v), axis=-1, keepdims=True) + eps)


def layer_norm(x, gamma, beta, eps=1e-5):
    centred = x - np.mean(x, axis=-1, keepdims=True)
    return _rms_normalize(centred, eps) * gamma + beta
