# Learner coming from JAX/Flax: writes `import numpy as jnp`, pure functions over a params dict,
# and jax.nn.gelu(approximate=True) spelled out.
import numpy as jnp


def _gelu(x):
    return 0.5 * x * (1 + jnp.tanh(jnp.sqrt(2 / jnp.pi) * (x + 0.044715 * x**3)))


def _layer_norm(params, x, eps):
    mean = jnp.mean(x, axis=-1, keepdims=True)
    var = jnp.var(x, axis=-1, keepdims=True)
    return params["scale"] * (x - mean) * (1 / jnp.sqrt(var + eps)) + params["bias"]


def _mlp(params, x):
    x = jnp.dot(x, params["fc1"]["kernel"]) + params["fc1"]["bias"]
    x = _gelu(x)
    return jnp.dot(x, params["fc2"]["kernel"]) + params["fc2"]["bias"]


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    params = {
        "ln": {"scale": gamma, "bias": beta},
        "mlp": {"fc1": {"kernel": w1, "bias": b1}, "fc2": {"kernel": w2, "bias": b2}},
    }
    return x + _mlp(params["mlp"], _layer_norm(params["ln"], x, eps))
