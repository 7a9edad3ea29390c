"""layer-norm's checks: each reads the vectors along the last axis, for x of any rank, and
names a failing one by its index (`[1, 3, :]`); the words are in messages.toml."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    check_each,
    common_divisor,
    first_slice_off,
    first_wrong_slice,
    returned_like,
)


@check_each("normalised_last_axis", needs={"gamma": 1, "beta": 0})
def check_normalised_last_axis(trial: Trial, context: CheckContext) -> Failure | None:
    """With gamma = 1 and beta = 0, every vector has mean 0 and variance var / (var + eps)."""
    x, got = returned_like(trial, "x")
    want = x.var(axis=-1) / (x.var(axis=-1) + trial.arg("eps"))
    moments = np.stack([got.mean(axis=-1), got.var(axis=-1)], axis=-1)  # of each vector
    if (off := first_slice_off(moments, np.stack([0 * want, want], -1), context.tolerance)) is None:
        return None
    (mean, variance), k = off.got, off.index
    mean = 0.0 if abs(mean) < 1e-12 else mean  # rounding noise (-5e-17) as 0
    said = {"where": off.where, "got": got[k], "variance": variance, "want": want[k]}
    said |= {"x_mean": x[k].mean(), "x_variance": x[k].var()}
    return context.fail("not-normalised", mean=mean, **said)


@check_each("constant_rows")
def check_constant_rows(trial: Trial, context: CheckContext) -> Failure | None:
    """A constant vector has variance 0: it normalises to 0, so its output is exactly beta."""
    x, got = returned_like(trial, "x")
    constant = np.ptp(x, axis=-1) == 0
    if (off := first_slice_off(got, trial.array("beta"), context.tolerance, constant)) is None:
        return None
    failure = context.fail("constant-not-beta", **off.said(), value=off.of(x)[0])
    return failure.followed_by(None if np.isfinite(off.got).all() else context.fail("no-eps-nan"))


def _first_wrong_vector(trial: Trial, context: CheckContext) -> dict[str, Any] | None:
    """What the messages say about the first vector whose output is wrong (None: none is)."""
    if (wrong := first_wrong_slice(trial, context.tolerance)) is None:
        return None
    x, eps = wrong.of(trial.array("x")), trial.arg("eps")
    mean, var = float(x.mean()), float((x - x.mean()) @ (x - x.mean())) / x.size
    said = {**wrong.said(), "eps": eps, "mean": mean, "squares": mean * mean, "variance": var}
    said |= {"std": np.sqrt(var), "below": var < eps, "denominator": np.sqrt(var + eps)}
    return said | {"divisor": common_divisor(x - mean, wrong.got, context.tolerance)}


@check_each("tiny_variance", needs={"gamma": 1, "beta": 0})
def check_tiny_variance(trial: Trial, context: CheckContext) -> Failure | None:
    """When the variance is as small as eps, the output depends on where eps goes."""
    if (said := _first_wrong_vector(trial, context)) is None:
        return None
    summary = context.fail("variance-below-eps" if said["below"] else "variance-near-eps", **said)
    then = context.fail("divided-instead" if said["divisor"] else "vector-differs", **said)
    return summary.followed_by(then)


@check_each("large_offset", needs={"gamma": 1, "beta": 0})
def check_large_offset(trial: Trial, context: CheckContext) -> Failure | None:
    """Vectors far from zero with a small spread: only a variance taken from x - mean (two
    passes) keeps its digits; mean(x**2) - mean**2 cancels them away."""
    if (said := _first_wrong_vector(trial, context)) is None:
        return None
    cancels = said["divisor"] is not None or not np.isfinite(said["got"]).all()
    note = context.fail("one-pass-cancels", **said) if cancels else None
    return context.fail("large-offset", **said).followed_by(note)
