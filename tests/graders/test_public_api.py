"""The graders library's public API is what exercise authors depend on: pinned here."""

from __future__ import annotations

import graders

PUBLIC = [
    "CheckContext", "Diagnosis", "Failure", "Finding", "Mismatch", "Report", "Status", "TestResult", "Trial",
    "Verdict", "analysis", "as_float_array", "check", "compare_values", "describe", "first_mismatch",
    "number", "position", "returned_array", "row_text", "tolerance_for", "tolerance_text", "value_mismatch",
    "within_tolerance", "check_each", "NoReference", "transformation", "wrong_trials", "got_array",
    "first_index", "slices", "slice_rows", "slice_at", "slice_name", "axis_index",
    "mismatch_values",
    "every_wrong", "wrong_where_exp_overflows",
    "exp_overflow_wrong",
    "softmax", "future_mask",
    "WrongSlice", "common_divisor", "first_slice_off", "first_wrong_slice", "returned_like",
    "subscript",
    "Reference",
]  # fmt: skip


def test_the_public_api_is_exactly_the_documented_names() -> None:
    assert sorted(graders.__all__) == sorted(PUBLIC)
    for name in PUBLIC:
        assert getattr(graders, name) is not None


def test_the_report_contract_fields_are_stable() -> None:
    report = graders.Report(exercise="x", verdict=graders.Verdict.PASSED, tests=[])
    assert list(report.to_dict()) == [
        "version", "exercise", "exercise_version", "verdict", "passed", "total", "error", "tests",
        "stdout", "stdout_truncated", "duration_ms",
    ]  # fmt: skip
    assert [verdict.value for verdict in graders.Verdict] == [
        "passed",
        "failed",
        "error",
        "timed_out",
        "internal_error",
    ]
