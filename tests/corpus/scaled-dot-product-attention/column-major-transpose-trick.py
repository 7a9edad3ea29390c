# A learner who thinks in column vectors (linear-algebra textbook style:
# keys as columns): they compute S^T = K Q^T, do the softmax down the
# columns (axis=0), and transpose back at the end with (V^T W^T)^T.
import numpy as np


def attention(Q, K, V, causal=False):
    St = (K @ Q.T) / np.sqrt(K.shape[1])  # (n_k, n_q): column i belongs to query i
    if causal:
        St = np.where(np.triu(np.ones(St.shape, dtype=bool)), St, -np.inf)
    St = St - St.max(axis=0, keepdims=True)
    Et = np.exp(St)
    Wt = Et / Et.sum(axis=0, keepdims=True)
    return (V.T @ Wt).T
