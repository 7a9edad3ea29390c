# wrong: leaves b2 out of the second linear layer (copied a bias-free projection from a tutorial).
# diagnosis: missing-output-bias
# proposed: missing-output-bias: The second linear layer is g @ w2 + b2; b2 is added before the residual sum.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta
    z = h @ w1 + b1
    z = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return x + z @ w2
