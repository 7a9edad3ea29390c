"""Helpers the exercises' checks and analyses share: the wrong trials (and whether a fit holds
on every one of them), slices along an axis and their names, the first index of a mask, the
slices where an unshifted `np.exp` breaks (and the wrong trials broken exactly there).

    >>> first_index(np.array([[True, False], [False, True]]) & False) is None
    True
    >>> slice_name(1, 3, (0, 2))
    '[0, :, 2]'
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
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


def every_wrong(
    trials: list[Trial], tolerance: float, fits: Callable[..., Any], *args: Any
) -> bool:
    """Some trial is wrong, and `fits(trial, got, tolerance, *args)` holds for every wrong one,
    `got` its values as a float64 array (where the reference returns a tuple or a list: a list of them,
    item by item, from a tuple or a list as long); False when a trial returned no numbers of
    the reference's shapes."""
    wrong = []
    for trial in trials:
        pairs = _item_numbers(trial.got, trial.expected)
        if pairs is None:
            return False
        if not all(within_tolerance(got, expected, tolerance).all() for got, expected in pairs):
            items = [got for got, _ in pairs]
            wrong.append((trial, items if type(trial.expected) in (tuple, list) else items[0]))
    return bool(wrong) and all(fits(trial, got, tolerance, *args) for trial, got in wrong)


def _item_numbers(got: Any, expected: Any) -> list[tuple[Array, Array]] | None:
    """(the learner's numbers, the reference's) of the value, or of each item of a tuple or
    list reference; None where one is not numbers of the reference's shape."""
    if type(expected) in (tuple, list):
        if not isinstance(got, tuple | list) or len(got) != len(expected):
            return None
        items = list(zip(got, expected, strict=True))
    else:
        items = [(got, expected)]
    pairs = [(numbers_of(mine), numbers_of(theirs)) for mine, theirs in items]
    if any(g is None or e is None or g.shape != e.shape for g, e in pairs):
        return None
    return [(g, e) for g, e in pairs if g is not None and e is not None]


def wrong_where_exp_overflows(
    x: Any, got: Array, expected: Any, axis: int, tolerance: float, shift: Any = 0.0
) -> bool:
    """Whether `np.sum(np.exp(x - shift), axis=axis)` overflows (inf or nan) or underflows
    (below the smallest normal float) in some slice along `axis`, and `got` is off `expected`
    in exactly those slices: the symptom of an `np.exp` taken before each slice's own maximum
    is subtracted (`shift` 0: not at all; one number: a maximum of the whole array)."""
    scores = np.asarray(x, dtype=np.float64)
    with np.errstate(all="ignore"):
        sums = np.sum(np.exp(scores - shift), axis=axis)
    breaks = ~np.isfinite(sums) | (sums < np.finfo(np.float64).tiny)
    right = within_tolerance(got, np.asarray(expected, dtype=np.float64), tolerance)
    return bool(breaks.any() and (breaks != right.all(axis=axis)).all())


def exp_overflow_wrong(
    trials: list[Trial],
    tolerance: float,
    scores: str = "x",
    axis: int | str = "axis",
    item: int | None = None,
    batch: bool = False,
) -> list[Any] | None:
    """The learner's values of the wrong trials (as `every_wrong` gives them: a list of the
    items where the reference returns a tuple), when some trial is wrong and each wrong one is
    wrong in exactly the slices along `axis` (an int, or the argument holding it) where
    `np.exp` of the argument `scores` overflows or underflows (`wrong_where_exp_overflows`;
    `item`: the item of a tuple compared, the gradient of a (loss, gradient) pair;
    `batch=True`: with the whole array's maximum subtracted first); else None."""
    wrong: list[Any] = []

    def fits(trial: Trial, got: Any, tolerance: float) -> bool:
        x, along = trial.array(scores), trial.arg(axis) if isinstance(axis, str) else axis
        mine, right = (got, trial.expected) if item is None else (got[item], trial.expected[item])
        wrong.append(got)
        return wrong_where_exp_overflows(x, mine, right, along, tolerance, x.max() if batch else 0)

    return wrong if every_wrong(trials, tolerance, fits) else None


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
