# Sorts the indices in descending order with np.argsort(-logits) and reads the k-th largest value
# through np.take_along_axis.
import numpy as np


def sample(logits, temperature, k, uniform):
    order = np.argsort(-logits, axis=1, kind="stable")
    kth_value = np.take_along_axis(logits, order[:, k - 1 : k], axis=1)
    keep = logits >= kth_value
    scaled = np.where(keep, logits / temperature, -np.inf)
    shifted = scaled - np.max(scaled, axis=1, keepdims=True)
    weights = np.exp(shifted)
    probs = weights / np.sum(weights, axis=1, keepdims=True)
    first_above = np.cumsum(probs, axis=1) > uniform[:, np.newaxis]
    return np.argmax(first_above, axis=1).astype(np.int64)
