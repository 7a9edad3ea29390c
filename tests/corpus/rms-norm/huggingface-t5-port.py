# Hugging Face T5LayerNorm / LlamaRMSNorm port: "variance" is the mean of squares (no mean subtracted,
# as the HF comment says), hidden_states * rsqrt(variance + variance_epsilon), then weight * hidden_states.
import numpy as np


class LlamaRMSNorm:
    def __init__(self, weight, eps=1e-6):
        self.weight = weight
        self.variance_epsilon = eps

    def __call__(self, hidden_states):
        hidden_states = hidden_states.astype(np.float64)
        variance = np.mean(np.square(hidden_states), axis=-1, keepdims=True)
        hidden_states = hidden_states * (1.0 / np.sqrt(variance + self.variance_epsilon))
        return self.weight * hidden_states


def rms_norm(x, gamma, eps=1e-6):
    return LlamaRMSNorm(gamma, eps)(x)
