# A learner who generalises a little: the inner helper takes an
# Optional[np.ndarray] boolean mask (True = may attend), and the causal flag
# is just one way of producing such a mask. Uses typing.Optional and
# typing.Tuple in the old pre-3.9 style.
from typing import Optional, Tuple

import numpy as np


def _masked_softmax(scores: np.ndarray, mask: Optional[np.ndarray] = None) -> np.ndarray:
    if mask is not None:
        scores = np.where(mask, scores, -np.inf)
    m = np.max(scores, axis=-1, keepdims=True)
    e = np.exp(scores - m)
    return e / np.sum(e, axis=-1, keepdims=True)


def _shape2(a: np.ndarray) -> Tuple[int, int]:
    return a.shape[0], a.shape[1]


def attention(Q: np.ndarray, K: np.ndarray, V: np.ndarray, causal: bool = False) -> np.ndarray:
    n_q, d_k = _shape2(Q)
    n_k, _ = _shape2(K)
    mask: Optional[np.ndarray] = None
    if causal:
        mask = np.arange(n_k)[None, :] <= np.arange(n_q)[:, None]
    weights = _masked_softmax(Q @ K.T / np.sqrt(d_k), mask)
    return weights @ V
