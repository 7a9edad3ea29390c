# wrong: copies the cubic coefficient from memory as 0.0447 instead of 0.044715.
# diagnosis: none
# proposed: wrong-cubic-coefficient: The coefficient of z^3 is 0.044715 exactly; a rounded constant gives a different function.

import numpy as np


class FeedForward:
    def __init__(self, w1, b1, w2, b2):
        self.w1, self.b1, self.w2, self.b2 = w1, b1, w2, b2

    @staticmethod
    def gelu(z):
        return 0.5 * z * (1.0 + np.tanh(0.7978845608 * (z + 0.0447 * z ** 3)))

    def __call__(self, x):
        return self.gelu(x @ self.w1 + self.b1) @ self.w2 + self.b2


def feed_forward(x, w1, b1, w2, b2):
    return FeedForward(w1, b1, w2, b2)(x)
