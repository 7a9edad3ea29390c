"""Checks of one item of the (loss, grad) pair, so a learner sees which of the two is wrong,
and analyses of the misconceptions no single known mistake reproduces."""

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
    within_tolerance,
)

Y_POSITION = 1  # y is the second argument of mse_loss_and_grad(X, y, w)


def _item(trial: Trial, index: int) -> Trial:
    """The trial restricted to item `index` of the returned pair (raises when it is no pair)."""
    got = trial.got
    if not isinstance(got, (tuple, list)) or len(got) != 2:
        raise Failure(f"It returned {describe(got)}; a pair (loss, grad) was expected.", trial)
    return Trial(trial.probe, got[index], trial.expected[index])


@check("loss_matches")
def check_loss(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Item 0, the loss, matches the reference's."""
    for trial in trials:
        failure = compare_values(_item(trial, 0), context.tolerance)
        if failure is not None:
            return Failure(f"The loss (item 0) is wrong. {failure.message}", trial)
    return None


@check("gradient_matches")
def check_gradient(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Item 1, the gradient, matches the reference's."""
    for trial in trials:
        failure = compare_values(_item(trial, 1), context.tolerance)
        if failure is not None:
            return Failure(f"The gradient (item 1) is wrong. {failure.message}", trial)
    return None


def _loss_of(trial: Trial) -> float | None:
    """Item 0 of the learner's pair as one number, or None when it is no pair or no number."""
    got = trial.got
    if not isinstance(got, (tuple, list)) or len(got) != 2:
        return None
    loss = as_float_array(got[0])
    return float(loss) if loss is not None and loss.size == 1 else None


@analysis
def targets_broadcast_against_predictions(
    trials: list[Trial], context: CheckContext
) -> Finding | None:
    """The loss is the mean over the (n, n) array (X @ w) - y[:, None]: y made a column while
    the predictions stayed 1-D, so every prediction is compared with every target."""
    flat = [trial for trial in trials if all(np.ndim(arg) == 1 for arg in trial.probe.args[1:])]
    if not flat:
        return None
    for trial in flat:
        x, y, w = trial.probe.args
        broadcast = np.mean((x @ w - np.reshape(y, (-1, 1))) ** 2)
        loss = _loss_of(trial)
        if loss is None or not within_tolerance(np.array(loss), broadcast, context.tolerance).all():
            return None
    return Finding(
        "targets-forced-to-column",
        "y reshaped to a column while w is 1-D: an (n, n) residual",
        "With 1-D `y` and `w` your loss averages an (n, n) array: `y` became a column (n, 1) "
        "while `X @ w` stayed 1-D (n,), and NumPy broadcasts (n,) minus (n, 1) into every "
        "pair $\\hat y_j - y_i$, each prediction compared with every target. Keep `y` and `w` "
        "of the same kind: leave the shapes as given (both 1-D, or both columns) rather than "
        "reshaping only one of them. Check yourself: the residual should have one entry per "
        "example.",
    )


@analysis
def targets_overwritten(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Only y, the targets, was written into: the residual was built in the caller's array."""
    if "names" not in context.params:  # only the inputs-unchanged test says what it watches
        return None
    written = [trial.modified for trial in trials if trial.modified]
    if not written or any(set(positions) != {Y_POSITION} for positions in written):
        return None
    return Finding(
        "residual-built-in-y",
        "The residual computed in place, in the caller's y",
        "After your call the caller's `y` no longer holds the targets: a name bound to `y` "
        "(`r = y`) is the same array, not a copy, so an in-place update such as `r -= X @ w` "
        "overwrites the targets with residuals. The next step of gradient descent then trains "
        "on garbage. Build the residual as a new array, `r = X @ w - y`, or copy first with "
        "`y.copy()`.",
    )
