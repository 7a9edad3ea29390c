"""Checks written for this exercise with the graders library.

With `w2 = 0` and `b2 = 0` the feed-forward network outputs exactly 0, whatever the layer norm
and the GELU did: the block is then the identity, which isolates the residual connection.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    check,
    number,
    returned_array,
    row_text,
    tolerance_text,
    within_tolerance,
)


def _layer_norm(trial: Trial) -> np.ndarray[Any, Any]:
    """The probe's x normalised over its last axis with the probe's gamma and beta."""
    x, gamma, beta = (np.asarray(a, dtype=np.float64) for a in trial.probe.args[:3])
    eps = float(trial.probe.args[7]) if len(trial.probe.args) > 7 else 1e-5
    centred = x - x.mean(axis=-1, keepdims=True)
    var = (centred**2).mean(axis=-1, keepdims=True)
    normed: np.ndarray[Any, Any] = centred / np.sqrt(var + eps) * gamma + beta
    return normed


def _same(got: np.ndarray[Any, Any], want: np.ndarray[Any, Any], tolerance: float) -> bool:
    return bool(within_tolerance(got, want, tolerance).all())


@check("returns_x_when_output_layer_is_zero")
def check_returns_x(trials: list[Trial], context: CheckContext) -> Failure | None:
    """With w2 = 0 and b2 = 0 the block is the identity: it returns x."""
    tolerance = context.tolerance
    for trial in trials:
        w2, b2 = (np.asarray(a, dtype=np.float64) for a in trial.probe.args[5:7])
        if w2.any() or b2.any():
            raise ValueError("this check needs probes whose w2 and b2 are all zeros")
        x = np.asarray(trial.probe.args[0], dtype=np.float64)
        got = returned_array(trial, x.shape, ", the shape of x,")
        if _same(got, x, tolerance):
            continue
        bad = ~within_tolerance(got, x, tolerance)
        row = int(np.argwhere(bad)[0][0])
        message = (
            "In this call w2 and b2 are all zeros, so feed_forward(...) is exactly 0 for every "
            "token and the block must return x itself.\n"
            f"Row {row} of x is {row_text(x[row])}, and your row {row} is {row_text(got[row])} "
            f"(|error| > {tolerance_text(tolerance)})."
        )
        normed = _layer_norm(trial)
        if _same(got, normed, tolerance):
            message += (
                "\nYour output is layer_norm(x): the residual adds the normalised x where it "
                "must add the raw x, or the sum is normalised afterwards (post-norm). In a "
                "pre-norm block the normalised copy only feeds the feed-forward network; the "
                "residual path carries x through untouched."
            )
        elif _same(got, np.zeros_like(x), tolerance):
            message += (
                "\nYour output is all zeros: the feed-forward result is returned without the "
                "residual `x + ...`."
            )
        else:
            centred = x - x.mean(axis=-1, keepdims=True)
            if _same(got, centred, tolerance):
                message += (
                    "\nYour output is x minus each row's mean "
                    f"({number(float(x[row].mean()))} for row {row}): x was centred in "
                    "place, so the residual added the modified x."
                )
        return Failure(message, trial)
    return None
