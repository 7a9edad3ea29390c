# A learner who likes small lambdas for one-line helpers: a softmax lambda,
# a causal-mask lambda and a scale lambda, all at module level, then a
# three-line attention function that strings them together.
import numpy as np

softmax = lambda s: (lambda e: e / e.sum(-1, keepdims=True))(np.exp(s - s.max(-1, keepdims=True)))
causal_mask = lambda n_q, n_k: np.tril(np.ones((n_q, n_k), dtype=bool))
scale = lambda d: 1.0 / np.sqrt(d)


def attention(Q, K, V, causal=False):
    s = (Q @ K.T) * scale(Q.shape[-1])
    s = np.where(causal_mask(*s.shape), s, -np.inf) if causal else s
    return softmax(s) @ V
