# Port of torch.nn.Embedding(num_embeddings, embedding_dim): a module whose `weight` is the table and
# whose forward(input) indexes it; PyTorch raises "index out of range in self", here with the details.
import numpy as np


class Embedding:
    def __init__(self, weight):
        self.weight = weight
        self.num_embeddings, self.embedding_dim = weight.shape

    def forward(self, input):
        invalid = (input < 0) | (input >= self.num_embeddings)
        if np.any(invalid):
            first = input[invalid][0]
            raise IndexError(f"index {first} out of range in self (num_embeddings={self.num_embeddings})")
        return self.weight[input]

    def __call__(self, input):
        return self.forward(input)


def position_embedding(positions, table):
    return Embedding(table)(positions)
