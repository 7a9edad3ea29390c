# A learner who tests as they go: the function plus an
# `if __name__ == "__main__":` block that reruns the statement's examples,
# prints them and asserts the self-check (V = identity gives the weights,
# rows sum to 1, upper triangle zero). Nothing runs on import.
import numpy as np


def attention(Q, K, V, causal=False):
    """softmax(Q K^T / sqrt(d_k)) V, with an optional causal mask."""
    S = Q @ K.T / np.sqrt(Q.shape[1])
    if causal:
        S[np.triu(np.ones(S.shape, dtype=bool), 1)] = -np.inf
    S -= S.max(axis=1, keepdims=True)
    np.exp(S, out=S)
    S /= S.sum(axis=1, keepdims=True)
    return S @ V


if __name__ == "__main__":
    Q = np.array([[2.0, 0, 0, 0], [0, 0, 0, 0], [0, 2.0, 0, 0]])
    K = np.eye(3, 4)
    V = np.array([[1.0, 0], [0, 1.0], [1.0, 1.0]])
    print(np.round(attention(Q, K, V), 4))
    print(np.round(attention(Q, K, V, causal=True), 4))
    W = attention(Q, K, np.eye(3), causal=True)
    print(np.round(W, 4))
    assert np.allclose(W.sum(axis=1), 1.0)
    assert np.all(np.triu(W, 1) == 0)
    big = attention(np.array([[1000.0, 0.0]]), np.array([[1.0, 0.0], [0.0, 1.0]]), np.array([[1.0], [2.0]]))
    assert np.all(np.isfinite(big)) and np.allclose(big, [[1.0]])
    print("all checks passed")
