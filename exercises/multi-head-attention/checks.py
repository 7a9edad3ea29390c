"""Analyses written for this exercise with the graders library.

`projection_weight_mixed_up` names a copy-paste slip among the four weights: one projection
computed with another's matrix (V = x @ w_k, say), so one weight is used twice and one never.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import CheckContext, Finding, Trial, analysis, as_float_array, within_tolerance

_WEIGHTS = ("w_q", "w_k", "w_v", "w_o")
_ROLES = {"w_q": "the queries Q", "w_k": "the keys K", "w_v": "the values V", "w_o": "the output"}


def _attention(x: Any, weights: tuple[Any, ...], n_heads: int) -> np.ndarray[Any, Any]:
    """Multi-head attention as the contract defines it, with the given (w_q, w_k, w_v, w_o)."""
    w_q, w_k, w_v, w_o = weights
    t, d_model = x.shape
    d_k = d_model // n_heads

    def split(m: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
        return m.reshape(t, n_heads, d_k).transpose(1, 0, 2)

    q, k, v = split(x @ w_q), split(x @ w_k), split(x @ w_v)
    scores = q @ k.transpose(0, 2, 1) / np.sqrt(d_k)
    weights_ = np.exp(scores - scores.max(axis=-1, keepdims=True))
    weights_ = weights_ / weights_.sum(axis=-1, keepdims=True)
    merged = (weights_ @ v).transpose(1, 0, 2).reshape(t, d_model)
    result: np.ndarray[Any, Any] = merged @ w_o
    return result


def _fits(trials: list[Trial], slot: int, used: int, tolerance: float) -> bool:
    """Whether every wrong trial is the attention with weight `slot` replaced by `used`."""
    wrong = 0
    for trial in trials:
        got, expected = as_float_array(trial.got), as_float_array(trial.expected)
        if got is None or expected is None or got.shape != expected.shape:
            return False
        if within_tolerance(got, expected, tolerance).all():
            continue  # this trial is right (identity weights hide the slip)
        x, *weights, n_heads = trial.probe.args
        if len(weights) != len(_WEIGHTS) or not isinstance(n_heads, int):
            return False
        mixed = list(weights)
        mixed[slot] = weights[used]
        if not within_tolerance(got, _attention(x, tuple(mixed), n_heads), tolerance).all():
            return False
        wrong += 1
    return wrong > 0


@analysis
def projection_weight_mixed_up(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every wrong result is the attention with one weight used in place of another."""
    for slot, name in enumerate(_WEIGHTS):
        for used, other in enumerate(_WEIGHTS):
            if used != slot and _fits(trials, slot, used, context.tolerance):
                return Finding(
                    "projection-weight-mixed-up",
                    f"{other} used where {name} belongs",
                    f"Your output is what you get when {_ROLES[name]} are computed with "
                    f"`{other}` instead of `{name}`: one weight is used twice and `{name}` "
                    "never. Each of the four projections has its own matrix: `Q = x @ w_q`, "
                    "`K = x @ w_k`, `V = x @ w_v`, and the merged heads `@ w_o`. (With the "
                    "identity weights of the worked example they are all the same matrix, "
                    "which is why that example passes.)",
                )
    return None
