# wrong: Applies np.tril to the softmax output, a learner who read "weights above the diagonal must be 0" as the recipe.
# diagnosis: mask-after-softmax

import numpy as np


def _softmax(x: np.ndarray) -> np.ndarray:
    z = x - x.max(axis=-1, keepdims=True)
    ez = np.exp(z)
    return ez / ez.sum(axis=-1, keepdims=True)


def attention(Q, K, V, causal=False):
    w = _softmax(Q @ K.T / np.sqrt(K.shape[-1]))
    if causal:
        w = np.tril(w)
    return w @ V
