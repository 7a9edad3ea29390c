"""Checks written for this exercise with the graders library.

The function returns a pair `(loss, grad)`. The `loss` and `gradient` tests compare one item
each, so a learner is told which half is wrong; `gradient_rows_sum_to_zero` checks the
structure every correct gradient has (softmax minus one-hot: each row sums to 0, and only the
label's entry is negative), and `stable_for_large_logits` explains where a nan or inf comes
from when the logits are in the thousands.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    as_float_array,
    check,
    compare_values,
    describe,
    number,
    returned_array,
    row_text,
    tolerance_text,
    within_tolerance,
)

_SHOWN = 8


def _pair(trial: Trial) -> tuple[Any, Any]:
    """The learner's (loss, grad), or raises when it is not a pair."""
    got = trial.got
    if not isinstance(got, tuple | list) or len(got) != 2:
        raise Failure(
            f"It returned {describe(got)}; a tuple (loss, grad) was expected: `return loss, grad`.",
            trial,
        )
    return got[0], got[1]


def _item(trial: Trial, index: int) -> Trial:
    """The trial of one item of the pair, learner's and reference's."""
    return Trial(trial.probe, _pair(trial)[index], trial.expected[index])


def _logits(trial: Trial) -> np.ndarray[Any, Any]:
    return np.asarray(trial.probe.args[0], dtype=np.float64)


@check("loss_matches")
def check_loss_matches(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Item 0, the loss: one number, the mean over the rows."""
    for trial in trials:
        loss = _item(trial, 0)
        failure = compare_values(loss, context.tolerance)
        if failure is None:
            continue
        message = f"The loss (item 0 of the tuple): {failure.message}"
        got = as_float_array(loss.got)
        n, classes = _logits(trial).shape
        if got is not None and got.shape == () and np.isfinite(got) and n > 1:
            expected = float(loss.expected)
            if within_tolerance(got, expected * n, context.tolerance):
                message += (
                    f"\nYour loss is {n} times the expected one, and there are {n} rows: "
                    "it is the sum over the batch, not the mean."
                )
            elif within_tolerance(got, expected / classes, context.tolerance):
                message += (
                    f"\nYour loss is the expected one divided by {classes}, the number of "
                    "classes: a mean over all N x C entries instead of over the N rows."
                )
        return Failure(message, trial)
    return None


@check("gradient_matches")
def check_gradient_matches(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Item 1, the gradient: (softmax(logits) - one_hot(labels)) / N, shaped like logits."""
    for trial in trials:
        grad = _item(trial, 1)
        failure = compare_values(grad, context.tolerance)
        if failure is None:
            continue
        message = f"The gradient (item 1 of the tuple): {failure.message}"
        got, expected = as_float_array(grad.got), as_float_array(grad.expected)
        n = _logits(trial).shape[0]
        if got is not None and expected is not None and got.shape == expected.shape and n > 1:
            if within_tolerance(got, expected * n, context.tolerance).all():
                message += (
                    f"\nYour gradient is {n} times the expected one, and there are {n} rows: "
                    "the loss is a mean over the rows, so its gradient is divided by N too."
                )
            elif within_tolerance(got, -expected, context.tolerance).all():
                message += (
                    "\nYour gradient has the opposite sign: one_hot - softmax is the "
                    "negative gradient, the direction a descent step moves in. The gradient "
                    "itself, d loss / d logits, is softmax - one_hot."
                )
        return Failure(message, trial)
    return None


@check("gradient_rows_sum_to_zero")
def check_gradient_rows_sum_to_zero(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every gradient row sums to 0; the label's entry is the only negative one."""
    tolerance = context.tolerance
    for trial in trials:
        logits = _logits(trial)
        labels = np.asarray(trial.probe.args[1])
        n = logits.shape[0]
        got = returned_array(_item(trial, 1), logits.shape, ", the shape of logits,")
        intro = (
            f"Each row of the gradient is (softmax(row) - one_hot(label)) / {n}: the softmax "
            "sums to 1 and the one-hot to 1, so every row must sum to 0, the label's entry "
            "is the only negative one, and every other entry is positive."
        )
        if not np.isfinite(got).all():
            row = int(np.argwhere(~np.isfinite(got))[0][0])
            return Failure(
                f"{intro}\nRow {row} of your gradient is {row_text(got[row], _SHOWN)}.", trial
            )
        sums = got.sum(axis=1)
        bad = ~within_tolerance(sums, np.zeros_like(sums), tolerance)
        if bad.any():
            row = int(np.argmax(bad))
            return Failure(
                f"{intro}\nRow {row} of your gradient (label {int(labels[row])}) is "
                f"{row_text(got[row], _SHOWN)} and sums to {number(float(sums[row]))} "
                f"(|sum| > {tolerance_text(tolerance)}).",
                trial,
            )
        at_label = got[np.arange(n), labels]
        if (at_label >= 0).any():
            row = int(np.argmax(at_label >= 0))
            return Failure(
                f"{intro}\nRow {row} of your gradient is {row_text(got[row], _SHOWN)}: its "
                f"entry at the label, column {int(labels[row])}, is "
                f"{number(float(at_label[row]))}, but softmax - 1 is always negative.",
                trial,
            )
    return None


def _non_finite(value: Any) -> bool:
    values = as_float_array(value)
    return values is not None and not np.isfinite(values).all()


@check("stable_for_large_logits")
def check_stable_for_large_logits(trials: list[Trial], context: CheckContext) -> Failure | None:
    """No nan or inf when the logits are in the thousands, and still the right values."""
    for trial in trials:
        loss, grad = _pair(trial)
        if _non_finite(loss) or _non_finite(grad):
            logits = _logits(trial)
            which = "loss" if _non_finite(loss) else "gradient"
            shown = number(float(np.asarray(loss, dtype=np.float64).ravel()[0]))
            return Failure(
                f"Your {which} is not finite (the loss is {shown}). The logits in this call "
                f"run from {number(float(logits.min()))} to {number(float(logits.max()))}.\n"
                "np.exp overflows to inf above about 709 (and inf / inf is nan), and "
                "underflows to 0 below about -745 (and log(0) is -inf). Work with the "
                "log-softmax, row - max(row) - log(sum(exp(row - max(row)))), with each row's "
                "own maximum: no exponent is then above 0, the sum is at least 1, and you never "
                "take the log of a probability that has underflowed.",
                trial,
            )
        failure = compare_values(trial, context.tolerance)
        if failure is not None:
            return failure
    return None
