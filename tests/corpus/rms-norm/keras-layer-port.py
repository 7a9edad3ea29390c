# Keras-style layer port: a class with build()/call(), `self.scale` created in build from the input's
# last dimension, ops.rsqrt spelled as np.sqrt ** -1. A TensorFlow user writes it this way.
import numpy as np


class RMSNormalization:
    def __init__(self, epsilon=1e-6, axis=-1):
        self.epsilon = epsilon
        self.axis = axis
        self.scale = None

    def build(self, input_shape):
        self.scale = np.ones(input_shape[self.axis])

    def call(self, inputs):
        if self.scale is None:
            self.build(inputs.shape)
        mean_square = np.mean(np.square(inputs), axis=self.axis, keepdims=True)
        return inputs * np.sqrt(mean_square + self.epsilon) ** -1 * self.scale


def rms_norm(x, gamma, eps=1e-6):
    layer = RMSNormalization(epsilon=eps)
    layer.build(x.shape)
    layer.scale = gamma
    return layer.call(x)
