# @dataclass holding the four projection matrices and n_heads, with a derived d_k property and a
# __call__; a learner who likes configuration objects.
from dataclasses import dataclass

import numpy as np


@dataclass
class MultiHeadAttention:
    w_q: np.ndarray
    w_k: np.ndarray
    w_v: np.ndarray
    w_o: np.ndarray
    n_heads: int

    @property
    def d_model(self) -> int:
        return self.w_q.shape[0]

    @property
    def d_k(self) -> int:
        return self.d_model // self.n_heads

    def heads(self, m: np.ndarray) -> np.ndarray:
        return m.reshape(m.shape[0], self.n_heads, self.d_k).transpose(1, 0, 2)

    def __call__(self, x: np.ndarray) -> np.ndarray:
        q, k, v = self.heads(x @ self.w_q), self.heads(x @ self.w_k), self.heads(x @ self.w_v)
        s = q @ k.transpose(0, 2, 1) / np.sqrt(self.d_k)
        p = np.exp(s - s.max(axis=-1, keepdims=True))
        p /= p.sum(axis=-1, keepdims=True)
        return (p @ v).transpose(1, 0, 2).reshape(x.shape[0], self.d_model) @ self.w_o


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    return MultiHeadAttention(w_q, w_k, w_v, w_o, n_heads)(x)
