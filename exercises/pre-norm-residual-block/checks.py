"""pre-norm-residual-block's check of the residual connection: with `w2 = 0` and `b2 = 0` the
feed-forward network outputs exactly 0, whatever the layer norm and the GELU did, so the block
is the identity. The words are in messages.toml."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import CheckContext, Failure, Trial, check_each, returned_array, within_tolerance

Array = np.ndarray[Any, Any]


@check_each("returns_x_when_output_layer_is_zero")
def check_returns_x(trial: Trial, context: CheckContext) -> Failure | None:
    """With w2 = 0 and b2 = 0 the block is the identity: it returns x."""
    if np.any(trial.arg("w2")) or np.any(trial.arg("b2")):
        raise ValueError("this check needs probes whose w2 and b2 are all zeros")
    x = np.asarray(trial.arg("x"), dtype=np.float64)
    got = returned_array(trial, x.shape, ", the shape of x,")

    def same(want: Array) -> bool:
        return bool(within_tolerance(got, want, context.tolerance).all())

    if same(x):
        return None
    row = int(np.argwhere(~within_tolerance(got, x, context.tolerance))[0][0])
    failure = context.fail("not-x", row=row, x_row=x[row], got_row=got[row])
    centred = x - x.mean(axis=-1, keepdims=True)
    variance = (centred**2).mean(axis=-1, keepdims=True)
    normed = centred / np.sqrt(variance + trial.arg("eps")) * trial.arg("gamma") + trial.arg("beta")
    if same(normed):
        note = context.fail("returns-layer-norm")
    elif same(np.zeros_like(x)):
        note = context.fail("no-residual")
    elif same(centred):
        note = context.fail("centred-in-place", row=row, mean=float(x[row].mean()))
    else:
        return failure
    failure.message = f"{failure.message}\n{note.message}"
    return failure
