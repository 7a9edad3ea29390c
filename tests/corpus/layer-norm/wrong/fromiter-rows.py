# wrong: builds the output with np.fromiter from a generator of normalised rows (values right, but a Python loop).
# diagnosis: python-loop, loop-fromiter

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    flat = x.reshape(-1, d)
    gen = ((r - r.mean()) / np.sqrt(r.var() + eps) * gamma + beta for r in flat)
    out = np.fromiter(gen, dtype=np.dtype((np.float64, d)), count=len(flat))
    return out.reshape(x.shape)
