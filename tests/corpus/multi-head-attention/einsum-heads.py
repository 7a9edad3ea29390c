# einsum fan: heads kept as an explicit axis "h" of a (T, h, d) view, scores as "ihd,jhd->hij" and the
# weighted sum as "hij,jhd->ihd", so no transposes are ever written.
import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d_model = x.shape
    d_k = d_model // n_heads
    q = np.einsum("td,de->te", x, w_q).reshape(T, n_heads, d_k)
    k = np.einsum("td,de->te", x, w_k).reshape(T, n_heads, d_k)
    v = np.einsum("td,de->te", x, w_v).reshape(T, n_heads, d_k)
    scores = np.einsum("ihd,jhd->hij", q, k) / np.sqrt(d_k)
    scores -= scores.max(axis=-1, keepdims=True)
    weights = np.exp(scores)
    weights /= weights.sum(axis=-1, keepdims=True)
    heads = np.einsum("hij,jhd->ihd", weights, v)
    return np.einsum("te,ed->td", heads.reshape(T, d_model), w_o)
