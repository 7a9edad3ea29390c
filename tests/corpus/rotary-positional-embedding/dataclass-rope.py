# A learner who likes @dataclass for configuration: `RopeConfig(base=10000.0)`
# with a method for the frequency ladder and a `rotate` method; the entry
# function uses a module-level default config.
from dataclasses import dataclass, field

import numpy as np


@dataclass
class RopeConfig:
    base: float = 10000.0
    notes: list = field(default_factory=list)

    def inv_freq(self, d: int) -> np.ndarray:
        return self.base ** (-2.0 * np.arange(d // 2) / d)

    def rotate(self, x: np.ndarray) -> np.ndarray:
        seq_len, d = x.shape
        ang = np.arange(seq_len)[:, None] * self.inv_freq(d)[None, :]
        c, s = np.cos(ang), np.sin(ang)
        y = np.zeros(x.shape)
        y[:, ::2] = x[:, ::2] * c - x[:, 1::2] * s
        y[:, 1::2] = x[:, ::2] * s + x[:, 1::2] * c
        return y


_CONFIG = RopeConfig()


def apply_rope(x):
    return _CONFIG.rotate(np.asarray(x, dtype=float))
