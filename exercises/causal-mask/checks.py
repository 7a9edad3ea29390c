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
                f"exactly -inf. That row of your result is {_row(got, index)}."
                + (_NAN if np.isnan(got[index]) else ""),
                trial,
            )
    return None


_NAN = (
    " A nan usually comes from arithmetic on infinities: where a score is already -inf, "
    "`-inf * 0` (a 0/1 mask multiplied in) is nan, whatever is added to it. Select instead: "
    "`np.where(future, -np.inf, scores)`."
)


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
    """Every wrong result is finite where -inf was expected, and right everywhere else: the
    future holds a number.

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
        if not within_tolerance(got[~future], expected[~future], context.tolerance).all():
            return None  # the past changed too: something else happened to the whole array
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


def _wrong_trials(
    trials: list[Trial], tolerance: float
) -> list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any], Trial]] | None:
    """(scores, the learner's values) of every wrong trial, and the trial; None when one is not
    an array shaped like scores (the generic analyses name that)."""
    wrong = []
    for trial in trials:
        scores = np.asarray(trial.probe.args[0], dtype=np.float64)
        got, expected = as_float_array(trial.got), as_float_array(trial.expected)
        if got is None or expected is None or got.shape != scores.shape:
            return None
        if not within_tolerance(got, expected, tolerance).all():
            wrong.append((scores, got, trial))
    return wrong


def _masked(scores: np.ndarray[Any, Any], offset: int) -> np.ndarray[Any, Any]:
    """The scores with -inf wherever key j >= query i + offset (the contract is offset 1)."""
    t = scores.shape[-1]
    return np.where(np.triu(np.ones((t, t), dtype=bool), k=offset), -np.inf, scores)


@analysis
def future_filled_with_nan(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The future is nan where -inf was expected, and everything else is right."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong:
        return None
    for scores, got, _ in wrong:
        future = _future(scores.shape)
        if not np.isnan(got[future]).all():
            return None
        if not within_tolerance(got[~future], scores[~future], context.tolerance).all():
            return None
    return Finding(
        "fills-nan",
        "Future scores set to nan instead of -inf",
        "Your future entries are `nan`: you marked them as missing. But the softmax that "
        "follows does arithmetic with them: the maximum of a row holding `nan` is `nan`, so "
        "every weight of that row, past keys included, comes out `nan`, and the whole "
        'attention output with it. Only $-\\infty$ means "weight exactly 0", since '
        "$e^{-\\infty} = 0$. Select it: `np.where(future, -np.inf, scores)`.",
    )


@analysis
def mask_offset(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The -inf pattern starts on another diagonal: j >= i + k for some k other than 1."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong:
        return None
    t = max(scores.shape[-1] for scores, *_ in wrong)
    for offset in range(-t, t + 1):
        if offset != 1 and all(
            within_tolerance(got, _masked(scores, offset), context.tolerance).all()
            for scores, got, _ in wrong
        ):
            return Finding(
                "mask-offset",
                "The mask starts on the wrong diagonal",
                f"Your -inf pattern is the right shape but starts on the wrong diagonal: you "
                f"hide every key j >= i + {offset} (`np.triu(..., k={offset})`). "
                + (
                    "That hides the diagonal, and the past below it, too: a query may always "
                    "see itself and every key before it."
                    if offset < 1
                    else f"That leaves the next {offset - 1} future key(s) visible to each "
                    "query: the very tokens it will be asked to predict."
                )
                + " The future of query i is exactly the keys j > i: "
                "`np.triu(np.ones((T, T), dtype=bool), k=1)`.",
            )
    return None


@analysis
def returns_attention_weights(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The values are the softmax, along the keys, of the correctly masked scores."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong:
        return None
    for scores, got, _ in wrong:
        masked = _masked(scores, 1)
        with np.errstate(all="ignore"):
            e = np.exp(masked - np.max(masked, axis=-1, keepdims=True))
            weights = e / np.sum(e, axis=-1, keepdims=True)
        if not within_tolerance(got, weights, context.tolerance).all():
            return None
    return Finding(
        "applies-softmax",
        "Returns the attention weights, not the masked scores",
        "Your values are the **softmax** of the masked scores: right, but one step too far. "
        "This function only masks; the softmax is the next step of attention, done by the "
        "caller (who may also scale, add other masks or drop out first). Return the masked "
        "scores themselves: -inf in the future, every other score exactly as it was given.",
    )


@analysis
def returns_the_pattern(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The result is the boolean (or 0/1) pattern itself, of the future or of the past."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong:
        return None
    for scores, got, _ in wrong:
        future = _future(scores.shape).astype(np.float64)
        if not (np.array_equal(got, future) or np.array_equal(got, 1.0 - future)):
            return None
    return Finding(
        "returns-mask",
        "Returns the mask, not the masked scores",
        "You return the pattern itself, 1 (True) on one side of the diagonal and 0 (False) on "
        "the other: that is which entries to hide, not the result of hiding them. The "
        "function must return the **scores**, with -inf where key j > query i and every "
        "other score unchanged: use the pattern to select, `np.where(future, -np.inf, scores)`.",
    )


@analysis
def scores_in_lower_precision(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The -inf are in place and the kept scores are the inputs rounded to float16/float32."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong:
        return None
    for kind in (np.float16, np.float32):
        if all(
            np.array_equal(got, _masked(scores, 1).astype(kind).astype(np.float64))
            for scores, got, _ in wrong
        ):
            name = np.dtype(kind).name
            return Finding(
                "low-precision",
                f"Scores rounded to {name}",
                f"Your -inf are in the right places, but the scores you kept are rounded to "
                f"{name}: -1231.665 comes back as -1232.0. This function does no arithmetic on "
                "the past at all, so it must return those scores exactly as it was given them, "
                "in float64. Leave the dtype alone: `np.where(future, -np.inf, scores)`.",
            )
    return None


@analysis
def keeps_only_the_allowed_scores(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The result is a flat vector of the allowed scores per matrix, scores[..., tril_indices]."""
    for trial in trials:
        scores = np.asarray(trial.probe.args[0], dtype=np.float64)
        t = scores.shape[-1]
        # The shape alone tells: T(T+1)/2 is the count of allowed entries (the shape test
        # sees no values, so none are read here).
        if getattr(trial.got, "shape", None) != (*scores.shape[:-2], t * (t + 1) // 2):
            return None
    return Finding(
        "drops-masked-entries",
        "Returns only the allowed scores",
        "You return the scores a query may see, picked out with `np.tril_indices`: a flat "
        "vector of T(T+1)/2 values per matrix instead of the whole (..., T, T) array. The "
        "caller needs every entry in its place (the softmax runs along each query's row of "
        "keys), so hiding the future means writing -inf into it, not removing it: "
        "`np.where(future, -np.inf, scores)` keeps the shape of `scores`.",
    )


@analysis
def returns_a_masked_array(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every call returned a numpy.ma.MaskedArray, which the sandbox does not send back."""
    if not trials or not all("MaskedArray" in str(getattr(t.got, "type", "")) for t in trials):
        return None
    return Finding(
        "returns-masked-array",
        "Returns a numpy.ma masked array",
        "You return a `numpy.ma.MaskedArray`. Its hidden entries still hold their old scores, "
        "with a flag beside them that only `numpy.ma` functions read: `np.exp`, a matmul or "
        "the attention code that comes next see the future scores as ordinary numbers. The "
        "contract is a plain array with -inf **written into** the future: "
        "`np.where(future, -np.inf, scores)`.",
    )
