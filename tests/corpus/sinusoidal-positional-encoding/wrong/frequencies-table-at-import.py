# wrong: Precomputes the frequency vector of every even d_model up to 512 with comprehensions when the module loads, so the function itself only looks one up and broadcasts.
# diagnosis: list-comprehension, loop-comprehension

import numpy as np

FREQUENCIES = {
    d_model: np.array([1.0 / 10000 ** (2 * i / d_model) for i in range(d_model // 2)])
    for d_model in range(2, 513, 2)
}


def positional_encoding(max_len, d_model):
    angles = np.arange(max_len, dtype=np.float64)[:, None] * FREQUENCIES[d_model][None, :]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
