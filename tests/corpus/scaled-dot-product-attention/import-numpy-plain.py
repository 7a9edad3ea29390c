# A learner who writes `import numpy` without the usual alias (their
# course never introduced `as np`) and spells numpy.* out in full.
# Logic is standard: scores, triu mask, stable softmax, weighted sum.
import numpy


def attention(Q, K, V, causal=False):
    scores = numpy.matmul(Q, K.T) / numpy.sqrt(Q.shape[1])
    if causal:
        future = numpy.triu(numpy.ones(scores.shape, dtype=bool), k=1)
        scores = numpy.where(future, -numpy.inf, scores)
    scores = scores - numpy.max(scores, axis=1, keepdims=True)
    weights = numpy.exp(scores)
    weights = weights / numpy.sum(weights, axis=1, keepdims=True)
    return numpy.matmul(weights, V)
