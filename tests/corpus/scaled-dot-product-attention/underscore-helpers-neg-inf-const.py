# A tidy engineer who keeps the public function short and pushes every step
# into private underscore helpers. Masked scores are filled with a large
# finite constant _NEG_INF = -1e9 (as many tutorials do) rather than -inf.
# The module-level constant and helpers keep the entry point readable.
import numpy as np

_NEG_INF = -1e9


def _scores(Q, K):
    return (Q @ K.T) / np.sqrt(Q.shape[-1])


def _causal_mask(n_q, n_k):
    return np.triu(np.ones((n_q, n_k), dtype=bool), k=1)


def _stable_softmax(s):
    z = s - s.max(axis=-1, keepdims=True)
    e = np.exp(z)
    return e / e.sum(axis=-1, keepdims=True)


def attention(Q, K, V, causal=False):
    s = _scores(Q, K)
    if causal:
        s = np.where(_causal_mask(*s.shape), _NEG_INF, s)
    return _stable_softmax(s) @ V
