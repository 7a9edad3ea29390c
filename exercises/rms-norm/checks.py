"""rms-norm's checks: each reads the vectors along the last axis, for x of any rank, and names a
failing one by its index (`[1, 3, :]`). RMSNorm only rescales a vector, so an output reads back
as "x divided by some denominator", shown beside the formula's; the words are in messages.toml."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    as_float_array,
    check_each,
    common_divisor,
    compare_values,
    first_slice_off,
    first_wrong_slice,
    returned_like,
)


def _first_wrong_vector(trial: Trial, context: CheckContext) -> dict[str, Any] | None:
    """What the messages say about the first wrong vector (None: none is), and two notes to follow
    one: `divided` (the formula's denominator beside the learner's) and `compared` (the values)."""
    if (wrong := first_wrong_slice(trial, context.tolerance, like="x")) is None:
        return None
    x, got, eps = wrong.of(trial.array("x")), wrong.got, float(trial.arg("eps"))
    ms, used = float(x @ x) / x.size, common_divisor(x, got, 1e-3, relative=True)
    said = {**wrong.said(), "x": x, "mean_square": ms, "eps": eps, "used": used}
    said |= {"denominator": np.sqrt(ms + eps), "want_rms": np.sqrt(ms / (ms + eps))}
    said |= {"got_rms": np.sqrt(got @ got / got.size), "compared": wrong.failure}
    return said | {"divided": context.fail("divided-by" if used else "not-one-divisor", **said)}


@check_each("unit_rms_last_axis", needs={"gamma": 1})
def check_unit_rms_last_axis(trial: Trial, context: CheckContext) -> Failure | None:
    """With gamma = 1, every vector is rescaled (same direction) to root mean square 1."""
    if (said := _first_wrong_vector(trial, context)) is None:
        return None
    return context.fail("not-unit-rms", **said).followed_by(said["divided"])


@check_each("zero_rows")
def check_zero_rows(trial: Trial, context: CheckContext) -> Failure | None:
    """An all-zero vector has mean square 0: it comes out as zeros (eps prevents 0 / 0)."""
    x, got = returned_like(trial, "x")
    if (off := first_slice_off(got, 0.0, context.tolerance, np.all(x == 0, axis=-1))) is None:
        return compare_values(trial, context.tolerance)
    failure = context.fail("zero-not-zero", where=off.where, got=off.got)
    return failure.followed_by(None if np.isfinite(off.got).all() else context.fail("no-eps-nan"))


@check_each("tiny_values", needs={"gamma": 1})
def check_tiny_values(trial: Trial, context: CheckContext) -> Failure | None:
    """When the mean square is as small as eps, the output depends on where eps goes."""
    if (said := _first_wrong_vector(trial, context)) is None:
        return None
    below = said["mean_square"] < said["eps"]
    failure = context.fail("mean-square-below-eps" if below else "mean-square-near-eps", **said)
    passed = context.fail("eps-passed", **said) if len(trial.probe.args) > 2 else None
    values = context.fail("vector-differs", **said)
    return failure.followed_by(passed, said["divided"], values, said["compared"])


@check_each("stable_for_large_values")
def check_stable_for_large_values(trial: Trial, context: CheckContext) -> Failure | None:
    """No overflow for entries around 1e30 and beyond, and still the right values."""
    got, x = as_float_array(trial.got), trial.array("x")
    if got is not None and got.shape == x.shape:
        lost = ~np.isfinite(got) | ((got == 0) & (x != 0))
        if lost.any():
            largest = float(np.abs(x).max())
            said: dict[str, Any] = {"lost": int(lost.sum()), "size": got.size, "largest": largest}
            return context.fail("squares-overflow-float32", squares=largest**2, **said)
    return compare_values(trial, context.tolerance)
