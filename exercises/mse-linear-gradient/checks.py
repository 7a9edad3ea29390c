"""Checks of one item of the (loss, grad) pair, so a learner sees which of the two is wrong."""

from graders import CheckContext, Failure, Trial, check, compare_values, describe


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
