import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    """Root-mean-square normalisation over the last axis (RMSNorm).

    Args:
        x: float array of shape ``(..., d)``: any number of leading axes, features last.
        gamma: float array of shape ``(d,)``, the per-feature scale.
        eps: small positive number added to the mean square inside the square root.

    Returns:
        A new float array with the shape of ``x``. Each vector ``v = x[..., :]`` along the
        last axis becomes ``v / sqrt(mean(v ** 2) + eps) * gamma``: no mean is subtracted and
        there is no shift. ``x`` itself is not modified.
    """
    # Your code here
    pass
