# A JAX user writing NumPy as if it were jax.numpy: pure functions, no
# in-place updates (JAX arrays are immutable), pairs obtained with
# reshape(..., -1, 2) and reassembled with stack + reshape.
import numpy as jnp


def _rope_angles(seq_len, dim, max_wavelength=10_000.0):
    fraction = 2.0 * jnp.arange(0, dim // 2) / dim
    timescale = max_wavelength ** fraction
    return jnp.arange(seq_len)[:, None] / timescale[None, :]


def apply_rope(x):
    inputs = jnp.asarray(x, dtype=jnp.float64)
    seq_len, dim = inputs.shape
    sinusoid = _rope_angles(seq_len, dim)
    sin, cos = jnp.sin(sinusoid), jnp.cos(sinusoid)
    pairs = inputs.reshape(seq_len, dim // 2, 2)
    first, second = pairs[..., 0], pairs[..., 1]
    out = jnp.stack([first * cos - second * sin, second * cos + first * sin], axis=-1)
    return out.reshape(seq_len, dim)
