# Defensive version: checks x is 2-D, every weight is (d_model, d_model) and n_heads divides d_model,
# raising ValueError with a clear message, then the standard computation.
import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    x = np.asarray(x, dtype=float)
    if x.ndim != 2:
        raise ValueError(f"x must be (T, d_model), got shape {x.shape}")
    T, d_model = x.shape
    shapes = (np.shape(w_q), np.shape(w_k), np.shape(w_v), np.shape(w_o))
    if set(shapes) != {(d_model, d_model)}:
        raise ValueError(f"w_q, w_k, w_v, w_o must all be ({d_model}, {d_model}), got {shapes}")
    if not isinstance(n_heads, (int, np.integer)) or n_heads <= 0 or d_model % n_heads:
        raise ValueError(f"n_heads must be a positive divisor of d_model={d_model}, got {n_heads}")
    d_k = d_model // n_heads
    q = (x @ w_q).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    k = (x @ w_k).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    v = (x @ w_v).reshape(T, n_heads, d_k).transpose(1, 0, 2)
    s = q @ k.transpose(0, 2, 1) / np.sqrt(d_k)
    p = np.exp(s - s.max(axis=-1, keepdims=True))
    p = p / p.sum(axis=-1, keepdims=True)
    return (p @ v).transpose(1, 0, 2).reshape(T, d_model) @ w_o
