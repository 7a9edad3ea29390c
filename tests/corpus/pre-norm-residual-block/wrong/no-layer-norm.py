# wrong: skips the normalisation entirely and computes x + feed_forward(x); gamma, beta and eps are unused.
# diagnosis: layer-norm-skipped
# proposed: norm-skipped: The branch must see layer_norm(x), not x itself: normalise, scale by gamma and shift by beta before the first linear layer.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    z = x @ w1 + b1
    z = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return x + z @ w2 + b2
