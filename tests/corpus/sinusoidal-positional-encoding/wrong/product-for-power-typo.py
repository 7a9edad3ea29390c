# wrong: Types a single * where the formula has a power, dividing the positions by 10000 * (2i / d_model), so pair 0 divides by zero and comes out nan.
# diagnosis: omega-without-power
import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len).reshape(-1, 1)
    div_term = 10000 * (np.arange(0, d_model, 2) / d_model)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(pos / div_term)
    pe[:, 1::2] = np.cos(pos / div_term)
    return pe
