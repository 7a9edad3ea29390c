# wrong: avoids overflow by clipping the inputs to [-700, 700] before exp, which changes the probabilities of large inputs.
# diagnosis: clips-inputs
# proposed: clips-inputs: clipping changes the answer; subtracting the maximum avoids overflow exactly.
import numpy as np


def softmax(x, axis=-1):
    e = np.exp(np.clip(x, -700.0, 700.0))
    return e / np.sum(e, axis=axis, keepdims=True)
