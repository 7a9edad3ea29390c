import numpy as np


def sample(logits, temperature, k, uniform):
    """Reference: top-k mask (ties kept), temperature, stable softmax, inverse-CDF draw."""
    logits = np.asarray(logits, dtype=np.float64)
    uniform = np.asarray(uniform, dtype=np.float64)
    kth = np.sort(logits, axis=-1)[:, -k][:, None]               # (B, 1): the k-th largest
    kept = logits >= kth                                          # ties at the k-th all kept
    scaled = np.where(kept, logits, -np.inf) / temperature        # a new array
    scaled = scaled - scaled.max(axis=-1, keepdims=True)          # each row's max is 0
    probs = np.exp(scaled)
    probs = probs / probs.sum(axis=-1, keepdims=True)
    cdf = np.cumsum(probs, axis=-1)                               # vocabulary order
    # The smallest i with cdf[i] > u is the number of entries <= u (cdf never decreases).
    index = (cdf <= uniform[:, None]).sum(axis=-1)
    # Rounding can leave cdf[-1] a hair below 1: fall back on the last kept token.
    last_kept = logits.shape[-1] - 1 - np.argmax(kept[:, ::-1], axis=-1)
    return np.minimum(index, last_kept).astype(np.int64)
