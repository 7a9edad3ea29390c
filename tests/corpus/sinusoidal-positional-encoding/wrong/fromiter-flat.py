# wrong: Streams every entry from a generator into np.fromiter and reshapes the flat array into the table.
# diagnosis: loop-fromiter, loop-for, python-loop

import math
import numpy as np


def positional_encoding(max_len, d_model):
    def entries():
        for pos in range(max_len):
            for i in range(d_model // 2):
                a = pos * math.exp(-2 * i * math.log(10000.0) / d_model)
                yield math.sin(a)
                yield math.cos(a)

    flat = np.fromiter(entries(), dtype=np.float64, count=max_len * d_model)
    return flat.reshape(max_len, d_model)
