# einsum enthusiast: sums over the feature axis with '...d->...', the sum of squares with
# '...d,...d->...', and the affine step with '...d,d->...d'. The ellipsis handles any
# number of leading axes; the reduced axis is restored with [..., None].
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    mean = np.einsum("...d->...", x)[..., None] / d
    c = x - mean
    var = np.einsum("...d,...d->...", c, c)[..., None] / d
    x_hat = c / np.sqrt(var + eps)
    return np.einsum("...d,d->...d", x_hat, gamma) + beta
