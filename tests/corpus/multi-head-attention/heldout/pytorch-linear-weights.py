# wrong: ports nn.MultiheadAttention and applies every projection as x @ W.T, the PyTorch (out, in) convention.
# diagnosis: pytorch-weight-convention

import numpy as np


class MultiHeadAttention:
    def __init__(self, w_q, w_k, w_v, w_o, n_heads):
        self.w_q, self.w_k, self.w_v, self.w_o = w_q, w_k, w_v, w_o
        self.h = n_heads

    def _linear(self, x, w):
        return x @ w.T  # F.linear(x, w)

    def forward(self, x):
        T, C = x.shape
        hs = C // self.h
        q = self._linear(x, self.w_q).reshape(T, self.h, hs).transpose(1, 0, 2)
        k = self._linear(x, self.w_k).reshape(T, self.h, hs).transpose(1, 0, 2)
        v = self._linear(x, self.w_v).reshape(T, self.h, hs).transpose(1, 0, 2)
        att = (q @ k.transpose(0, 2, 1)) * (1.0 / np.sqrt(hs))
        att = np.exp(att - att.max(axis=-1, keepdims=True))
        att = att / att.sum(axis=-1, keepdims=True)
        y = (att @ v).transpose(1, 0, 2).reshape(T, C)
        return self._linear(y, self.w_o)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    return MultiHeadAttention(w_q, w_k, w_v, w_o, n_heads).forward(x)
