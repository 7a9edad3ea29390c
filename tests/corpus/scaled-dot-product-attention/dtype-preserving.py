# A learner who cares about dtypes: the computation runs in the common
# floating dtype of the inputs (np.result_type with float16 as the floor),
# so float32 in gives float32 out and float64 in gives float64 out.
# The mask value is -inf in that same dtype.
import numpy as np


def attention(Q, K, V, causal=False):
    dtype = np.result_type(Q, K, V, np.float16)
    Q, K, V = Q.astype(dtype, copy=False), K.astype(dtype, copy=False), V.astype(dtype, copy=False)
    scores = (Q @ K.T) / dtype.type(np.sqrt(Q.shape[-1]))
    if causal:
        scores = np.where(np.tri(*scores.shape, dtype=bool), scores, dtype.type(-np.inf))
    scores = scores - scores.max(axis=-1, keepdims=True)
    w = np.exp(scores)
    w = w / w.sum(axis=-1, keepdims=True)
    return w @ V
