# Defensive learner: checks shapes, the integer dtype and the label range, raising ValueError
# with a clear message, before the standard stable computation.
import numpy as np


def softmax_cross_entropy(logits, labels):
    logits = np.asarray(logits, dtype=np.float64)
    labels = np.asarray(labels)
    if logits.ndim != 2:
        raise ValueError(f"logits must be (N, C), got shape {logits.shape}")
    if labels.shape != (logits.shape[0],):
        raise ValueError(f"labels must be (N,) = ({logits.shape[0]},), got {labels.shape}")
    if not np.issubdtype(labels.dtype, np.integer):
        raise ValueError("labels must be integers")
    if labels.size and (labels.min() < 0 or labels.max() >= logits.shape[1]):
        raise ValueError(f"labels must lie in [0, {logits.shape[1]})")
    n = logits.shape[0]
    z = logits - logits.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    grad = np.exp(log_p)
    grad[np.arange(n), labels] -= 1
    return float(-log_p[np.arange(n), labels].mean()), grad / n
