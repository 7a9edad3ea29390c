# Someone porting `torch.nn.functional.softmax(input, dim=...)`: keeps the `dim` name internally,
# and writes out the max subtraction PyTorch does for you in its kernels.
import numpy as np


def softmax(x: np.ndarray, axis: int = -1) -> np.ndarray:
    dim = axis  # F.softmax(input, dim=dim)
    input_max = x.max(dim, keepdims=True)  # input.amax(dim, keepdim=True)
    exp = np.exp(x - input_max)
    return exp / exp.sum(dim, keepdims=True)
