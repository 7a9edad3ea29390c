"""causal-mask's checks and analyses: the future (key j > query i) must be -inf and the rest
the scores given; each analysis rebuilds a wrong result from one misconception. The words are
in messages.toml."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Finding,
    Trial,
    analysis,
    check_each,
    first_index,
    got_array,
    returned_array,
    row_text,
    softmax,
    transformation,
    within_tolerance,
    wrong_trials,
)

Array = np.ndarray[Any, Any]


def _future(scores: Any, offset: int = 1) -> Array:
    """True where key j >= query i + offset (the future is offset 1), over every leading axis."""
    shape = np.shape(scores)
    return np.broadcast_to(np.triu(np.ones(shape[-2:], dtype=bool), k=offset), shape)


def _masked(scores: Any, offset: int = 1) -> Array:
    return np.where(_future(scores, offset), -np.inf, scores)


def _first(trial: Trial, context: CheckContext, past: bool) -> dict[str, Any] | None:
    """The first entry of the future that is not -inf (past: of the past whose score changed),
    as the messages name it: its place, the value there, the score given and its row."""
    scores = np.asarray(trial.arg("scores"), dtype=np.float64)
    got, future = returned_array(trial, scores.shape), _future(scores)
    changed = ~within_tolerance(got, scores, context.tolerance)
    if (index := first_index(~future & changed if past else future & ~np.isneginf(got))) is None:
        return None
    *batch, query, key = index
    where = context.fail("entry-in-batch" if batch else "entry", query=query, key=key, index=index)
    value, score, row = float(got[index]), float(scores[index]), row_text(got[index[:-1]], 8)
    return dict(where=where.message, query=query, key=key, value=value, score=score, row=row)


@check_each("future_is_masked")
def check_future_is_masked(trial: Trial, context: CheckContext) -> Failure | None:
    """Every entry with key j > query i is exactly -inf."""
    if (entry := _first(trial, context, past=False)) is None:
        return None
    nan = np.isnan(entry["value"])
    return context.fail("future-is-nan" if nan else "future-leaks", trial, **entry)


@check_each("past_unchanged")
def check_past_unchanged(trial: Trial, context: CheckContext) -> Failure | None:
    """Every entry with key j <= query i (the diagonal included) is the input's own score."""
    if (entry := _first(trial, context, past=True)) is None:
        return None
    diagonal = entry["query"] == entry["key"]
    return context.fail("diagonal-changed" if diagonal else "past-changed", trial, **entry)


def _fills(trial: Trial, context: CheckContext) -> list[dict[str, Any]]:
    """The learner's numbers where the reference has -inf, if all are finite."""
    fill = got_array(trial)[np.isneginf(np.asarray(trial.expected))]
    return [{"fill": fill}] if fill.size and np.isfinite(fill).all() else []


# Named here, before the library's generic analyses: those fit a line through the expected
# values, and an expected -inf leaves nothing to fit.
@transformation(
    "future-filled-with-a-number",
    fit_each=_fills,
    words=lambda params, wrong: {"values": np.unique(params["fill"])[:3]},
)
def future_filled_with_a_number(reference: Any, scores: Any, *, fill: Array) -> Array:
    masked = np.array(reference(scores), dtype=np.float64)
    masked[np.isneginf(masked)] = fill
    return masked


@transformation("fills-nan")
def future_filled_with_nan(reference: Any, scores: Any) -> Array:
    return np.where(_future(scores), np.nan, scores)


@analysis
def mask_offset(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The -inf pattern starts on another diagonal: j >= i + k for some k other than 1."""
    if not (wrong := wrong_trials(trials, context.tolerance)):
        return None
    size = max(np.shape(trial.arg("scores"))[-1] for trial in wrong)
    for offset in (k for k in range(-size, size + 1) if k != 1):
        rebuilt = (_masked(trial.arg("scores"), offset) for trial in wrong)
        if all(
            within_tolerance(got_array(trial), mine, context.tolerance).all()
            for trial, mine in zip(wrong, rebuilt, strict=True)
        ):
            why = context.fail(
                "offset-hides-the-past" if offset < 1 else "offset-shows-the-future",
                ahead=offset - 1,
            )
            return context.finding("mask-offset", offset=offset, why=why.message)
    return None


@transformation("applies-softmax")
def softmax_of_the_masked_scores(reference: Any, scores: Any) -> Any:
    return softmax(reference(scores))


@transformation("returns-mask", grid={"past": (False, True)})
def the_pattern_itself(reference: Any, scores: Any, *, past: bool) -> Any:
    return (_future(scores) != past).astype(np.float64)


@transformation("low-precision", grid={"dtype": ("float16", "float32")})
def scores_in_lower_precision(reference: Any, scores: Any, *, dtype: str) -> Any:
    return reference(scores).astype(dtype).astype(np.float64)


@analysis
def keeps_only_the_allowed_scores(trials: list[Trial], context: CheckContext) -> Finding | None:
    """A flat vector of the allowed scores per matrix, scores[..., tril_indices]: the shape
    alone tells (T(T+1)/2 entries), so no value is read (the shape test sees none)."""
    for trial in trials:
        *batch, _, t = np.shape(trial.arg("scores"))
        if getattr(trial.got, "shape", None) != (*batch, t * (t + 1) // 2):
            return None
    return context.finding("drops-masked-entries")


@analysis
def returns_a_masked_array(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every call returned a numpy.ma.MaskedArray, which the sandbox does not send back."""
    if not trials or not all("MaskedArray" in str(getattr(t.got, "type", "")) for t in trials):
        return None
    return context.finding("returns-masked-array")
