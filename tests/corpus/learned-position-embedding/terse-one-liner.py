# Terse: the check and the lookup in two lines, walrus for the bad positions.
import numpy as np


def position_embedding(positions, table):
    if (bad := positions[(positions < 0) | (positions >= len(table))]).size: raise IndexError(f"position {bad[0]} out of range for length {len(table)}")
    return table[positions]
