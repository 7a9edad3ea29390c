# Port of Hugging Face's TemperatureLogitsWarper and TopKLogitsWarper as small classes with
# __call__ (scores < topk(...)[0][..., -1, None] gets filter_value = -inf), then the draw.
import numpy as np


class TemperatureLogitsWarper:
    def __init__(self, temperature):
        self.temperature = temperature

    def __call__(self, scores):
        return scores / self.temperature


class TopKLogitsWarper:
    def __init__(self, top_k, filter_value=-float("inf")):
        self.top_k = top_k
        self.filter_value = filter_value

    def __call__(self, scores):
        top_k = min(self.top_k, scores.shape[-1])
        kth = np.partition(scores, -top_k, axis=-1)[..., -top_k, None]
        indices_to_remove = scores < kth
        return np.where(indices_to_remove, self.filter_value, scores)


def sample(logits, temperature, k, uniform):
    scores = TemperatureLogitsWarper(temperature)(logits)
    scores = TopKLogitsWarper(top_k=k)(scores)
    probs = np.exp(scores - scores.max(axis=-1, keepdims=True))
    probs /= probs.sum(axis=-1, keepdims=True)
    return np.argmax(np.cumsum(probs, axis=-1) > uniform[..., None], axis=-1).astype(np.int64)
