# wrong: ports the Annotated Transformer's LayerNorm, whose torch x.std() is unbiased and whose eps is added to the std.
# diagnosis: unbiased-variance, eps-outside-sqrt

import numpy as np


class LayerNorm:
    def __init__(self, a_2, b_2, eps=1e-5):
        self.a_2 = a_2
        self.b_2 = b_2
        self.eps = eps

    def forward(self, x):
        mean = x.mean(-1, keepdims=True)
        std = x.std(-1, ddof=1, keepdims=True)  # torch.std is unbiased by default
        return self.a_2 * (x - mean) / (std + self.eps) + self.b_2


def layer_norm(x, gamma, beta, eps=1e-5):
    return LayerNorm(gamma, beta, eps).forward(np.asarray(x, dtype=float))
