"""Capped views of returned arrays for the page's tables and heatmaps."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders.checks import as_float_array
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
