# Competitive-programming style: single-letter names, two lines of body, no comments
# beyond this header. m is the mean, c the centred input; var is mean of c squared.
# Short but still the stable two-pass computation.
import numpy as np
def layer_norm(x, g, b, eps=1e-5):
    c = x - x.mean(-1, keepdims=True)
    return c / np.sqrt((c * c).mean(-1, keepdims=True) + eps) * g + b
