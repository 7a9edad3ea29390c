"""Explaining one vector at a time (a normalisation, a softmax: each slice along the last axis
is computed on its own): the first wrong slice along an axis, and whether a learner's vector is
another one divided by a single number (the right direction, the wrong scale).

    wrong = first_wrong_slice(trial, context.tolerance)  # None when the values match
    if wrong is not None:
        x = wrong.of(trial.array("x"))  # the input vector that gave it
        return context.fail("vector-differs", **wrong.said(), x=x)

`subscript` names a slice the way a message writes it after an array's name: `x{{where}}`
reads `x[1, 3, :]`, and `x[:]` for a 1-D x. `common_divisor(x - mean, got, tolerance)` is the
number the learner divided `x - mean` by, or None when `got` is not `x - mean` over one number.
`returned_like(trial, "x")` is x and the learner's result of its shape, `first_slice_off(got,
beta, tolerance, among=constant)` the first of some slices (the constant ones) that is not a
given vector (beta).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from graders.check_core import Failure, Trial
from graders.check_helpers import axis_index, first_index, slice_at, slice_name
from graders.check_values import first_mismatch, returned_array, value_mismatch
from graders.protocol.matching import within_tolerance

Array = np.ndarray[Any, Any]


def subscript(axis: int, ndim: int, index: tuple[int, ...]) -> str:
    """The slice along `axis` through `index` (the other axes' coordinates) as a subscript:
    `[1, 3, :]`, or `[:]` when there is only that axis."""
    return "[:]" if ndim <= 1 else slice_name(axis, ndim, index)


def returned_like(trial: Trial, name: str, note: bool = True) -> tuple[Array, Array]:
    """The call's argument `name` as a float64 array, and the learner's value as a float array
    of its shape: else `returned_array`'s Failure, saying ", the shape of x," (not with
    `note=False`)."""
    argument = trial.array(name)
    shape_note = f", the shape of {name}," if note else ""
    return argument, returned_array(trial, argument.shape, shape_note)


@dataclass(frozen=True)
class WrongSlice:
    """The first slice along an axis whose values are not the reference's (`first_wrong_slice`),
    or not a given target (`first_slice_off`)."""

    axis: int
    index: tuple[int, ...]  # the other axes' coordinates
    where: str  # `subscript`: `[1, 3, :]`
    got: Array  # the learner's slice, as floats
    expected: Array  # the reference's
    largest: float  # the largest error of all the values compared (NaN counts as infinite)
    failure: Failure | None  # what `compare_values` says about the whole result, if it did

    def of(self, values: Array) -> Array:
        """The same slice of another array of the result's shape (the input it came from)."""
        return slice_at(np.asarray(values), self.axis, self.index)

    def said(self) -> dict[str, Any]:
        """The placeholders a message about it may use: where, got, expected and largest."""
        where, got, expected = self.where, self.got, self.expected
        return {"where": where, "got": got, "expected": expected, "largest": self.largest}


def first_wrong_slice(
    trial: Trial, tolerance: float, axis: int = -1, like: str | None = None
) -> WrongSlice | None:
    """The slice along `axis` holding the first value not within `tolerance` of the
    reference's; None when every value is. A result with no values to compare raises
    `compare_values`' Failure (`value_mismatch`), or, when `like` names the argument whose
    shape the result has, `returned_like`'s ("...; an array of shape (4, 8), the shape of x,
    was expected.")."""
    if like is not None:
        returned_like(trial, like)
    if (mismatch := value_mismatch(trial, tolerance)) is None:
        return None
    got, expected = np.atleast_1d(mismatch.got), np.atleast_1d(mismatch.expected)
    index = list(mismatch.index or (0,))
    del index[axis_index(axis, got.ndim)]
    where, at = subscript(axis, got.ndim, tuple(index)), tuple(index)
    sliced = (slice_at(got, axis, at), slice_at(expected, axis, at))
    return WrongSlice(axis, at, where, *sliced, mismatch.largest, mismatch.failure)


def common_divisor(
    numerator: Array, got: Array, tolerance: float, relative: bool = False
) -> float | None:
    """The positive number `d` with `got` = `numerator / d`: fitted by least squares, every
    value within `tolerance` of `numerator / d`; or, `relative=True`, the median of the ratios
    `numerator / got` where neither is 0 (and `got` is finite), every ratio within a relative
    `tolerance` of it (1e-3: a float16 computation still reads as one divisor). None when there
    is none."""
    numerator, got = np.ravel(numerator), np.ravel(got)
    if relative:
        used = (np.abs(numerator) > 0) & (np.abs(got) > 0) & np.isfinite(got)
        ratios = numerator[used] / got[used]
        median = float(np.median(ratios)) if used.sum() >= 2 else 0.0
        close = np.abs(ratios - median) <= tolerance * abs(median)
        return median if median > 0 and bool(close.all()) else None
    overlap = float(numerator @ got)
    if not overlap > 0:  # nan too
        return None
    divisor = float(numerator @ numerator) / overlap
    return divisor if within_tolerance(got, numerator / divisor, tolerance).all() else None


def first_slice_off(
    got: Array, target: Any, tolerance: float, among: Array | None = None, axis: int = -1
) -> WrongSlice | None:
    """The first slice along `axis` with a value not within `tolerance` of `target`'s
    (broadcast to `got`), among the slices where `among` holds (indexed by the other axes;
    every slice by default); None when there is none. Its `expected` is the target's slice."""
    target = np.broadcast_to(np.asarray(target, dtype=np.float64), got.shape)
    off = ~np.moveaxis(within_tolerance(got, target, tolerance), axis, -1).all(axis=-1)
    compared = np.ones(off.shape, dtype=bool) if among is None else np.asarray(among, dtype=bool)
    if (at := first_index(np.asarray(off & compared))) is None:
        return None
    everywhere = np.broadcast_to(np.expand_dims(compared, axis), got.shape)
    _, largest = first_mismatch(np.where(everywhere, got, target), target, tolerance) or ((), 0.0)
    where, sliced = (
        subscript(axis, got.ndim, at),
        (slice_at(got, axis, at), slice_at(target, axis, at)),
    )
    return WrongSlice(axis, at, where, *sliced, largest, None)
