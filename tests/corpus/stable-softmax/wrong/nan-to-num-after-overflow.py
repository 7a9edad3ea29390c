# wrong: computes exp(x) / sum(exp(x)) and patches the resulting nan/inf with np.nan_to_num instead of shifting by the max.
# diagnosis: nan-patched
# proposed: nan-to-num-patch: nan_to_num hides the overflow but the probabilities are wrong; subtract the max.
import numpy as np


def softmax(x, axis=-1):
    with np.errstate(over="ignore", invalid="ignore"):
        e = np.exp(x)
        p = e / np.sum(e, axis=axis, keepdims=True)
    return np.nan_to_num(p)
