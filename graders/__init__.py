"""The trusted grading library: exercises, checks, the sandbox runner and the report.

Exercise authors import from here; this list is the public API (pinned by a test).
"""

from graders.checks import (
    CheckContext,
    Failure,
    Trial,
    as_float_array,
    check,
    compare_values,
    describe,
    first_mismatch,
    number,
    position,
    tolerance_text,
)
from graders.report import Diagnosis, Report, Status, TestResult, Verdict

__all__ = [
    "CheckContext",
    "Diagnosis",
    "Failure",
    "Report",
    "Status",
    "TestResult",
    "Trial",
    "Verdict",
    "as_float_array",
    "check",
    "compare_values",
    "describe",
    "first_mismatch",
    "number",
    "position",
    "tolerance_text",
]
