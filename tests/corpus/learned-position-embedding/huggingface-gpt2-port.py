# Hugging Face GPT-2 style: `position_embeds = self.wpe(position_ids)`, with position_ids of shape
# (batch, seq_len); the bounds check is written against config.n_positions.
import numpy as np


class GPT2Config:
    def __init__(self, n_positions, n_embd):
        self.n_positions = n_positions
        self.n_embd = n_embd


def position_embedding(positions, table):
    config = GPT2Config(*table.shape)
    position_ids = np.asarray(positions)
    outside = np.flatnonzero((position_ids < 0) | (position_ids >= config.n_positions))
    if outside.size:
        bad = position_ids.reshape(-1)[outside[0]]
        raise IndexError(f"position_ids contains {bad}, but n_positions is {config.n_positions}")
    position_embeds = table[position_ids]
    return position_embeds
