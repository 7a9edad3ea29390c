"""Checks written for this exercise with the graders library.

The function returns a pair `(loss, grad)`. The `loss` and `gradient` tests compare one item
each, so a learner is told which half is wrong; `gradient_rows_sum_to_zero` checks the
structure every correct gradient has (softmax minus one-hot: each row sums to 0, and only the
label's entry is negative), and `stable_for_large_logits` explains where a nan or inf comes
from when the logits are in the thousands.

Two analyses name what the known mistakes' exact outputs miss: a loss off by a factor that
says which (the sum, the sign, bits, a mean over N x C), whatever the gradient did; and a
softmax that blows up in exactly the rows an unshifted (or batch-shifted) exp cannot hold,
however the nan or inf then spread.
"""

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


def _pair_as_arrays(trial: Trial) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]] | None:
    """The learner's (loss, grad) as float arrays of the reference's shapes, or None."""
    got = trial.got
    if not isinstance(got, tuple | list) or len(got) != 2:
        return None
    loss, grad = as_float_array(got[0]), as_float_array(got[1])
    expected_grad = np.asarray(trial.expected[1], dtype=np.float64)
    if loss is None or grad is None or loss.shape != () or grad.shape != expected_grad.shape:
        return None
    return loss, grad


def _loss_factors(logits: np.ndarray[Any, Any]) -> dict[str, float]:
    """The factor each loss slip multiplies the right loss by, on these logits."""
    n, classes = logits.shape
    return {
        "loss-summed-not-averaged": float(n),
        "loss-not-negated": -1.0,
        "loss-in-bits": 1.0 / float(np.log(2.0)),
        "loss-mean-over-all-entries": 1.0 / classes,
    }


_LOSS_SLIPS = {
    "loss-summed-not-averaged": (
        "Loss summed over the rows, not averaged",
        "Your loss is N times the right one: you add up the rows' losses. The loss is their "
        "**mean**, `-log_probs[rows, labels].mean()` (the gradient, a mean's gradient, is "
        "divided by N too), so that its size does not depend on the batch size.",
    ),
    "loss-not-negated": (
        "Loss without the minus sign",
        "Your loss is the right one with the opposite sign: the mean log-probability of the "
        "labels, which is never above 0. Cross-entropy is **minus** the log-probability of the "
        "correct class, `-log_probs[rows, labels].mean()`: always >= 0, and 0 only when the "
        "model gives the label probability 1. Minimising your value would push the right "
        "class down.",
    ),
    "loss-in-bits": (
        "Loss measured in bits (log base 2)",
        "Your loss is the right one divided by ln 2 = 0.6931: you take `np.log2`, measuring "
        "the cross-entropy in bits, as information theory does. In machine learning the loss "
        "uses the natural log, `np.log`, the one whose derivative gives softmax - one_hot "
        "exactly: the log-softmax is `shifted - np.log(np.exp(shifted).sum(axis=1, "
        "keepdims=True))`.",
    ),
    "loss-mean-over-all-entries": (
        "Mean over all N x C entries instead of over the N rows",
        "Your loss is the right one divided by C, the number of classes: `np.mean` of the "
        "`(N, C)` matrix `-one_hot * log_probs` divides by N * C, most of its entries being the "
        "zeros of the one-hot. Average over the **rows** only: "
        "`(-one_hot * log_probs).sum(axis=1).mean()`, or `-log_probs[rows, labels].mean()`; "
        "the gradient is divided by N, not N * C.",
    ),
}


def _right(trial: Trial, tolerance: float) -> bool:
    pair = _pair_as_arrays(trial)
    return pair is not None and bool(
        within_tolerance(pair[0], np.asarray(float(trial.expected[0])), tolerance)
        and within_tolerance(pair[1], np.asarray(trial.expected[1]), tolerance).all()
    )


@analysis
def loss_off_by_a_factor(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every wrong loss is the right one times the factor of one slip (N, -1, 1/ln 2, 1/C),
    and the gradient is right or carries the same factor."""
    tolerance = context.tolerance
    for slip, (title, explanation) in _LOSS_SLIPS.items():
        wrong = 0
        for trial in trials:
            if _right(trial, tolerance):
                continue
            pair = _pair_as_arrays(trial)
            factor = _loss_factors(_logits(trial))[slip]
            expected_loss = float(trial.expected[0])
            expected_grad = np.asarray(trial.expected[1], dtype=np.float64)
            if (
                pair is None
                or abs(expected_loss) <= tolerance  # a zero loss shows no factor
                or not within_tolerance(pair[0], np.asarray(factor * expected_loss), tolerance)
                or not (
                    within_tolerance(pair[1], expected_grad, tolerance).all()
                    or within_tolerance(pair[1], factor * expected_grad, tolerance).all()
                )
            ):
                break
            wrong += 1
        else:
            if wrong:
                return Finding(slip, title, explanation)
    return None


def _rows_exp_cannot_hold(
    logits: np.ndarray[Any, Any], shift: float | None
) -> np.ndarray[Any, Any]:
    """Rows whose sum of exp(logits - shift) overflows to inf or underflows to 0 (no shift
    when `shift` is None)."""
    with np.errstate(over="ignore", under="ignore"):
        sums = np.exp(logits - (0.0 if shift is None else shift)).sum(axis=1)
    result: np.ndarray[Any, Any] = ~np.isfinite(sums) | (sums == 0.0)
    return result


def _blows_up_in(trials: list[Trial], global_shift: bool, tolerance: float) -> list[int] | None:
    """For each wrong trial, the rows an unshifted (or batch-max-shifted) exp cannot hold:
    the loss is not finite, the gradient is right in every other row and wrong in those.
    None when a wrong trial does not fit."""
    found: list[int] = []
    for trial in trials:
        if _right(trial, tolerance):
            continue
        pair, logits = _pair_as_arrays(trial), _logits(trial)
        if pair is None:
            return None
        loss, grad = pair
        bad = _rows_exp_cannot_hold(logits, float(logits.max()) if global_shift else None)
        rows_right = within_tolerance(grad, np.asarray(trial.expected[1]), tolerance).all(axis=1)
        if not bad.any() or np.isfinite(loss) or (rows_right == bad).any():
            return None
        found.append(int(np.argmax(bad)))
    return found or None


@analysis
def softmax_overflows(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The result breaks in exactly the rows whose exp overflows or underflows without a
    per-row shift: no shift at all, or one maximum for the whole batch."""
    if _blows_up_in(trials, global_shift=False, tolerance=context.tolerance):
        return Finding(
            "exp-of-unshifted-logits",
            "exp() of the raw logits overflows",
            "Your loss is not finite, and your gradient is wrong in exactly the rows where "
            "`np.exp(logits).sum(axis=1)` cannot be stored: you exponentiate the raw logits. "
            "`np.exp(1000.0)` is `inf` (anything above about 709 overflows), and a row whose "
            "logits are all below about -745 sums to 0, whose log is `-inf`. Subtract each "
            "row's own maximum first, `shifted = logits - logits.max(axis=1, keepdims=True)`: "
            "the softmax does not change, and every row's sum lies between 1 and C.",
        )
    if _blows_up_in(trials, global_shift=True, tolerance=context.tolerance):
        return Finding(
            "shift-by-batch-max",
            "One maximum for the whole batch instead of one per row",
            "Your loss is not finite, and your gradient is wrong in exactly the rows that lie "
            "far below the largest logit of the **whole batch**: you subtract `logits.max()`, "
            "one number. That stops the overflow, but in a row whose logits are all more than "
            "about 745 below that maximum every `np.exp` underflows to 0, the row's sum is 0 "
            "and its log `-inf`. Subtract each row's own maximum, "
            "`logits.max(axis=1, keepdims=True)`: every row then keeps an exponent of 0.",
        )
    return None
