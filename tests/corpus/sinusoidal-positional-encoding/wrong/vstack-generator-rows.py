# wrong: Writes a helper that encodes one position and stacks the rows with np.vstack over a generator expression.
# diagnosis: loop-comprehension

import numpy as np


def _encode_position(pos: int, omega: np.ndarray) -> np.ndarray:
    row = np.empty(2 * omega.size)
    row[0::2] = np.sin(pos * omega)
    row[1::2] = np.cos(pos * omega)
    return row


def positional_encoding(max_len, d_model):
    omega = np.exp(-np.arange(0, d_model, 2) * np.log(10000.0) / d_model)
    return np.vstack(tuple(_encode_position(p, omega) for p in range(max_len)))
