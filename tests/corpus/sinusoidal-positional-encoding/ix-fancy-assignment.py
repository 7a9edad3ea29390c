# Fancy indexing with np.ix_: the row index vector and the even/odd column index vectors
# form an open mesh, so pe[np.ix_(rows, even)] addresses exactly the sine cells.
# More explicit than slicing; written by someone used to MATLAB-style indexing.
import numpy as np


def positional_encoding(max_len, d_model):
    rows = np.arange(max_len)
    even = np.arange(0, d_model, 2)
    odd = even + 1
    omega = np.exp(-even * np.log(10000.0) / d_model)
    angles = rows[:, None] * omega[None, :]
    pe = np.zeros((max_len, d_model))
    pe[np.ix_(rows, even)] = np.sin(angles)
    pe[np.ix_(rows, odd)] = np.cos(angles)
    return pe
