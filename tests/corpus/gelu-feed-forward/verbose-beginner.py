# Beginner who comments every line and keeps every intermediate value in its own variable.
import math

import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    # First linear layer: project from d_model up to d_ff, then add the bias.
    first_layer = np.matmul(x, w1)
    first_layer = first_layer + b1
    # GELU, tanh version (the one GPT-2 uses).
    # The constant in front is the square root of 2 divided by pi.
    constant = math.sqrt(2 / math.pi)
    cubed = first_layer * first_layer * first_layer
    inside_tanh = constant * (first_layer + 0.044715 * cubed)
    after_tanh = np.tanh(inside_tanh)
    activated = 0.5 * first_layer * (1 + after_tanh)
    # Second linear layer: project back down from d_ff to d_model, then add its bias.
    second_layer = np.matmul(activated, w2)
    output = second_layer + b2
    return output
