# Port of nanoGPT's CausalSelfAttention.forward without the causal mask (B = 1 added and removed):
# q, k, v "view(B, T, n_head, C // n_head).transpose(1, 2)", att = (q @ k.T) * (1.0 / sqrt(k.size(-1))),
# softmax, y = att @ v, "re-assemble all head outputs side by side", then c_proj.
import math

import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    x = x[None]
    B, T, C = x.shape
    q, k, v = x @ w_q, x @ w_k, x @ w_v
    k = k.reshape(B, T, n_heads, C // n_heads).swapaxes(1, 2)  # (B, nh, T, hs)
    q = q.reshape(B, T, n_heads, C // n_heads).swapaxes(1, 2)
    v = v.reshape(B, T, n_heads, C // n_heads).swapaxes(1, 2)
    att = (q @ k.swapaxes(-2, -1)) * (1.0 / math.sqrt(k.shape[-1]))
    att = np.exp(att - att.max(axis=-1, keepdims=True))
    att = att / att.sum(axis=-1, keepdims=True)
    y = att @ v  # (B, nh, T, hs)
    y = y.swapaxes(1, 2).reshape(B, T, C)
    y = y @ w_o
    return y[0]
