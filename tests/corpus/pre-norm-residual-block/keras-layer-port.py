# Keras user: mirrors layers.LayerNormalization(epsilon=...) and layers.Dense(activation=
# gelu(approximate=True)) as small callables, then the residual `x + ffn(norm(x))`.
import numpy as np


def LayerNormalization(epsilon, gamma, beta):
    def call(inputs):
        mean = np.mean(inputs, axis=-1, keepdims=True)
        variance = np.var(inputs, axis=-1, keepdims=True)
        return gamma * (inputs - mean) / np.sqrt(variance + epsilon) + beta

    return call


def gelu(x, approximate=True):
    return 0.5 * x * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (x + 0.044715 * np.power(x, 3))))


def Dense(kernel, bias, activation=None):
    def call(inputs):
        out = np.tensordot(inputs, kernel, axes=1) + bias
        return out if activation is None else activation(out)

    return call


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    norm = LayerNormalization(eps, gamma, beta)
    ffn_1 = Dense(w1, b1, activation=gelu)
    ffn_2 = Dense(w2, b2)
    return x + ffn_2(ffn_1(norm(x)))
