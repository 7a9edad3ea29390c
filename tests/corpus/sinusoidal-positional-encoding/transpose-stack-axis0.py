# Stacks sin and cos on axis 0 (the "natural" default of np.stack), giving (2, L, d/2),
# then moves that axis to the end with transpose(1, 2, 0) before reshaping to (L, d).
# Forgetting the transpose would give the wrong layout, so the author left a comment.
import numpy as np


def positional_encoding(max_len, d_model):
    angles = np.arange(max_len)[:, None] * np.exp(np.arange(0, d_model, 2) * -np.log(1e4) / d_model)
    both = np.stack((np.sin(angles), np.cos(angles)))      # (2, L, d/2)
    # put the sin/cos axis last so that each sin is followed by its cos
    return both.transpose(1, 2, 0).reshape(max_len, d_model)
