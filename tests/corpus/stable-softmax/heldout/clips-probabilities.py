# wrong: clips the probabilities to [1e-12, 1] "so a later log never sees 0", so a -inf score no longer gets probability exactly 0.
# diagnosis: none
# proposed: clips-probabilities: A softmax must return exact probabilities; clipping to 1e-12 gives masked entries nonzero weight and breaks the sum to 1.

import numpy as np

EPS = 1e-12


def softmax(x, axis=-1):
    shifted = x - np.max(x, axis=axis, keepdims=True)
    p = np.exp(shifted)
    p = p / np.sum(p, axis=axis, keepdims=True)
    return np.clip(p, EPS, 1.0)
