import numpy as np


def attention(Q, K, V, causal=False):
    """Scaled dot-product attention.

    Args:
        Q: queries, float array of shape ``(n_q, d_k)``.
        K: keys, float array of shape ``(n_k, d_k)``.
        V: values, float array of shape ``(n_k, d_v)``.
        causal: if True, query ``i`` may only attend to keys ``j <= i``
            (used for self-attention, where ``n_q == n_k``).

    Returns:
        A float array of shape ``(n_q, d_v)``: ``softmax(Q @ K.T / sqrt(d_k)) @ V``,
        with the softmax taken over the keys (one probability distribution per query)
        and computed so that very large scores do not overflow.
    """
    # Your code here
    pass
