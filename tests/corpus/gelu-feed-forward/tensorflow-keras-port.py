# TensorFlow/Keras port: a Dense layer object per projection (kernel (in, out), bias), activation
# "gelu" with approximate=True as in keras.activations.gelu; tf.tensordot(x, kernel, axes=1) kept.
import numpy as np


def keras_gelu(x, approximate=True):
    coeff = np.sqrt(2.0 / np.pi)
    return 0.5 * x * (1.0 + np.tanh(coeff * (x + 0.044715 * np.power(x, 3))))


class Dense:
    def __init__(self, kernel, bias, activation=None):
        self.kernel = kernel
        self.bias = bias
        self.activation = activation

    def __call__(self, inputs):
        outputs = np.tensordot(inputs, self.kernel, axes=1) + self.bias
        return self.activation(outputs) if self.activation is not None else outputs


def feed_forward(x, w1, b1, w2, b2):
    layers = [Dense(w1, b1, activation=keras_gelu), Dense(w2, b2)]
    return layers[1](layers[0](x))
