# A typing enthusiast: `from __future__ import annotations`, numpy.typing
# NDArray[np.float64] everywhere, annotated local variables, and a typed
# softmax helper. Inputs are converted with np.asarray(..., dtype=np.float64)
# so the annotations are honest.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


def _softmax_rows(scores: FloatArray) -> FloatArray:
    shifted: FloatArray = scores - np.max(scores, axis=-1, keepdims=True)
    exps: FloatArray = np.exp(shifted)
    return exps / np.sum(exps, axis=-1, keepdims=True)


def attention(Q: npt.ArrayLike, K: npt.ArrayLike, V: npt.ArrayLike, causal: bool = False) -> FloatArray:
    q: FloatArray = np.asarray(Q, dtype=np.float64)
    k: FloatArray = np.asarray(K, dtype=np.float64)
    v: FloatArray = np.asarray(V, dtype=np.float64)
    d_k: int = q.shape[-1]
    scores: FloatArray = q @ k.T / np.sqrt(d_k)
    if causal:
        visible: npt.NDArray[np.bool_] = np.tril(np.ones(scores.shape, dtype=np.bool_))
        scores = np.where(visible, scores, -np.inf)
    weights: FloatArray = _softmax_rows(scores)
    return weights @ v
