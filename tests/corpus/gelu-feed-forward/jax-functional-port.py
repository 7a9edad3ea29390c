# JAX/Flax-style functional port: params in a dict pytree, `jax.nn.gelu(approximate=True)` written out,
# and jnp.dot for the dense layers. `jnp = np` so the body reads like the original.
import numpy as np

jnp = np


def gelu(x, approximate=True):
    if not approximate:
        raise NotImplementedError("only the tanh approximation is used here")
    cdf = 0.5 * (1.0 + jnp.tanh(jnp.sqrt(2 / jnp.pi) * (x + 0.044715 * (x**3))))
    return x * cdf


def dense(params, x):
    return jnp.dot(x, params["kernel"]) + params["bias"]


def feed_forward(x, w1, b1, w2, b2):
    params = {"fc1": {"kernel": w1, "bias": b1}, "fc2": {"kernel": w2, "bias": b2}}
    return dense(params["fc2"], gelu(dense(params["fc1"], x)))
