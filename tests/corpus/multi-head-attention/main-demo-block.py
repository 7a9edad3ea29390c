# Student who checks, in a __main__ block, that with one head the result equals plain single-head
# attention and that the output shape is (T, d_model). Nothing runs on import.
import numpy as np


def softmax(z):
    z = z - z.max(axis=-1, keepdims=True)
    return np.exp(z) / np.exp(z).sum(axis=-1, keepdims=True)


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    T, d = x.shape
    dk = d // n_heads
    Q = (x @ w_q).reshape(T, n_heads, dk).swapaxes(0, 1)
    K = (x @ w_k).reshape(T, n_heads, dk).swapaxes(0, 1)
    V = (x @ w_v).reshape(T, n_heads, dk).swapaxes(0, 1)
    A = softmax(Q @ K.swapaxes(1, 2) / np.sqrt(dk))
    return (A @ V).swapaxes(0, 1).reshape(T, d) @ w_o


if __name__ == "__main__":
    rng = np.random.default_rng(0)
    x = rng.standard_normal((5, 8))
    w = list(rng.standard_normal((4, 8, 8)))
    one = multi_head_attention(x, *w, n_heads=1)
    plain = softmax((x @ w[0]) @ (x @ w[1]).T / np.sqrt(8)) @ (x @ w[2]) @ w[3]
    assert np.allclose(one, plain)
    print(multi_head_attention(x, *w, n_heads=4).shape)
