"""Helpers the exercises' checks and analyses share: the wrong trials, slices along an axis
and their names, the first index of a mask.

    >>> first_index(np.array([[True, False], [False, True]]) & False) is None
    True
    >>> slice_name(1, 3, (0, 2))
    '[0, :, 2]'
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from graders.check_core import Trial
from graders.protocol.matching import numbers_of, within_tolerance

Array = np.ndarray[Any, Any]


def wrong_trials(trials: list[Trial], tolerance: float) -> list[Trial] | None:
    """The trials whose value is not the reference's, within `tolerance`; None when one of
    them did not return numbers of the reference's shape (the generic analyses name that)."""
    wrong = []
    for trial in trials:
        got, expected = numbers_of(trial.got), numbers_of(trial.expected)
        if got is None or expected is None or got.shape != expected.shape:
            return None
        if not within_tolerance(got, expected, tolerance).all():
            wrong.append(trial)
    return wrong


def got_array(trial: Trial) -> Array:
    """The learner's numbers of a trial `wrong_trials` kept (a float64 array)."""
    got = numbers_of(trial.got)
    assert got is not None
    return got


def first_index(mask: Array) -> tuple[int, ...] | None:
    """The first index (in C order) where `mask` holds, or None."""
    found = np.argwhere(mask)
    return tuple(int(i) for i in found[0]) if len(found) else None


def axis_index(axis: int, ndim: int) -> int:
    """`axis` as a non-negative index into `ndim` dimensions (0 for a 0-d array)."""
    return axis % ndim if ndim else 0


def slices(values: Array, axis: int) -> Iterator[tuple[tuple[int, ...], Array]]:
    """Each slice along `axis`, with its index among the other axes."""
    moved = np.moveaxis(values, axis, -1)
    for index in np.ndindex(moved.shape[:-1]):
        yield tuple(int(i) for i in index), moved[index]


def slice_rows(values: Array, axis: int) -> Array:
    """The slices along `axis` as the rows of a 2-D array."""
    moved = np.moveaxis(values, axis, -1)
    return moved.reshape(-1, moved.shape[-1]) if moved.ndim else moved.reshape(1, 1)


def slice_at(values: Array, axis: int, index: tuple[int, ...]) -> Array:
    """The slice along `axis` through `index` (the other axes' coordinates)."""
    where: list[Any] = list(index)
    where.insert(axis_index(axis, values.ndim), slice(None))
    result: Array = values[tuple(where)]
    return result


def slice_name(axis: int, ndim: int, index: tuple[int, ...]) -> str:
    """How the learner writes that slice: `[0, :, 2]`, or "the whole array" in 1-D."""
    if ndim <= 1:
        return "the whole array"
    where = [str(i) for i in index]
    where.insert(axis_index(axis, ndim), ":")
    return f"[{', '.join(where)}]"
