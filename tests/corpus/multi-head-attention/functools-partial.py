# functools fan: partial(np.swapaxes, axis1=0, axis2=1) as the head-transpose, partial for the
# reshape to heads, and functools.reduce(np.matmul, ...) for the chain concat @ W^O.
from functools import partial, reduce

import numpy as np

heads_first = partial(np.swapaxes, axis1=0, axis2=1)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d_model = x.shape
    d_k = d_model // n_heads
    to_heads = partial(np.reshape, shape=(T, n_heads, d_k))
    q, k, v = heads_first(to_heads(x @ w_q)), heads_first(to_heads(x @ w_k)), heads_first(to_heads(x @ w_v))
    logits = np.matmul(q, np.swapaxes(k, -1, -2)) / np.sqrt(d_k)
    weights = np.exp(logits - logits.max(axis=-1, keepdims=True))
    weights = weights / weights.sum(axis=-1, keepdims=True)
    concat = heads_first(weights @ v).reshape(T, d_model)
    return reduce(np.matmul, (concat, w_o))
