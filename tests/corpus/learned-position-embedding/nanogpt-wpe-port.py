# nanoGPT's `pos_emb = self.transformer.wpe(pos)` with `assert t <= self.config.block_size`, translated:
# block_size is the table length, and the assert becomes an IndexError naming the position.
import numpy as np


def position_embedding(positions, table):
    wpe = table
    block_size = wpe.shape[0]
    too_far = positions[(positions >= block_size) | (positions < 0)]
    if too_far.size > 0:
        raise IndexError(
            f"Cannot use position {too_far[0]}, block size is only {block_size}"
        )
    pos_emb = wpe[positions]  # (t, n_embd) or (b, t, n_embd)
    return pos_emb
