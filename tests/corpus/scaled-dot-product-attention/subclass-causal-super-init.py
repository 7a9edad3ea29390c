# An inheritance-minded learner: a base `Attention` class for the plain
# case and a `CausalAttention` subclass that calls super().__init__() and
# overrides only the masking hook. The entry function chooses the class.
# (The kind of design you see in small teaching frameworks.)
import numpy as np


class Attention:
    def __init__(self, name="attention"):
        self.name = name

    def mask(self, scores):
        return scores

    def __call__(self, Q, K, V):
        scores = Q @ K.T / np.sqrt(Q.shape[-1])
        scores = self.mask(scores)
        scores = scores - scores.max(axis=-1, keepdims=True)
        w = np.exp(scores)
        w /= w.sum(axis=-1, keepdims=True)
        return w @ V


class CausalAttention(Attention):
    def __init__(self):
        super().__init__(name="causal-attention")
        self.fill = -np.inf

    def mask(self, scores):
        scores = super().mask(scores).copy()
        scores[np.triu_indices(scores.shape[0], k=1, m=scores.shape[1])] = self.fill
        return scores


def attention(Q, K, V, causal=False):
    layer = CausalAttention() if causal else Attention()
    return layer(Q, K, V)
