# A learner who supports arbitrary leading batch axes and uses
# itertools.chain to assemble the broadcastable mask shape (1, ..., 1, n_q, n_k)
# from the batch rank. The actual work is still two matmuls and a softmax.
import itertools

import numpy as np


def attention(Q, K, V, causal=False):
    scores = Q @ np.swapaxes(K, -1, -2) / np.sqrt(Q.shape[-1])
    if causal:
        n_q, n_k = scores.shape[-2:]
        mask_shape = tuple(itertools.chain(itertools.repeat(1, scores.ndim - 2), (n_q, n_k)))
        visible = np.tril(np.ones((n_q, n_k), dtype=bool)).reshape(mask_shape)
        scores = np.where(visible, scores, -np.inf)
    scores = scores - np.max(scores, axis=-1, keepdims=True)
    w = np.exp(scores)
    return (w / np.sum(w, axis=-1, keepdims=True)) @ V
