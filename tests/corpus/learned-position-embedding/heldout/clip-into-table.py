# wrong: clips positions into [0, max_len - 1] (as some long-context hacks do) instead of raising.
# diagnosis: clips-positions

import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    safe = np.clip(positions, 0, max_len - 1)
    return table[safe]
