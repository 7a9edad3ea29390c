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
    future_mask,
    got_array,
    returned_array,
    row_text,
    softmax,
    transformation,
    within_tolerance,
)


@check_each("causal_entries")
def check_causal_entries(trial: Trial, context: CheckContext) -> Failure | None:
    """`part = "future"`: every entry with key j > query i is exactly -inf; `part = "past"`:
    every entry with key j <= query i (the diagonal included) is the input's own score."""
    scores, past = trial.array("scores"), context.params["part"] == "past"
    got, future = returned_array(trial, scores.shape), future_mask(scores)
    changed = ~within_tolerance(got, scores, context.tolerance)
    if (index := first_index(~future & changed if past else future & ~np.isneginf(got))) is None:
        return None
    *batch, query, key = index
    where = context.fail("entry-in-batch" if batch else "entry", query=query, key=key, index=index)
    value, score, row = float(got[index]), float(scores[index]), row_text(got[index[:-1]], 8)
    said = dict(where=where.message, query=query, key=key, value=value, score=score, row=row)
    if past:
        return context.fail("diagonal-changed" if query == key else "past-changed", trial, **said)
    return context.fail("future-is-nan" if np.isnan(value) else "future-leaks", trial, **said)


def _fills(trial: Trial, context: CheckContext) -> list[dict[str, Any]]:
    """The learner's numbers in the future, if all are finite."""
    fill = got_array(trial)[future_mask(trial.arg("scores"))]
    return [{"fill": fill}] if fill.size and np.isfinite(fill).all() else []


# Named here, before the library's generic analyses: those fit a line through the expected
# values, and an expected -inf leaves nothing to fit.
@transformation("fills-nan", grid={"fill": [np.nan]})
@transformation(
    "future-filled-with-a-number",
    fit_each=_fills,
    words=lambda params, wrong: {"values": np.unique(params["fill"])[:3]},
)
@transformation("mask-offset", grid={"offset": range(0, -65, -1)})
@transformation(
    "mask-offset-shows-the-future",
    grid={"offset": range(2, 65)},
    words=lambda params, wrong: {"ahead": params["offset"] - 1},
)
def future_filled(reference: Any, scores: Any, *, fill: Any = -np.inf, offset: int = 1) -> Any:
    """The scores with `fill` instead of -inf in the future (nan: marked as missing), or -inf
    from another diagonal on: j >= i + offset, the nearest offset first (up to 64 away)."""
    masked = np.array(scores, dtype=np.float64)
    masked[future_mask(scores, offset)] = fill
    return masked


@transformation("applies-softmax")
def softmax_of_the_masked_scores(reference: Any, scores: Any) -> Any:
    return softmax(reference(scores))


@transformation("returns-mask", grid={"past": (False, True)})
def the_pattern_itself(reference: Any, scores: Any, *, past: bool) -> Any:
    return (future_mask(scores) != past).astype(np.float64)


@transformation("low-precision", grid={"dtype": ("float16", "float32")})
def scores_in_lower_precision(reference: Any, scores: Any, *, dtype: str) -> Any:
    return reference(scores).astype(dtype).astype(np.float64)


@transformation("drops-masked-entries", reshapes=True)
def keeps_only_the_allowed_scores(reference: Any, scores: Any) -> Any:
    """A flat vector of the allowed scores per matrix, scores[..., tril_indices]."""
    return np.asarray(scores)[(..., *np.tril_indices(np.shape(scores)[-1]))]


@analysis
def returns_a_masked_array(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every call returned a numpy.ma.MaskedArray, which the sandbox does not send back."""
    masked = trials and all("MaskedArray" in str(getattr(t.got, "type", "")) for t in trials)
    return context.finding("returns-masked-array") if masked else None
