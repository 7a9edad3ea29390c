# Fully annotated with numpy.typing; a mypy --strict learner. Shapes in the comments.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]


def softmax(scores: Array) -> Array:
    """Stable softmax over the last axis (the keys)."""
    shifted: Array = scores - scores.max(axis=-1, keepdims=True)
    exps: Array = np.exp(shifted)
    result: Array = exps / exps.sum(axis=-1, keepdims=True)
    return result


def multi_head_attention(x: Array, w_q: Array, w_k: Array, w_v: Array, w_o: Array, n_heads: int) -> Array:
    """Multi-head self-attention without a mask; returns (T, d_model)."""
    seq_len, d_model = x.shape
    d_k: int = d_model // n_heads
    shape = (seq_len, n_heads, d_k)
    q: Array = (x @ w_q).reshape(shape).transpose(1, 0, 2)  # (h, T, d_k)
    k: Array = (x @ w_k).reshape(shape).transpose(1, 0, 2)
    v: Array = (x @ w_v).reshape(shape).transpose(1, 0, 2)
    weights: Array = softmax(q @ k.transpose(0, 2, 1) / np.sqrt(d_k))  # (h, T, T)
    heads: Array = weights @ v  # (h, T, d_k)
    out: Array = heads.transpose(1, 0, 2).reshape(seq_len, d_model) @ w_o
    return out
