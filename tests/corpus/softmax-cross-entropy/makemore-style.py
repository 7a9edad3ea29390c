# Karpathy makemore/micrograd viewer: writes logits -> counts -> probs and the "dlogits = probs;
# dlogits[range(n), Y] -= 1; dlogits /= n" backward, but takes the loss through log-softmax
# (logits - logsumexp) because exp of big logits overflows.
import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    logit_maxes = logits.max(1, keepdims=True)
    norm_logits = logits - logit_maxes
    counts = np.exp(norm_logits)
    counts_sum = counts.sum(1, keepdims=True)
    probs = counts / counts_sum
    logprobs = norm_logits - np.log(counts_sum)
    loss = -logprobs[range(n), labels].mean()
    dlogits = probs.copy()
    dlogits[range(n), labels] -= 1
    dlogits /= n
    return loss, dlogits
