# A learner who separates "compute the weight matrix" from "apply it":
# `attention_weights` returns W (handy for the V = identity self-check), and
# `attention` is W @ V. The causal bias is np.triu(k=1) of a matrix full of
# -inf (zeros on and below the diagonal), added to the logits.
import numpy as np


def attention_weights(Q, K, causal=False):
    """Return the (n_q, n_k) matrix of attention weights."""
    d_k = Q.shape[1]
    logits = Q @ K.T / np.sqrt(d_k)
    if causal:
        logits = logits + np.triu(np.full(logits.shape, -np.inf), k=1)
    logits = logits - logits.max(axis=1, keepdims=True)
    w = np.exp(logits)
    return w / w.sum(axis=1, keepdims=True)


def attention(Q, K, V, causal=False):
    return attention_weights(Q, K, causal=causal) @ V
