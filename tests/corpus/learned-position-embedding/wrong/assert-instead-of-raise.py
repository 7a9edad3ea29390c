# wrong: guards the range with an assert, which raises AssertionError (and vanishes under python -O).
# diagnosis: assert-instead-of-raise
# proposed: assert-instead-of-indexerror: use `raise IndexError(...)`, not assert, for a position out of range.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    assert np.all((positions >= 0) & (positions < max_len)), f"positions must be in [0, {max_len})"
    return table[positions]
