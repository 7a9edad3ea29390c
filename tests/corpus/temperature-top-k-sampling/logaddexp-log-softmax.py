# Works in log space: log-softmax with np.logaddexp.reduce (which handles the -inf entries), then
# exponentiates once for the CDF.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, -k:][:, :1]
    z = np.where(logits >= kth, logits / temperature, -np.inf)
    log_p = z - np.logaddexp.reduce(z, axis=1, keepdims=True)
    cdf = np.cumsum(np.exp(log_p), axis=1)
    return np.argmax(cdf > uniform[:, None], axis=1).astype(np.int64)
