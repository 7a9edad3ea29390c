# Port of TensorFlow's LayerNormalization internals: tf.nn.moments(x, axes=[-1],
# keepdims=True) followed by tf.nn.batch_normalization, which folds everything into
# inv = rsqrt(var + eps) * gamma and y = x * inv + (beta - mean * inv).
import numpy as np


def moments(x, axes, keepdims=True):
    mean = np.mean(x, axis=tuple(axes), keepdims=keepdims)
    variance = np.mean(np.square(x - mean), axis=tuple(axes), keepdims=keepdims)
    return mean, variance


def batch_normalization(x, mean, variance, offset, scale, variance_epsilon):
    inv = 1.0 / np.sqrt(variance + variance_epsilon)
    inv = inv * scale
    return x * inv + (offset - mean * inv)


def layer_norm(x, gamma, beta, eps=1e-5):
    mean, variance = moments(x, axes=[-1], keepdims=True)
    return batch_normalization(x, mean, variance, offset=beta, scale=gamma, variance_epsilon=eps)
