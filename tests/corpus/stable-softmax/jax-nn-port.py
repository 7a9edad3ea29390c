# Port of jax.nn.softmax: `x_max = jnp.max(x, axis, keepdims=True)`, `unnormalized = jnp.exp(x - x_max)`,
# `result = unnormalized / jnp.sum(unnormalized, axis, keepdims=True)`; stop_gradient dropped (no autodiff here).
import numpy as np

jnp = np  # so the ported body reads like the JAX source


def softmax(x, axis=-1):
    x_max = jnp.max(x, axis, keepdims=True)
    unnormalized = jnp.exp(x - x_max)
    result = unnormalized / jnp.sum(unnormalized, axis, keepdims=True)
    return result
