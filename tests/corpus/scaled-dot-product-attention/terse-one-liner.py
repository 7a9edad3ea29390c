# A code-golf minded learner: the whole thing in as few lines as possible.
# The causal mask is folded into the score expression with np.where and
# np.tri, and the stable softmax is written inline.
import numpy as np


def attention(Q, K, V, causal=False):
    S = np.where(np.tri(len(Q), len(K), dtype=bool) | (not causal), Q @ K.T / Q.shape[1] ** 0.5, -np.inf)
    return (E := np.exp(S - S.max(1, keepdims=True))) @ V / E.sum(1, keepdims=True)
