# wrong: normalises but never applies gamma and beta, thinking they are only for training.
# diagnosis: layer-norm-without-gain-and-shift
# proposed: norm-missing-affine: After normalising, layer norm multiplies by gamma and adds beta; they are part of the forward pass.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps)
    z = h @ w1 + b1
    z = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return x + z @ w2 + b2
