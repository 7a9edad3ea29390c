# wrong: converts the result to nested Python lists with .tolist() "to print it nicely".
# diagnosis: returns-list
# proposed: returns-list: return the NumPy array itself.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    return np.where(np.triu(np.ones((T, T), dtype=bool), k=1), -np.inf, scores).tolist()
