# Worried about -inf: writes the 0 probability for -inf entries explicitly with np.where,
# even though exp(-inf) would already give 0.
import numpy as np


def softmax(x, axis=-1):
    m = np.max(x, axis=axis, keepdims=True)
    with np.errstate(invalid="ignore"):
        e = np.where(np.isneginf(x), 0.0, np.exp(x - m))
    return e / np.sum(e, axis=axis, keepdims=True)
