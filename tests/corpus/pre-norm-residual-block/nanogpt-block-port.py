# Port of nanoGPT's Block (x = x + self.mlp(self.ln_1(x))) with the attention half left out:
# LayerNorm, MLP (c_fc -> GELU(approximate='tanh') -> c_proj) as small classes, NumPy inside.
import math

import numpy as np


class LayerNorm:
    def __init__(self, weight, bias, eps):
        self.weight = weight
        self.bias = bias
        self.eps = eps

    def __call__(self, x):
        mu = x.mean(-1, keepdims=True)
        var = ((x - mu) ** 2).mean(-1, keepdims=True)
        return (x - mu) / np.sqrt(var + self.eps) * self.weight + self.bias


class MLP:
    def __init__(self, c_fc_w, c_fc_b, c_proj_w, c_proj_b):
        self.c_fc_w, self.c_fc_b = c_fc_w, c_fc_b
        self.c_proj_w, self.c_proj_b = c_proj_w, c_proj_b

    def gelu(self, x):
        return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * np.power(x, 3.0))))

    def __call__(self, x):
        x = x @ self.c_fc_w + self.c_fc_b
        x = self.gelu(x)
        return x @ self.c_proj_w + self.c_proj_b


class Block:
    def __init__(self, gamma, beta, w1, b1, w2, b2, eps):
        self.ln_1 = LayerNorm(gamma, beta, eps)
        self.mlp = MLP(w1, b1, w2, b2)

    def __call__(self, x):
        x = x + self.mlp(self.ln_1(x))
        return x


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    return Block(gamma, beta, w1, b1, w2, b2, eps)(x)
