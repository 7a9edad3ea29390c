"""Checks written for this exercise with the graders library.

Each reads the learner's output against the probe's own scores, split by the causal pattern
of the last two axes: the future (key j > query i) must be -inf, the rest untouched.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Finding,
    Trial,
    analysis,
    as_float_array,
    check,
    number,
    returned_array,
    row_text,
    tolerance_text,
    within_tolerance,
)


def _future(shape: tuple[int, ...]) -> np.ndarray[Any, Any]:
    """True where key j > query i, broadcast over every leading axis."""
    t = shape[-1]
    return np.broadcast_to(np.triu(np.ones((t, t), dtype=bool), k=1), shape)


def _where(index: tuple[int, ...]) -> str:
    """An entry named the way the statement names it: query i, key j, and its batch index."""
    *batch, query, key = index
    place = f"query {query}, key {key}"
    return f"{place} (at [{', '.join(map(str, index))}])" if batch else place


def _row(values: np.ndarray[Any, Any], index: tuple[int, ...]) -> str:
    """The query row through `index`, as the learner reads it."""
    return row_text(values[index[:-1]], 8)


@check("future_is_masked")
def check_future_is_masked(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every entry with key j > query i is exactly -inf."""
    for trial in trials:
        scores = np.asarray(trial.probe.args[0], dtype=np.float64)
        got = returned_array(trial, scores.shape, ", the shape of scores,")
        leaks = _future(scores.shape) & ~np.isneginf(got)
        if leaks.any():
            index = tuple(int(i) for i in np.argwhere(leaks)[0])
            *_, query, key = index
            return Failure(
                f"At {_where(index)} your result is {number(float(got[index]))}, but key {key} "
                f"comes after query {query}: every entry above the diagonal (j > i) must be "
                f"exactly -inf. That row of your result is {_row(got, index)}.",
                trial,
            )
    return None


@check("past_unchanged")
def check_past_unchanged(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every entry with key j <= query i (the diagonal included) is the input's own score."""
    tolerance = context.tolerance
    for trial in trials:
        scores = np.asarray(trial.probe.args[0], dtype=np.float64)
        got = returned_array(trial, scores.shape, ", the shape of scores,")
        changed = ~_future(scores.shape) & ~within_tolerance(got, scores, tolerance)
        if changed.any():
            index = tuple(int(i) for i in np.argwhere(changed)[0])
            *_, query, key = index
            seen = "itself" if key == query else f"key {key}, which comes before it"
            return Failure(
                f"At {_where(index)} your result is {number(float(got[index]))} but the score "
                f"there is {number(float(scores[index]))}: query {query} may see {seen}, so "
                "that score must come back unchanged "
                f"(|error| > {tolerance_text(tolerance)}). That row of your result is "
                f"{_row(got, index)}.",
                trial,
            )
    return None


@analysis
def future_filled_with_a_number(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every wrong result is finite where -inf was expected: the future holds a number.

    Named here, before the library's generic analyses: those fit a line through the
    expected values, and an expected -inf leaves nothing to fit.
    """
    filled: list[float] = []
    for trial in trials:
        got, expected = as_float_array(trial.got), as_float_array(trial.expected)
        if got is None or expected is None or got.shape != expected.shape:
            return None
        if within_tolerance(got, expected, context.tolerance).all():
            continue  # this trial is right
        future = np.isneginf(expected)
        if not future.any() or not np.isfinite(got[future]).all():
            return None
        filled.extend(float(value) for value in np.unique(got[future])[:3])
    if not filled:
        return None
    shown = ", ".join(number(value) for value in sorted(set(filled))[:3])
    return Finding(
        "future-filled-with-a-number",
        "Future scores set to a number instead of -inf",
        f"Where a key comes after its query your result holds ordinary numbers ({shown}), "
        "not -inf. Any finite score, however negative, is a score the softmax that follows "
        'still turns into a weight (and a fill that is only "very negative" stops working '
        "when the real scores are of that size). Select -inf exactly: "
        "`np.where(future, -np.inf, scores)`.",
    )
