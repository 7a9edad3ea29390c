# Textbook transcription of the statement: hidden = x @ w1 + b1, GELU in its tanh form, then
# hidden @ w2 + b2. math.sqrt and math.pi for the constant.
import math

import numpy as np


def gelu(z):
    return 0.5 * z * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    hidden = x @ w1 + b1
    return gelu(hidden) @ w2 + b2
