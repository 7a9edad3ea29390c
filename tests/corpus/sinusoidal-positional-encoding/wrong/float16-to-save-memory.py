# wrong: Casts the finished table to float16 to halve its memory, the way mixed-precision training code stores buffers.
# diagnosis: float16-output, low-precision

import numpy as np


def positional_encoding(max_len: int, d_model: int) -> np.ndarray:
    pos = np.arange(max_len, dtype=np.float64)[:, None]
    w = np.exp(np.arange(0, d_model, 2) * (-np.log(10000.0) / d_model))
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(pos * w)
    pe[:, 1::2] = np.cos(pos * w)
    return pe.astype(np.float16)   # fp16 buffer, values are in [-1, 1] anyway
