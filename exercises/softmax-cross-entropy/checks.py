"""softmax-cross-entropy's check of the gradient's rows and analyses (a loss off by a slip's
factor, an exp that overflows); the other tests are built-ins. The words are in messages.toml."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Finding,
    Trial,
    analysis,
    as_float_array,
    check_each,
    describe,
    every_wrong,
    exp_overflow_wrong,
    first_index,
    row_text,
    within_tolerance,
)


@check_each("gradient_rows_sum_to_zero")
def check_gradient_rows(trial: Trial, context: CheckContext) -> Failure | None:
    """Every gradient row sums to 0, and its entry at the label is negative."""
    if not isinstance(trial.got, tuple | list) or len(trial.got) != 2:
        return context.fail("not-a-pair", trial, got=describe(trial.got))
    shape, labels = np.shape(trial.arg("logits")), np.asarray(trial.arg("labels"))
    if (got := as_float_array(trial.got[1])) is None or got.shape != shape:
        return context.fail("gradient-shape", trial, got=describe(trial.got[1]), shape=str(shape))
    sums, at_label = got.sum(axis=1), got[np.arange(shape[0]), labels]
    zero = within_tolerance(sums, np.zeros_like(sums), context.tolerance)
    if (bad := first_index(~zero | (at_label >= 0))) is None:
        return None
    row, shown = bad[0], row_text(got[bad[0]], 8)  # 8 entries: enough to check the sum by eye
    values = {"row": row, "label": labels[row], "sum": sums[row], "entry": at_label[row]}
    return context.fail("gradient-row", trial, n=shape[0], values=shown, **values)


def _loss_times(trial: Trial, got: list[Any], tolerance: float, factor: Any) -> bool:
    """The loss times factor(n, classes) (a zero loss shows none), the gradient right or alike."""
    (loss, grad), (right_loss, right_grad) = got, trial.expected
    f = factor(*np.shape(trial.arg("logits")))
    near = [within_tolerance(grad, g * right_grad, tolerance).all() for g in (1.0, f)]
    scaled = within_tolerance(loss, np.asarray(f * right_loss), tolerance)
    return bool(abs(right_loss) > tolerance and scaled and any(near))


@analysis
def loss_off_or_overflowing(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The loss times N (summed), -1 (not negated), 1/ln 2 (bits) or 1/C (a mean over N x C);
    or the result broken in exactly the rows where the sum of exp(logits - shift) overflows or
    underflows (the shift 0, or the batch's maximum): an exp without a per-row shift."""
    tol = context.tolerance
    if every_wrong(trials, tol, _loss_times, lambda n, classes: n):
        return context.finding("loss-summed-not-averaged")
    if every_wrong(trials, tol, _loss_times, lambda n, classes: -1.0):
        return context.finding("loss-not-negated")
    if every_wrong(trials, tol, _loss_times, lambda n, classes: 1 / np.log(2)):
        return context.finding("loss-in-bits")
    if every_wrong(trials, tol, _loss_times, lambda n, classes: 1 / classes):
        return context.finding("loss-mean-over-all-entries")
    for batch in (False, True):  # the loss not finite, the gradient broken in those rows
        wrong = exp_overflow_wrong(trials, tol, "logits", 1, item=1, batch=batch)
        if wrong is not None and not any(np.isfinite(loss) for loss, _ in wrong):
            return context.finding("shift-by-batch-max" if batch else "exp-of-unshifted-logits")
    return None
