# Port of torch.nn.functional.layer_norm(input, normalized_shape, weight, bias, eps) for a
# 1-D normalized_shape: normalized_shape is taken from gamma, checked against the last
# axis, and the reduction runs over that trailing axis. Uses x.var(unbiased=False) -> np.var.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    normalized_shape = np.shape(gamma)
    if tuple(np.shape(x)[-len(normalized_shape):]) != tuple(normalized_shape):
        raise ValueError(f"expected input with trailing shape {normalized_shape}, got {np.shape(x)}")
    dims = tuple(range(-len(normalized_shape), 0))
    mean = np.mean(x, axis=dims, keepdims=True)
    var = np.var(x, axis=dims, keepdims=True)  # unbiased=False
    return (x - mean) / np.sqrt(var + eps) * gamma + beta
