import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    """One pre-norm residual feed-forward block: x + feed_forward(layer_norm(x)).

    Args:
        x: float array of shape ``(T, d_model)``, one token vector per row.
        gamma, beta: layer-norm scale and shift, shape ``(d_model,)``.
        w1, b1: first linear layer, shapes ``(d_model, d_ff)`` and ``(d_ff,)``.
        w2, b2: second linear layer, shapes ``(d_ff, d_model)`` and ``(d_model,)``.
        eps: added to the variance inside the square root.

    Returns:
        A new float array of shape ``(T, d_model)``. ``x`` itself is not modified.
    """
    # Your code here
    pass
