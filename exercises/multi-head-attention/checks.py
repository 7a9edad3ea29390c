"""multi-head-attention's analysis: a copy-paste slip among the four weights, one projection
computed with another's matrix (V = x @ w_k, say), so one weight is used twice and one never.
The words are in messages.toml."""

from __future__ import annotations

from typing import Any

from graders import transformation

WEIGHTS = ("w_q", "w_k", "w_v", "w_o")


@transformation("projection-weight-mixed-up", grid={"name": WEIGHTS, "other": WEIGHTS})
def one_weight_used_for_another(
    reference: Any, x: Any, n_heads: int, *, name: str, other: str, **weights: Any
) -> Any:
    """The attention with weight `name` replaced by `other` (the identity weights of the worked
    example hide the slip: that trial is right)."""
    if name == other:
        raise ValueError("the same weight: no slip")
    weights[name] = weights[other]
    return reference(x, *(weights[weight] for weight in WEIGHTS), n_heads)
