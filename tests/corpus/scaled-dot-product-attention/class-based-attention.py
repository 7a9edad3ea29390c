# An object-oriented learner who models attention as a callable object:
# `class ScaledDotProductAttention` with __init__ (storing the mask value)
# and __call__. The entry name is bound at module level to an instance, so
# `attention(Q, K, V, causal=True)` calls __call__.
import numpy as np


class ScaledDotProductAttention:
    def __init__(self, mask_value=-np.inf):
        self.mask_value = mask_value

    def scores(self, Q, K):
        return Q @ K.T / np.sqrt(Q.shape[1])

    def softmax(self, S):
        S = S - S.max(axis=1, keepdims=True)
        E = np.exp(S)
        return E / E.sum(axis=1, keepdims=True)

    def __call__(self, Q, K, V, causal=False):
        S = self.scores(Q, K)
        if causal:
            S = np.where(np.tri(*S.shape, dtype=bool), S, self.mask_value)
        return self.softmax(S) @ V


attention = ScaledDotProductAttention()
