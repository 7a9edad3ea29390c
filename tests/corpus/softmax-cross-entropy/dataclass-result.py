# Learner who keeps the intermediate results in a @dataclass (log_probs, probs) with properties
# for the loss and gradient, then unpacks them into the tuple the statement asks for.
from dataclasses import dataclass

import numpy as np


@dataclass
class CrossEntropyResult:
    log_probs: np.ndarray
    labels: np.ndarray

    @property
    def loss(self) -> float:
        rows = np.arange(self.labels.shape[0])
        return float(-np.mean(self.log_probs[rows, self.labels]))

    @property
    def grad(self) -> np.ndarray:
        n, c = self.log_probs.shape
        return (np.exp(self.log_probs) - np.eye(c)[self.labels]) / n


def softmax_cross_entropy(logits, labels):
    m = logits.max(axis=1, keepdims=True)
    log_probs = logits - m - np.log(np.exp(logits - m).sum(axis=1, keepdims=True))
    result = CrossEntropyResult(log_probs, labels)
    return result.loss, result.grad
