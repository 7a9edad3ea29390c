# wrong: overwrites x with its layer norm, then adds the normalised x (not the original) as the residual.
# diagnosis: residual-adds-normed
# proposed: residual-from-normalised: The residual adds the block's input x as it came in, not layer_norm(x); keep the original x in its own variable.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    x = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta
    z = x @ w1 + b1
    z = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return x + z @ w2 + b2
