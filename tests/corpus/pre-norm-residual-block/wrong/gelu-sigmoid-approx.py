# wrong: uses the sigmoid approximation of GELU, z * sigmoid(1.702 z), seen in a blog post, instead of the tanh form.
# diagnosis: sigmoid-gelu
# proposed: gelu-sigmoid-approximation: The statement fixes GELU's tanh form (as GPT-2); z * sigmoid(1.702 z) is a different, cruder approximation.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta
    z = h @ w1 + b1
    return x + (z / (1.0 + np.exp(-1.702 * z))) @ w2 + b2
