# PyTorch tutorial port: a PositionwiseFeedForward "module" with forward(); F.gelu(approximate="tanh")
# rewritten by hand. The tutorial's nn.Linear(x) = x @ W.T + b, but the statement gives w1 as
# (d_model, d_ff), so the learner keeps x @ w1.
import numpy as np

SQRT_2_OVER_PI = np.sqrt(2.0 / np.pi)


class PositionwiseFeedForward:
    def __init__(self, w1, b1, w2, b2):
        self.w_1 = (w1, b1)
        self.w_2 = (w2, b2)

    @staticmethod
    def gelu(x):
        return 0.5 * x * (1 + np.tanh(SQRT_2_OVER_PI * (x + 0.044715 * x * x * x)))

    def forward(self, x):
        w, b = self.w_1
        hidden = self.gelu(np.matmul(x, w) + b)
        w, b = self.w_2
        return np.matmul(hidden, w) + b


def feed_forward(x, w1, b1, w2, b2):
    return PositionwiseFeedForward(w1, b1, w2, b2).forward(x)
