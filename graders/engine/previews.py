"""Capped views of returned arrays for the page's tables and heatmaps."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders.checks import Trial, as_float_array, compare_values, is_structure, paired_items
from graders.protocol.values import ListOfNumbers
from graders.report import Preview

PREVIEW_SIDE = 64


def preview(value: Any) -> Preview | None:
    """A capped view (<= 64 x 64) of an array-like value (or a number) for tables and heatmaps;
    None for anything else: text, None, dicts, complex numbers, arrays of 3 or more dimensions."""
    array = as_float_array(value)
    if array is None or array.ndim > 2:
        return None
    if array.ndim == 2:
        clipped = array[:PREVIEW_SIDE, :PREVIEW_SIDE]
    elif array.ndim == 1:
        clipped = array[: PREVIEW_SIDE**2]
    else:
        clipped = array
    with np.errstate(all="ignore"):
        rounded = np.round(clipped, 6)
    # Rounding overflows past ~1e302: such values are shown as they are, not as infinity.
    rounded = np.where(np.isfinite(rounded) | ~np.isfinite(clipped), rounded, clipped)
    plain = _finite_or_none(rounded.tolist())
    return Preview(
        shape=list(array.shape),
        dtype=_dtype_name(value),
        values=plain,
        truncated=clipped.shape != array.shape,
    )


def trial_previews(trial: Trial, tolerance: float) -> tuple[Preview | None, Preview | None]:
    """The learner's and the reference's values of one call, as previews. Where the reference
    returns a tuple, a list of arrays or a dict (`(loss, grad)`), the item the two first differ
    in, found as the message finds it (the message names the item); each whole value otherwise.
    """
    got, expected = trial.got, trial.expected
    while is_structure(expected):
        pairs = paired_items(got, expected)
        if pairs is None:  # another structure came back: the message describes both
            return preview(got), None
        differing = [
            (mine, theirs)
            for _, mine, theirs in pairs
            if compare_values(Trial(trial.probe, mine, theirs), tolerance) is not None
        ]
        got, expected = differing[0] if differing else pairs[0][1:]
    return preview(got), preview(expected)


def _dtype_name(value: Any) -> str:
    if isinstance(value, np.ndarray | np.generic):
        return value.dtype.name
    if isinstance(value, ListOfNumbers):
        return value.container
    return type(value).__name__


def _finite_or_none(values: Any) -> Any:
    """JSON has no NaN or infinity: they travel as the strings "NaN", "Infinity", "-Infinity"."""
    if isinstance(values, list):
        return [_finite_or_none(item) for item in values]
    if isinstance(values, float) and not np.isfinite(values):
        return "NaN" if np.isnan(values) else ("Infinity" if values > 0 else "-Infinity")
    return values
