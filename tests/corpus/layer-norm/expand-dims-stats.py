# Same idea as keepdims but with np.expand_dims(stat, -1) after each reduction,
# written by someone who came from TensorFlow (tf.expand_dims) and kept the habit.
# np.var keeps the default ddof=0, so the variance is the biased one.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.expand_dims(np.mean(x, axis=-1), -1)
    variance = np.expand_dims(np.var(x, axis=-1), -1)
    return gamma * (x - mean) / np.sqrt(variance + eps) + beta
