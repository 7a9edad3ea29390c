"""Capped views of returned arrays for the page's tables and heatmaps."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders.checks import as_float_array
from graders.report import Preview

PREVIEW_SIDE = 64


def preview(value: Any) -> Preview | None:
    """A capped view (<= 64 x 64) of an array-like value for tables and heatmaps."""
    array = as_float_array(value)
    if array is None or array.ndim > 2:
        return None
    dtype = value.dtype.name if isinstance(value, np.ndarray) else type(value).__name__
    clipped = array[:PREVIEW_SIDE, :PREVIEW_SIDE] if array.ndim == 2 else array[: PREVIEW_SIDE**2]
    with np.errstate(all="ignore"):
        rounded = np.round(clipped, 6)
    # Rounding overflows past ~1e302: such values are shown as they are, not as infinity.
    rounded = np.where(np.isfinite(rounded) | ~np.isfinite(clipped), rounded, clipped)
    plain = _finite_or_none(rounded.tolist())
    return Preview(
        shape=list(array.shape),
        dtype=dtype,
        values=plain,
        truncated=clipped.shape != array.shape,
    )


def _finite_or_none(values: Any) -> Any:
    """JSON has no NaN or infinity: they travel as the strings "NaN", "Infinity", "-Infinity"."""
    if isinstance(values, list):
        return [_finite_or_none(item) for item in values]
    if isinstance(values, float) and not np.isfinite(values):
        return "NaN" if np.isnan(values) else ("Infinity" if values > 0 else "-Infinity")
    return values
