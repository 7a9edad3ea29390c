# wrong: Adds the residual connection x + ... (copied from a Transformer Block) inside the feed-forward.
# diagnosis: residual-added
# proposed: residual-added: the feed-forward returns gelu(x @ w1 + b1) @ w2 + b2 only; the residual belongs to the block around it.

import numpy as np


def gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    return x + gelu(x @ w1 + b1) @ w2 + b2
