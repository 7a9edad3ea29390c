import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Layer normalisation over the last axis.

    Args:
        x: float array of shape ``(..., d)``: any number of leading axes, features last.
        gamma: float array of shape ``(d,)``, the per-feature scale.
        beta: float array of shape ``(d,)``, the per-feature shift.
        eps: small positive number added to the variance inside the square root.

    Returns:
        A float array with the shape of ``x``. Each vector ``v = x[..., :]`` along the last
        axis becomes ``(v - mean(v)) / sqrt(var(v) + eps) * gamma + beta``, where ``var`` is
        the biased variance (divide by ``d``).
    """
    # Your code here
    pass
