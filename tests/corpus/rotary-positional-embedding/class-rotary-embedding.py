# An OOP learner mirroring the `RotaryEmbedding` modules of PyTorch code
# bases: __init__ stores the base, a method builds the cos/sin cache for a
# length, __call__ rotates. The entry name is bound to an instance.
import numpy as np


class RotaryEmbedding:
    def __init__(self, base=10000.0):
        self.base = base

    def cos_sin(self, seq_len, dim):
        inv_freq = 1.0 / (self.base ** (np.arange(0, dim, 2, dtype=np.float64) / dim))
        freqs = np.arange(seq_len, dtype=np.float64)[:, None] * inv_freq[None, :]
        return np.cos(freqs), np.sin(freqs)

    def __call__(self, x):
        cos, sin = self.cos_sin(x.shape[0], x.shape[1])
        x1, x2 = x[:, 0::2], x[:, 1::2]
        out = np.empty(x.shape, dtype=np.float64)
        out[:, 0::2] = x1 * cos - x2 * sin
        out[:, 1::2] = x1 * sin + x2 * cos
        return out


apply_rope = RotaryEmbedding()
