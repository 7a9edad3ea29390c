"""The trusted grading library: exercises, checks, the sandbox runner and the report.

Exercise authors import from here; `__all__` is the public API (pinned by a test). The names
load on first use, so that a process importing only `graders.protocol` (the sandbox's inside)
never loads the library, pydantic or the report.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from graders.check_core import NoReference, Reference, check_each
    from graders.check_helpers import (
        axis_index,
        every_wrong,
        exp_overflow_wrong,
        first_index,
        got_array,
        slice_at,
        slice_name,
        slice_rows,
        slices,
        wrong_trials,
        wrong_where_exp_overflows,
    )
    from graders.check_math import future_mask, softmax
    from graders.check_placeholders import mismatch_values
    from graders.check_vectors import (
        WrongSlice,
        common_divisor,
        first_slice_off,
        first_wrong_slice,
        returned_like,
        subscript,
    )
    from graders.checks import (
        CheckContext,
        Failure,
        Finding,
        Mismatch,
        Trial,
        analysis,
        as_float_array,
        check,
        compare_values,
        describe,
        first_mismatch,
        number,
        position,
        returned_array,
        row_text,
        tolerance_for,
        tolerance_text,
        value_mismatch,
    )
    from graders.protocol.matching import within_tolerance
    from graders.report import Diagnosis, Report, Status, TestResult, Verdict
    from graders.transformations import transformation

_HOME = {
    "CheckContext": "graders.checks",
    "Failure": "graders.checks",
    "Finding": "graders.checks",
    "analysis": "graders.checks",
    "Mismatch": "graders.checks",
    "Trial": "graders.checks",
    "as_float_array": "graders.checks",
    "check": "graders.checks",
    "compare_values": "graders.checks",
    "describe": "graders.checks",
    "first_mismatch": "graders.checks",
    "number": "graders.checks",
    "position": "graders.checks",
    "returned_array": "graders.checks",
    "row_text": "graders.checks",
    "tolerance_for": "graders.checks",
    "tolerance_text": "graders.checks",
    "value_mismatch": "graders.checks",
    "within_tolerance": "graders.protocol.matching",
    "check_each": "graders.check_core",
    "NoReference": "graders.check_core",
    "Reference": "graders.check_core",
    "transformation": "graders.transformations",
    "wrong_trials": "graders.check_helpers",
    "got_array": "graders.check_helpers",
    "first_index": "graders.check_helpers",
    "slices": "graders.check_helpers",
    "slice_rows": "graders.check_helpers",
    "slice_at": "graders.check_helpers",
    "slice_name": "graders.check_helpers",
    "axis_index": "graders.check_helpers",
    "mismatch_values": "graders.check_placeholders",
    "every_wrong": "graders.check_helpers",
    "wrong_where_exp_overflows": "graders.check_helpers",
    "exp_overflow_wrong": "graders.check_helpers",
    "WrongSlice": "graders.check_vectors",
    "common_divisor": "graders.check_vectors",
    "first_wrong_slice": "graders.check_vectors",
    "first_slice_off": "graders.check_vectors",
    "returned_like": "graders.check_vectors",
    "subscript": "graders.check_vectors",
    "softmax": "graders.check_math",
    "future_mask": "graders.check_math",
    "Diagnosis": "graders.report",
    "Report": "graders.report",
    "Status": "graders.report",
    "TestResult": "graders.report",
    "Verdict": "graders.report",
}

__all__ = [
    "CheckContext",
    "Diagnosis",
    "Failure",
    "Finding",
    "Mismatch",
    "NoReference",
    "Reference",
    "Report",
    "Status",
    "TestResult",
    "Trial",
    "Verdict",
    "WrongSlice",
    "analysis",
    "as_float_array",
    "axis_index",
    "check",
    "check_each",
    "common_divisor",
    "compare_values",
    "describe",
    "every_wrong",
    "exp_overflow_wrong",
    "first_index",
    "first_mismatch",
    "first_slice_off",
    "first_wrong_slice",
    "future_mask",
    "got_array",
    "mismatch_values",
    "number",
    "position",
    "returned_array",
    "returned_like",
    "row_text",
    "slice_at",
    "slice_name",
    "slice_rows",
    "slices",
    "softmax",
    "subscript",
    "tolerance_for",
    "tolerance_text",
    "transformation",
    "value_mismatch",
    "within_tolerance",
    "wrong_trials",
    "wrong_where_exp_overflows",
]


def __getattr__(name: str) -> Any:
    if name not in _HOME:
        raise AttributeError(f"module 'graders' has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME[name]), name)
    globals()[name] = value
    return value
