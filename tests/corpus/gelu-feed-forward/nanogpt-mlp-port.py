# Port of nanoGPT's `MLP` (c_fc -> GELU(approximate='tanh') -> c_proj, dropout dropped at eval).
# Karpathy's layers keep weights as (in, out) matrices here, so c_fc(x) is x @ w + b.
import math

import numpy as np


class Linear:
    def __init__(self, weight, bias):
        self.weight = weight
        self.bias = bias

    def __call__(self, x):
        return x @ self.weight + self.bias


def new_gelu(x):
    """minGPT's NewGELU: the GELU used by Google BERT and OpenAI GPT."""
    return 0.5 * x * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (x + 0.044715 * np.power(x, 3.0))))


class MLP:
    def __init__(self, w1, b1, w2, b2):
        self.c_fc = Linear(w1, b1)
        self.c_proj = Linear(w2, b2)

    def forward(self, x):
        x = self.c_fc(x)
        x = new_gelu(x)
        x = self.c_proj(x)
        return x


def feed_forward(x, w1, b1, w2, b2):
    return MLP(w1, b1, w2, b2).forward(x)
