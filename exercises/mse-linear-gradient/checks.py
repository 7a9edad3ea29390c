"""mse-linear-gradient's analyses of the misconceptions no single known mistake reproduces;
`item_matches` compares the loss and the gradient, and the words are in messages.toml."""

from __future__ import annotations

import numpy as np

from graders import CheckContext, Finding, Trial, analysis, as_float_array, within_tolerance


@analysis
def targets_broadcast_against_predictions(
    trials: list[Trial], context: CheckContext
) -> Finding | None:
    """The loss is the mean over the (n, n) array (X @ w) - y[:, None]: y made a column while
    the predictions stayed 1-D, so every prediction is compared with every target."""
    flat = [trial for trial in trials if np.ndim(trial.arg("y")) == np.ndim(trial.arg("w")) == 1]
    for trial in flat:
        x, y, w = (trial.arg(name) for name in ("X", "y", "w"))
        broadcast = np.mean((x @ w - np.reshape(y, (-1, 1))) ** 2)
        pair = isinstance(trial.got, tuple | list) and len(trial.got) == 2
        loss = as_float_array(trial.got[0]) if pair else None
        if loss is None or loss.size != 1:
            return None
        if not within_tolerance(loss.reshape(()), broadcast, context.tolerance).all():
            return None
    return context.finding("targets-forced-to-column") if flat else None


@analysis
def targets_overwritten(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Only y, the targets, was written into: the residual was built in the caller's array."""
    if "names" not in context.params:  # only the inputs-unchanged test says what it watches
        return None
    written = [{t.parameters.names[i] for i in t.modified} for t in trials if t.modified]
    if not written or any(names != {"y"} for names in written):
        return None
    return context.finding("residual-built-in-y")
