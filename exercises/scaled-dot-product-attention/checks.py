"""scaled-dot-product-attention's checks. The learner returns only `weights @ V`, never the
weights themselves; with V the identity matrix the output *is* the weight matrix, so its rows
can be checked as probability distributions (`reduces_to`) and its upper triangle for causal
leaks. The words are in messages.toml."""

from __future__ import annotations

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    as_float_array,
    check,
    check_each,
    compare_values,
    first_index,
    future_mask,
    returned_array,
    row_text,
    within_tolerance,
)


def _visible(context: CheckContext, row: int) -> str:
    """The keys query `row` may see, as the messages name them."""
    return context.fail("visible-keys" if row else "visible-first-key", row=row).message


@check_each("causal_no_future")
def check_causal_no_future(trial: Trial, context: CheckContext) -> Failure | None:
    """With V = I (the output is the weight matrix) and causal=True, every weight above the
    diagonal (a future key) is 0."""
    n_keys = np.shape(trial.arg("V"))[0]
    if not np.array_equal(trial.arg("V"), np.eye(n_keys)):
        raise ValueError("this check needs probes whose V is the identity matrix")
    weights = returned_array(trial, np.shape(trial.expected))
    intro = context.fail("v-is-identity", n_keys=n_keys, last=n_keys - 1).message
    if (index := first_index(~np.isfinite(weights))) is not None:
        row, shown = index[0], row_text(weights[index[0]], 8)
        return context.fail("causal-row-not-finite", trial, intro=intro, row=row, weights=shown)
    future = future_mask(weights)
    leaks = future & ~within_tolerance(weights, np.zeros_like(weights), context.tolerance)
    if (index := first_index(leaks)) is None:
        return None
    (row, key), weight, shown = index, float(weights[index]), row_text(weights[index[0]], 8)
    values = {"key": key, "weight": weight, "visible": _visible(context, row), "weights": shown}
    return context.fail("future-weight", trial, intro=intro, row=row, **values)


@check("stable_for_large_scores")
def check_stable_for_large_scores(trials: list[Trial], context: CheckContext) -> Failure | None:
    """No nan or inf when the scores are in the thousands, and still the right values. A row
    of nan is the mask's doing when the same scores unmasked were right, else the softmax's
    overflow, shown with the range of the scaled scores."""
    unmasked_right = any(
        not trial.arg("causal") and compare_values(trial, context.tolerance) is None
        for trial in trials
    )
    for trial in trials:
        got = as_float_array(trial.got)
        if got is None or got.shape != np.shape(trial.expected) or np.isfinite(got).all():
            if (failure := compare_values(trial, context.tolerance)) is not None:
                return failure
            continue
        row = int(np.argwhere(~np.isfinite(got))[0][0])
        broken = int((~np.isfinite(got)).any(axis=1).sum())
        values = {"row": row, "output": row_text(got[row], 8), "broken": broken, "rows": len(got)}
        if trial.arg("causal") and unmasked_right:
            return context.fail("mask-makes-nan", trial, visible=_visible(context, row), **values)
        queries, keys = (np.asarray(trial.arg(name), dtype=np.float64) for name in ("Q", "K"))
        scores = queries @ keys.T / np.sqrt(queries.shape[1])
        low, high = float(scores.min()), float(scores.max())
        return context.fail("scores-overflow", trial, low=low, high=high, **values)
    return None
