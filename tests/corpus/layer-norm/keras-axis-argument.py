# Generalised like keras.layers.LayerNormalization(axis=-1): an extra keyword `axis`
# chooses the normalised axis (default the last one, as the exercise requires). gamma and
# beta are reshaped to broadcast along that axis; with axis=-1 that is just (d,).
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5, axis=-1):
    x = np.asarray(x, dtype=float)
    axis = axis % x.ndim
    shape = [1] * x.ndim
    shape[axis] = x.shape[axis]
    mean = x.mean(axis=axis, keepdims=True)
    var = x.var(axis=axis, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * np.reshape(gamma, shape) + np.reshape(beta, shape)
