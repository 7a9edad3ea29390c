# Tries it out under `if __name__ == "__main__":`: a batch of positions, then a bad position caught.
import numpy as np


def position_embedding(positions, table):
    n = table.shape[0]
    bad = (positions < 0) | (positions >= n)
    if bad.any():
        raise IndexError(f"position {positions[bad][0]} is not in [0, {n}): the table has length {n}")
    return table[positions]


if __name__ == "__main__":
    table = np.arange(12.0).reshape(6, 2)
    print(position_embedding(np.arange(4), table))
    print(position_embedding(np.array([[0, 1, 2], [3, 4, 5]]), table).shape)
    try:
        position_embedding(np.array([0, -1]), table)
    except IndexError as error:
        print("caught:", error)
