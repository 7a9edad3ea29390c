# Uses np.nanmean / np.nanvar out of habit from cleaning real data sets. With finite
# inputs they give exactly the same numbers as np.mean / np.var (ddof=0 by default),
# reduced along the last axis with keepdims=True.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = np.nanmean(x, axis=-1, keepdims=True)
    var = np.nanvar(x, axis=-1, keepdims=True)
    return (x - mu) / np.sqrt(var + eps) * gamma + beta
