# Skips the division by the normaliser: compares the running sum of the unnormalised weights
# with u times their total, which picks the same index.
import numpy as np


def sample(logits, temperature, k, uniform):
    threshold = np.partition(logits, -k, axis=-1)[:, -k, None]
    scaled = np.where(logits >= threshold, logits, -np.inf) / temperature
    weights = np.exp(scaled - np.max(scaled, axis=-1, keepdims=True))
    running = np.cumsum(weights, axis=-1)
    return np.argmax(running > uniform[:, None] * running[:, -1:], axis=-1).astype(np.int64)
