# Returns intermediate pieces from a helper as a collections.namedtuple (positions,
# frequencies) so they can be inspected in a notebook, then combines them in the entry
# function. Slightly over-engineered, fully vectorised.
from collections import namedtuple

import numpy as np

Components = namedtuple("Components", ["positions", "frequencies"])


def _components(max_len, d_model):
    return Components(
        positions=np.arange(max_len, dtype=np.float64),
        frequencies=np.exp(np.arange(0, d_model, 2) * (-np.log(10000.0) / d_model)),
    )


def positional_encoding(max_len, d_model):
    comp = _components(max_len, d_model)
    angles = np.outer(comp.positions, comp.frequencies)
    pe = np.empty((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
