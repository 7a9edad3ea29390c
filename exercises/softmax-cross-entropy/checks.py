"""softmax-cross-entropy's checks (the gradient's rows, finiteness for logits in the
thousands) and analyses (a loss off by one slip's factor, an exp that overflows); `item_matches`
compares the loss and the gradient, and the words are in messages.toml."""

from __future__ import annotations

import math
from collections.abc import Callable
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
    compare_values,
    describe,
    first_index,
    row_text,
    within_tolerance,
)

Array = np.ndarray[Any, Any]
SHOWN = 8  # a gradient row's entries shown, so that its sum can be checked by eye


def _pair(got: Any) -> tuple[Array | None, Array | None] | None:
    """A returned (loss, grad) as float arrays (an item None: not numbers); None: no pair."""
    if not isinstance(got, tuple | list) or len(got) != 2:
        return None
    return as_float_array(got[0]), as_float_array(got[1])


@check_each("gradient_rows_sum_to_zero")
def check_gradient_rows(trial: Trial, context: CheckContext) -> Failure | None:
    """Every gradient row sums to 0, and its entry at the label is negative."""
    if (pair := _pair(trial.got)) is None:
        return context.fail("not-a-pair", trial, got=describe(trial.got))
    shape, labels, got = np.shape(trial.arg("logits")), np.asarray(trial.arg("labels")), pair[1]
    if got is None or got.shape != shape:
        return context.fail("gradient-shape", trial, got=describe(trial.got[1]), shape=str(shape))
    sums, at_label = got.sum(axis=1), got[np.arange(shape[0]), labels]
    zero = within_tolerance(sums, np.zeros_like(sums), context.tolerance)
    if (bad := first_index(~zero | (at_label >= 0))) is None:
        return None
    row, shown = bad[0], row_text(got[bad[0]], SHOWN)
    values = {"row": row, "label": labels[row], "sum": sums[row], "entry": at_label[row]}
    return context.fail("gradient-row", trial, n=shape[0], values=shown, **values)


@check_each("stable_for_large_logits")
def check_stable_for_large_logits(trial: Trial, context: CheckContext) -> Failure | None:
    """No nan or inf when the logits are in the thousands, and still the right values."""
    if (pair := _pair(trial.got)) is None:
        return context.fail("not-a-pair", trial, got=describe(trial.got))
    logits = np.asarray(trial.arg("logits"), dtype=np.float64)
    for which, value in zip(("loss", "gradient"), pair, strict=True):
        if value is not None and not np.isfinite(value).all():
            extremes = {"low": logits.min(), "high": logits.max()}
            return context.fail("not-finite", trial, which=which, loss=trial.got[0], **extremes)
    return compare_values(trial, context.tolerance)


Fits = Callable[[Trial, Array, Array, float, Any], bool]  # a wrong trial, its loss and grad


def _every_wrong(trials: list[Trial], tolerance: float, fits: Fits, how: Any) -> bool:
    """Some trial is wrong and `fits` (with `how`) every wrong one; False when a trial returned
    no number and array of the reference's shapes."""
    wrong = []
    for trial in trials:
        loss, grad = _pair(trial.got) or (None, None)
        right_loss, right_grad = trial.expected
        if loss is None or grad is None or loss.shape != () or grad.shape != np.shape(right_grad):
            return False
        if not within_tolerance(
            np.append(grad, loss), np.append(right_grad, right_loss), tolerance
        ).all():
            wrong.append((trial, loss, grad))
    return bool(wrong) and all(fits(*item, tolerance, how) for item in wrong)


def _loss_times(trial: Trial, loss: Array, grad: Array, tolerance: float, factor: Any) -> bool:
    """The loss is the right one times `factor(n, classes)` (a zero loss shows no factor), the
    gradient right or scaled alike."""
    (right_loss, right_grad), f = trial.expected, factor(*np.shape(trial.arg("logits")))
    near = [within_tolerance(grad, g * right_grad, tolerance).all() for g in (1.0, f)]
    scaled = within_tolerance(loss, np.asarray(f * right_loss), tolerance)
    return bool(abs(right_loss) > tolerance and scaled and any(near))


@analysis
def loss_off_by_a_factor(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The loss times N (summed), -1 (not negated), 1/ln 2 (bits) or 1/C (a mean over N x C)."""
    tolerance = context.tolerance
    if _every_wrong(trials, tolerance, _loss_times, lambda n, classes: n):
        return context.finding("loss-summed-not-averaged")
    if _every_wrong(trials, tolerance, _loss_times, lambda n, classes: -1.0):
        return context.finding("loss-not-negated")
    if _every_wrong(trials, tolerance, _loss_times, lambda n, classes: 1 / math.log(2)):
        return context.finding("loss-in-bits")
    if _every_wrong(trials, tolerance, _loss_times, lambda n, classes: 1 / classes):
        return context.finding("loss-mean-over-all-entries")
    return None


def _breaks_where_exp(trial: Trial, loss: Array, grad: Array, tolerance: float, batch: Any) -> bool:
    """The loss is not finite and the gradient wrong in exactly the rows whose sum of
    exp(logits - shift) overflows or underflows (the shift 0, or the batch's maximum)."""
    logits = np.asarray(trial.arg("logits"), dtype=np.float64)
    with np.errstate(over="ignore", under="ignore"):
        sums = np.exp(logits - (logits.max() if batch else 0.0)).sum(axis=1)
    breaks = ~np.isfinite(sums) | (sums == 0.0)
    right = within_tolerance(grad, trial.expected[1], tolerance).all(axis=1)
    return bool(breaks.any() and not np.isfinite(loss) and (right != breaks).all())


@analysis
def softmax_overflows(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The result breaks in exactly the rows an exp without a per-row shift cannot hold."""
    if _every_wrong(trials, context.tolerance, _breaks_where_exp, False):
        return context.finding("exp-of-unshifted-logits")
    if _every_wrong(trials, context.tolerance, _breaks_where_exp, True):
        return context.finding("shift-by-batch-max")
    return None
