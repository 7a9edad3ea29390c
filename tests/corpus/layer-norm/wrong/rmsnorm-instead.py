# wrong: divides x by its root mean square without subtracting the mean first (RMSNorm), as someone who read LLaMA code might.
# diagnosis: rms-without-centring

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    ms = np.mean(np.square(x), axis=-1, keepdims=True)
    return x / np.sqrt(ms + eps) * gamma + beta
