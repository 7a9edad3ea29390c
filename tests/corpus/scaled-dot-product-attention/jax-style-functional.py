# A JAX/Flax user writing NumPy as if it were jax.numpy: pure functions,
# no in-place updates, `big_neg = finfo(dtype).min` for masked logits as in
# flax.linen.dot_product_attention, and a jax.nn.softmax look-alike.
# Everything is an expression; no array is ever mutated.
import numpy as jnp


def _jax_softmax(x, axis=-1):
    unnormalized = jnp.exp(x - jnp.max(x, axis, keepdims=True))
    return unnormalized / jnp.sum(unnormalized, axis, keepdims=True)


def _make_causal_mask(n):
    idxs = jnp.arange(n)
    return jnp.greater_equal(idxs[:, None], idxs[None, :])


def attention(Q, K, V, causal=False):
    query = jnp.asarray(Q, dtype=jnp.float64)
    key = jnp.asarray(K, dtype=jnp.float64)
    value = jnp.asarray(V, dtype=jnp.float64)
    depth = query.shape[-1]
    query = query / jnp.sqrt(depth)
    attn_weights = jnp.einsum("...qd,...kd->...qk", query, key)
    if causal:
        big_neg = jnp.finfo(attn_weights.dtype).min
        attn_weights = jnp.where(_make_causal_mask(attn_weights.shape[-1]), attn_weights, big_neg)
    attn_weights = _jax_softmax(attn_weights)
    return jnp.einsum("...qk,...kd->...qd", attn_weights, value)
