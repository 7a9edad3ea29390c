"""rms-norm's checks: each reads the vectors along the last axis, for x of any rank, and names
a failing one by its index (`[1, 3, :]`). RMSNorm only rescales a vector, so an output reads
back as "x divided by some denominator", shown beside the formula's; the words are in
messages.toml."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    as_float_array,
    check_each,
    compare_values,
    first_index,
    returned_array,
    slice_name,
    value_mismatch,
    within_tolerance,
)

Array = np.ndarray[Any, Any]


def _x(trial: Trial, unit_gamma_for: str = "") -> Array:
    """The call's x; `unit_gamma_for` names a check whose probes need gamma = 1."""
    if unit_gamma_for and np.any(trial.arg("gamma") != 1):
        raise ValueError(f"{unit_gamma_for} needs probes with gamma = 1")
    return np.asarray(trial.arg("x"), dtype=np.float64)


def _where(x: Array, index: tuple[int, ...]) -> str:
    return "[:]" if x.ndim == 1 else slice_name(-1, x.ndim, index)


def _joined(failure: Failure, *notes: Failure) -> Failure:
    """`failure`, then each note's message on a line of its own."""
    failure.message = "\n".join([failure.message, *(note.message for note in notes)])
    return failure


def _digits(value: float) -> str:
    """4 significant digits: `number`'s 4 decimals would show 0.001691 and 0.001363 alike."""
    return f"{value:.4g}"


def _first_wrong_vector(trial: Trial, context: CheckContext, check: str) -> dict[str, Any] | None:
    """What the messages say about the first vector whose output is wrong (None: none is)."""
    x = _x(trial, check)
    got = returned_array(trial, x.shape, ", the shape of x,")
    if (mismatch := value_mismatch(trial, context.tolerance)) is None:
        return None
    k, eps = mismatch.index[:-1], float(trial.arg("eps"))
    said = {"where": _where(x, k), "x": x[k], "out": got[k], "expected": mismatch.expected[k]}
    said |= {"mean_square": float(x[k] @ x[k]) / x[k].size, "eps": eps, "shown_eps": f"{eps:g}"}
    return said | {"compared": mismatch.failure}


def _denominator(context: CheckContext, said: dict[str, Any]) -> Failure:
    """The formula's denominator, and the learner's if out is x / one positive number."""
    x, out, mean_square = said["x"], said["out"], said["mean_square"]
    root = _digits(math.sqrt(mean_square + said["eps"]))
    used = (np.abs(x) > 0) & (np.abs(out) > 0) & np.isfinite(out)
    ratios = x[used] / out[used]
    median = float(np.median(ratios)) if used.sum() >= 2 else 0.0
    if median > 0 and np.allclose(ratios, median, rtol=1e-3, atol=0.0):
        return context.fail("divided-by", used=_digits(median), denominator=root, **said)
    return context.fail("not-one-divisor", denominator=root, **said)


@check_each("unit_rms_last_axis")
def check_unit_rms_last_axis(trial: Trial, context: CheckContext) -> Failure | None:
    """With gamma = 1, every vector is rescaled (same direction) to root mean square 1."""
    if (said := _first_wrong_vector(trial, context, "unit_rms_last_axis")) is None:
        return None
    mean_square, out = said["mean_square"], said["out"]
    said["want_rms"] = math.sqrt(mean_square / (mean_square + said["eps"]))
    failure = context.fail("not-unit-rms", got_rms=math.sqrt(out @ out / out.size), **said)
    return _joined(failure, _denominator(context, said))


@check_each("zero_rows")
def check_zero_rows(trial: Trial, context: CheckContext) -> Failure | None:
    """An all-zero vector has mean square 0: it comes out as zeros (eps prevents 0 / 0)."""
    x = _x(trial)
    got = returned_array(trial, x.shape, ", the shape of x,")
    wrong = ~within_tolerance(got, np.zeros_like(got), context.tolerance).all(axis=-1)
    if (k := first_index(wrong & np.all(x == 0, axis=-1))) is None:
        return compare_values(trial, context.tolerance)
    failure = context.fail("zero-not-zero", where=_where(x, k), out=got[k])
    return failure if np.isfinite(got[k]).all() else _joined(failure, context.fail("no-eps-nan"))


@check_each("tiny_values")
def check_tiny_values(trial: Trial, context: CheckContext) -> Failure | None:
    """When the mean square is as small as eps, the output depends on where eps goes."""
    if (said := _first_wrong_vector(trial, context, "tiny_values")) is None:
        return None
    if said["mean_square"] < said["eps"]:
        failure = context.fail("mean-square-below-eps", **said)
    else:
        failure = context.fail("mean-square-near-eps", **said)
    if len(trial.probe.args) > 2:
        failure = _joined(failure, context.fail("eps-passed", **said))
    values = context.fail("vector-differs", **said)
    return _joined(failure, _denominator(context, said), values, said["compared"])


@check_each("stable_for_large_values")
def check_stable_for_large_values(trial: Trial, context: CheckContext) -> Failure | None:
    """No overflow for entries around 1e30 and beyond, and still the right values."""
    got, x = as_float_array(trial.got), _x(trial)
    if got is not None and got.shape == x.shape:
        lost = ~np.isfinite(got) | ((got == 0) & (x != 0))
        if lost.any():
            largest = float(np.abs(x).max())
            said: dict[str, Any] = {"lost": int(lost.sum()), "size": got.size, "largest": largest}
            return context.fail("squares-overflow-float32", squares=largest**2, **said)
    return compare_values(trial, context.tolerance)
