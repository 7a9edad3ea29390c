# @dataclass(frozen=True) for the sampling settings (temperature, k) with a `draw` method; the
# entry point builds one per call.
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class SamplerConfig:
    temperature: float
    k: int

    def filter(self, logits: np.ndarray) -> np.ndarray:
        kth = np.sort(logits, axis=1)[:, logits.shape[1] - self.k]
        return np.where(logits >= kth[:, None], logits, -np.inf)

    def probabilities(self, logits: np.ndarray) -> np.ndarray:
        z = self.filter(logits) / self.temperature
        e = np.exp(z - z.max(axis=1, keepdims=True))
        return e / e.sum(axis=1, keepdims=True)

    def draw(self, logits: np.ndarray, uniform: np.ndarray) -> np.ndarray:
        cdf = np.cumsum(self.probabilities(logits), axis=1)
        return np.argmax(cdf > uniform[:, None], axis=1).astype(np.int64)


def sample(logits, temperature, k, uniform):
    return SamplerConfig(temperature, k).draw(logits, uniform)
