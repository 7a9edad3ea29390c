# wrong: divides by std + eps (the form in the "Annotated Transformer" LayerNorm) instead of sqrt(var + eps).
# diagnosis: eps-outside-sqrt

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=-1, keepdims=True)
    std = np.std(x, axis=-1, keepdims=True)
    return gamma * (x - mean) / (std + eps) + beta
