"""layer-norm's checks: each reads the vectors along the last axis, for x of any rank, and
names a failing one by its index (`[1, 3, :]`); the words are in messages.toml."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    check_each,
    first_index,
    returned_array,
    slice_name,
    value_mismatch,
    within_tolerance,
)

Array = np.ndarray[Any, Any]


def _x(trial: Trial, identity_for: str = "") -> Array:
    """The call's x; `identity_for` names a check whose probes need gamma = 1 and beta = 0."""
    if identity_for and (np.any(trial.arg("gamma") != 1) or np.any(trial.arg("beta") != 0)):
        raise ValueError(f"{identity_for} needs probes with gamma = 1 and beta = 0")
    return np.asarray(trial.arg("x"), dtype=np.float64)


def _where(x: Array, index: tuple[int, ...]) -> str:
    return "[:]" if x.ndim == 1 else slice_name(-1, x.ndim, index)


def _joined(failure: Failure, *notes: Failure) -> Failure:
    """`failure`, then each note's message on a line of its own."""
    failure.message = "\n".join([failure.message, *(note.message for note in notes)])
    return failure


def _divisor(centred: Array, got: Array, tolerance: float) -> float | None:
    """What the learner divided x - mean by, if `got` is (x - mean) / some positive number."""
    overlap = float(centred @ got)
    if not overlap > 0:  # nan too
        return None
    divisor = float(centred @ centred) / overlap
    return divisor if within_tolerance(got, centred / divisor, tolerance).all() else None


@check_each("normalised_last_axis")
def check_normalised_last_axis(trial: Trial, context: CheckContext) -> Failure | None:
    """With gamma = 1 and beta = 0, every vector has mean 0 and variance var / (var + eps)."""
    x = _x(trial, "normalised_last_axis")
    got = returned_array(trial, x.shape, ", the shape of x,")
    want = x.var(axis=-1) / (x.var(axis=-1) + trial.arg("eps"))
    mean, variance = got.mean(axis=-1), got.var(axis=-1)
    wrong = ~within_tolerance(mean, np.zeros_like(mean), context.tolerance)
    if (k := first_index(wrong | ~within_tolerance(variance, want, context.tolerance))) is None:
        return None
    said = {"where": _where(x, k), "out": got[k], "variance": variance[k], "want": want[k]}
    said["mean"] = 0.0 if abs(mean[k]) < 1e-12 else mean[k]  # rounding noise (-5e-17) as 0
    return context.fail("not-normalised", x_mean=x[k].mean(), x_variance=x[k].var(), **said)


@check_each("constant_rows")
def check_constant_rows(trial: Trial, context: CheckContext) -> Failure | None:
    """A constant vector has variance 0: it normalises to 0, so its output is exactly beta."""
    x = _x(trial)
    got = returned_array(trial, x.shape, ", the shape of x,")
    beta = np.broadcast_to(np.asarray(trial.arg("beta"), dtype=np.float64), x.shape)
    wrong = ~within_tolerance(got, beta, context.tolerance).all(axis=-1) & (np.ptp(x, axis=-1) == 0)
    if (k := first_index(wrong)) is None:
        return None
    said = {"where": _where(x, k), "value": x[k][0], "beta": beta[k], "out": got[k]}
    failure = context.fail("constant-not-beta", **said)
    return failure if np.isfinite(got[k]).all() else _joined(failure, context.fail("no-eps-nan"))


def _digits(value: float) -> str:
    """4 significant digits: `number`'s 4 decimals would show 0.003226 and 0.003235 alike."""
    return f"{value:.4g}"


def _first_wrong_vector(trial: Trial, context: CheckContext, check: str) -> dict[str, Any] | None:
    """What the messages say about the first vector whose output is wrong (None: none is)."""
    x = _x(trial, check)
    if (mismatch := value_mismatch(trial, context.tolerance)) is None:
        return None
    k = mismatch.index[:-1]
    mean, eps, out = float(x[k].mean()), trial.arg("eps"), mismatch.got[k]
    var = float((x[k] - mean) @ (x[k] - mean)) / x[k].size
    divisor = _divisor(x[k] - mean, out, context.tolerance)
    said = {"where": _where(x, k), "out": out, "expected": mismatch.expected[k], "eps": f"{eps:g}"}
    said |= {"mean": mean, "squares": mean * mean, "largest": mismatch.largest}
    said |= {"variance": _digits(var), "std": _digits(math.sqrt(var)), "below_eps": var < eps}
    said |= {"denominator": _digits(math.sqrt(var + eps)), "rescaled": divisor is not None}
    return said | {"divisor": _digits(divisor or math.nan)}


@check_each("tiny_variance")
def check_tiny_variance(trial: Trial, context: CheckContext) -> Failure | None:
    """When the variance is as small as eps, the output depends on where eps goes."""
    if (said := _first_wrong_vector(trial, context, "tiny_variance")) is None:
        return None
    if said["below_eps"]:
        summary = context.fail("variance-below-eps", **said)
    else:
        summary = context.fail("variance-near-eps", **said)
    if said["rescaled"]:
        return _joined(summary, context.fail("divided-instead", **said))
    return _joined(summary, context.fail("vector-differs", **said))


@check_each("large_offset")
def check_large_offset(trial: Trial, context: CheckContext) -> Failure | None:
    """Vectors far from zero with a small spread: only a variance taken from x - mean (two
    passes) keeps its digits; mean(x**2) - mean**2 cancels them away."""
    if (said := _first_wrong_vector(trial, context, "large_offset")) is None:
        return None
    failure = context.fail("large-offset", **said)
    if not said["rescaled"] and np.isfinite(said["out"]).all():
        return failure
    return _joined(failure, context.fail("one-pass-cancels", **said))
