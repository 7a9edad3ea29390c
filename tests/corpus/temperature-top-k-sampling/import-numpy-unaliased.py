# Writes `import numpy` without an alias and uses numpy.full_like for the -inf filler.
import numpy


def sample(logits, temperature, k, uniform):
    kth = numpy.sort(logits, axis=1)[:, -k].reshape(-1, 1)
    filler = numpy.full_like(logits, -numpy.inf)
    masked = numpy.where(logits >= kth, logits, filler)
    scaled = masked / temperature
    shifted = scaled - numpy.max(scaled, axis=1, keepdims=True)
    probs = numpy.exp(shifted) / numpy.sum(numpy.exp(shifted), axis=1, keepdims=True)
    return numpy.argmax(numpy.cumsum(probs, axis=1) > uniform.reshape(-1, 1), axis=1).astype(numpy.int64)
