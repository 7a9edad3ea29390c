# Translated from a Flax `RMSNorm` (jnp.mean(jnp.square(x), axis=-1, keepdims=True), then
# x * jax.lax.rsqrt(var + eps) * scale); jnp becomes np and lax.rsqrt an explicit reciprocal sqrt.
import numpy as np

jnp = np


def _rsqrt(value):
    return np.reciprocal(np.sqrt(value))


def rms_norm(x, gamma, eps=1e-6):
    var = jnp.mean(jnp.square(x), axis=-1, keepdims=True)
    normed = x * _rsqrt(var + eps)
    scale = jnp.asarray(gamma)
    return normed * scale
