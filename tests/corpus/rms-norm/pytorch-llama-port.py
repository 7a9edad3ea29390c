# Port of the LLaMA reference `RMSNorm` module (PyTorch): `_norm` does x * torch.rsqrt(x.pow(2).mean(-1,
# keepdim=True) + eps) and `forward` multiplies by the weight. torch.rsqrt becomes 1 / np.sqrt.
import numpy as np


class RMSNorm:
    def __init__(self, dim, eps=1e-6):
        self.eps = eps
        self.weight = np.ones(dim)

    def _norm(self, x):
        return x * (1.0 / np.sqrt(np.power(x, 2).mean(-1, keepdims=True) + self.eps))

    def forward(self, x):
        output = self._norm(x.astype(np.float64)).astype(x.dtype)
        return output * self.weight


def rms_norm(x, gamma, eps=1e-6):
    layer = RMSNorm(x.shape[-1], eps=eps)
    layer.weight = gamma
    return layer.forward(x)
