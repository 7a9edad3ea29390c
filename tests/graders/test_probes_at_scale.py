"""Value tests probe the sizes the statement promises, with a tolerance that grows with the angle."""

from __future__ import annotations

import pytest

from graders.catalog import Catalog
from tests.conftest import SyncGrader

VECTORISED = """
import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len, dtype={dtype})[:, None]
    omega = np.exp(-np.arange(0, d_model, 2, dtype={dtype}) * np.log({dtype}(10000.0)) / d_model)
    pe = np.zeros((max_len, d_model), dtype={dtype})
    pe[:, 0::2] = np.sin(pos * omega)
    pe[:, 1::2] = np.cos(pos * omega)
    return {result}
"""

WRONG_AT_SCALE = {
    "positions stored as int8 (wrong from row 128)": VECTORISED.replace(
        "np.arange(max_len, dtype={dtype})", "np.arange(max_len).astype(np.int8).astype({dtype})"
    ).format(dtype="np.float64", result="pe"),
    "zeros for any large table": VECTORISED.format(
        dtype="np.float64", result="pe if max_len < 1000 else np.zeros_like(pe)"
    ),
}


def test_a_correct_float32_table_passes_at_max_len_2048(
    catalog: Catalog, grade: SyncGrader
) -> None:
    source = VECTORISED.format(dtype="np.float32", result="pe")
    report = grade(catalog.get("sinusoidal-positional-encoding"), source)
    assert report.verdict == "passed", [(test.id, test.message) for test in report.tests]


@pytest.mark.parametrize("source", WRONG_AT_SCALE.values(), ids=list(WRONG_AT_SCALE))
def test_a_table_wrong_only_at_scale_fails_interleaving(
    source: str, catalog: Catalog, grade: SyncGrader
) -> None:
    report = grade(catalog.get("sinusoidal-positional-encoding"), source)
    interleaving = next(test for test in report.tests if test.id == "interleaving")
    assert interleaving.status == "failed"
    assert "positional_encoding(2048, 16)" in interleaving.message
    assert interleaving.tolerance is not None
    assert interleaving.tolerance > 1e-4  # the message's tolerance is the one used


@pytest.mark.parametrize("digits_or_dtype", ["np.float16", 3])
def test_float16_and_three_decimal_rounding_still_fail(
    digits_or_dtype: object, catalog: Catalog, grade: SyncGrader
) -> None:
    result = "pe.astype(np.float16)" if digits_or_dtype == "np.float16" else "np.round(pe, 3)"
    source = VECTORISED.format(dtype="np.float64", result=result)
    report = grade(catalog.get("sinusoidal-positional-encoding"), source)
    statuses = {test.id: test.status for test in report.tests}
    assert statuses["example-3x4"] == "failed"
