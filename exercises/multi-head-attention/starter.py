import numpy as np


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    """Multi-head self-attention of x (T, d_model) with n_heads heads; returns (T, d_model)."""
    # Your code here
    pass
