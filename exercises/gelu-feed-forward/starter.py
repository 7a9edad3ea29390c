import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    """The Transformer's position-wise feed-forward block with a GELU activation.

    Args:
        x: float array of shape ``(..., d_model)``: any number of leading axes, features last.
        w1: float array of shape ``(d_model, d_ff)``, the first layer's weights.
        b1: float array of shape ``(d_ff,)``, the first layer's bias.
        w2: float array of shape ``(d_ff, d_model)``, the second layer's weights.
        b2: float array of shape ``(d_model,)``, the second layer's bias.

    Returns:
        A float array with the shape of ``x``: ``gelu(x @ w1 + b1) @ w2 + b2``, where
        ``gelu(z) = 0.5 * z * (1 + tanh(sqrt(2 / pi) * (z + 0.044715 * z**3)))``.
    """
    # Your code here
    pass
