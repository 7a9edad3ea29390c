# Someone used to torch.nn.functional who rewrote F.layer_norm, F.linear and
# F.gelu(approximate="tanh") as NumPy helpers with the same argument names.
import numpy as np


def layer_norm(input, normalized_shape, weight=None, bias=None, eps=1e-5):
    mean = np.mean(input, axis=-1, keepdims=True)
    var = np.mean(np.square(input - mean), axis=-1, keepdims=True)
    out = (input - mean) / np.sqrt(var + eps)
    if weight is not None:
        out = out * weight
    if bias is not None:
        out = out + bias
    return out


def linear(input, weight, bias=None):
    # NumPy weights here are (in, out), so no transpose as in torch's (out, in).
    out = np.matmul(input, weight)
    return out if bias is None else out + bias


def gelu(input, approximate="tanh"):
    c = np.sqrt(2.0 / np.pi)
    return 0.5 * input * (1.0 + np.tanh(c * (input + 0.044715 * input**3)))


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = layer_norm(x, (x.shape[-1],), gamma, beta, eps)
    h = linear(gelu(linear(h, w1, b1), approximate="tanh"), w2, b2)
    return x + h
