# A cautious learner who uses copy.deepcopy on a default settings dict so
# that no call can change the defaults, and np.array(..., copy=True) on the
# scores before masking in place, to be extra sure the inputs stay untouched.
import copy

import numpy as np

_DEFAULTS = {"fill": -np.inf, "axis": -1}


def attention(Q, K, V, causal=False):
    settings = copy.deepcopy(_DEFAULTS)
    scores = np.array(Q @ K.T, dtype=np.float64, copy=True) / np.sqrt(Q.shape[-1])
    if causal:
        scores[np.triu(np.ones(scores.shape, dtype=bool), k=1)] = settings["fill"]
    axis = settings["axis"]
    scores -= scores.max(axis=axis, keepdims=True)
    np.exp(scores, out=scores)
    scores /= scores.sum(axis=axis, keepdims=True)
    return scores @ V
