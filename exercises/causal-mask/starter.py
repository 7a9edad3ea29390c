import numpy as np


def causal_mask(scores):
    """Return a copy of scores (..., T, T) with every entry where key j > query i set to -inf."""
    # Your code here
    pass
