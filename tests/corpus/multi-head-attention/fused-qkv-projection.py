# minGPT/nanoGPT habit of one fused c_attn projection: stack w_q, w_k, w_v side by side, do one matmul,
# then split the result into q, k, v with a reshape to (T, 3, n_heads, d_k).
import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d_model = x.shape
    d_k = d_model // n_heads
    c_attn = np.concatenate([w_q, w_k, w_v], axis=1)  # (d_model, 3 * d_model)
    qkv = (x @ c_attn).reshape(T, 3, n_heads, d_k).transpose(1, 2, 0, 3)  # (3, h, T, d_k)
    q, k, v = qkv[0], qkv[1], qkv[2]
    att = q @ k.transpose(0, 2, 1) / np.sqrt(d_k)
    att = np.exp(att - att.max(axis=-1, keepdims=True))
    att /= att.sum(axis=-1, keepdims=True)
    y = (att @ v).transpose(1, 0, 2).reshape(T, d_model)
    return y @ w_o
