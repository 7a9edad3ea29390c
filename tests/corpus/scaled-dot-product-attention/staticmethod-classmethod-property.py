# Someone showing off the Python class toolbox: a @staticmethod softmax,
# a @classmethod alternate constructor, and a @property for the scale
# factor 1/sqrt(d_k). The module-level `attention` function builds the
# object from the inputs and calls it.
import numpy as np


class Attention:
    def __init__(self, d_k, causal=False):
        self.d_k = d_k
        self.causal = causal

    @classmethod
    def for_inputs(cls, Q, causal=False):
        return cls(Q.shape[-1], causal=causal)

    @property
    def scale(self):
        return 1.0 / np.sqrt(self.d_k)

    @staticmethod
    def softmax(x):
        e = np.exp(x - np.max(x, axis=-1, keepdims=True))
        return e / np.sum(e, axis=-1, keepdims=True)

    @staticmethod
    def causal_mask(n_q, n_k):
        return np.tril(np.ones((n_q, n_k), dtype=bool))

    def forward(self, Q, K, V):
        s = (Q @ K.T) * self.scale
        if self.causal:
            s = np.where(self.causal_mask(*s.shape), s, -np.inf)
        return self.softmax(s) @ V


def attention(Q, K, V, causal=False):
    return Attention.for_inputs(Q, causal=causal).forward(Q, K, V)
