# Object-oriented learner: a PreNormResidualBlock class holding the parameters, with separate
# norm/ffn methods and __call__ doing the residual.
import numpy as np


class PreNormResidualBlock:
    def __init__(self, gamma, beta, w1, b1, w2, b2, eps=1e-5):
        self.gamma, self.beta = gamma, beta
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, b2
        self.eps = eps

    def norm(self, x):
        mean = x.mean(axis=-1, keepdims=True)
        std = np.sqrt(x.var(axis=-1, keepdims=True) + self.eps)
        return self.gamma * ((x - mean) / std) + self.beta

    @staticmethod
    def gelu(z):
        return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z * z * z)))

    def ffn(self, h):
        return self.gelu(h @ self.w1 + self.b1) @ self.w2 + self.b2

    def __call__(self, x):
        return x + self.ffn(self.norm(x))


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    return PreNormResidualBlock(gamma, beta, w1, b1, w2, b2, eps)(x)
