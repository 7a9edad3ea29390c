# Port of tf.nn.softmax(logits, axis): TF names (logits, reduce_max, reduce_sum) kept as small lambdas.
import numpy as np

reduce_max = lambda t, axis: np.max(t, axis=axis, keepdims=True)
reduce_sum = lambda t, axis: np.sum(t, axis=axis, keepdims=True)


def softmax(x, axis=-1):
    logits = x
    exp_logits = np.exp(logits - reduce_max(logits, axis))
    return exp_logits / reduce_sum(exp_logits, axis)
