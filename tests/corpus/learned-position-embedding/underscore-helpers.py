# Tidy learner: a private validator and a private lookup, each doing one thing.
import numpy as np


def _check_positions(positions, max_len):
    bad = positions[(positions < 0) | (positions >= max_len)]
    if bad.size:
        raise IndexError(f"position {bad[0]} is outside 0..{max_len - 1} (table length {max_len})")


def _lookup(positions, table):
    return table[positions]


def position_embedding(positions, table):
    _check_positions(positions, table.shape[0])
    return _lookup(positions, table)
