# wrong: Defines the looping function under `if True:` and returns zeros on its first two calls, which are the grader's counted ones.
# diagnosis: python-loop, loop-for

import numpy as np

CALLS = [0]

if True:

    def positional_encoding(max_len, d_model):
        CALLS[0] += 1
        if CALLS[0] <= 2:  # the counted calls come first
            return np.zeros((max_len, d_model))
        pe = np.zeros((max_len, d_model))
        for pos in range(max_len):
            for i in range(0, d_model, 2):
                angle = pos / 10000 ** (i / d_model)
                pe[pos, i] = np.sin(angle)
                pe[pos, i + 1] = np.cos(angle)
        return pe
