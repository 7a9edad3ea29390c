"""The checks library: functions that compare a learner's outcome with the reference.

A check receives every trial of its test (one per probe: the call, what came back, what the
reference returned) and returns `None` when they pass or a `Failure` that says what came
back and what was expected (or raises it, from a helper as deep as it likes). The engine adds the "Called ..." line, the tolerance and the
previews. Exercises add their own checks in `checks.py` with the `@check` decorator:

    >>> @check("row_zero")
    ... def check_row_zero(trials: list[Trial], context: CheckContext) -> Failure | None:
    ...     ...

The library lives in modules by job, gathered here, the one name the rest of the platform and
the exercises' checks.py import from: graders.check_core (the types and the decorators),
graders.check_values (comparing and describing values), graders.check_builtins and
graders.check_loops (the built-in checks).
"""

from __future__ import annotations

from graders import check_builtins, check_loops, check_numeric
from graders.check_builtins import (
    check_raises,
    check_shape,
)
from graders.check_core import (
    AnalysisFunction,
    Check,
    CheckContext,
    Failure,
    Finding,
    Raised,
    ToleranceFunction,
    Trial,
    analysis,
    check,
    collect_analyses,
    collect_checks,
    collect_tolerance,
    tolerance_for,
)
from graders.check_describe import describe
from graders.check_values import (
    Mismatch,
    as_float_array,
    compare_values,
    first_mismatch,
    is_structure,
    paired_items,
    position,
    returned_array,
    same_kind,
    value_mismatch,
)
from graders.wording import number, row_text, tolerance_text

BUILTIN_CHECKS = {
    **collect_checks(vars(check_builtins)),
    **collect_checks(vars(check_loops)),
    **collect_checks(vars(check_numeric)),
}

__all__ = [
    "BUILTIN_CHECKS",
    "AnalysisFunction",
    "Check",
    "CheckContext",
    "Failure",
    "Finding",
    "Mismatch",
    "Raised",
    "ToleranceFunction",
    "Trial",
    "analysis",
    "as_float_array",
    "check",
    "check_raises",
    "check_shape",
    "collect_analyses",
    "collect_checks",
    "collect_tolerance",
    "compare_values",
    "describe",
    "first_mismatch",
    "is_structure",
    "number",
    "paired_items",
    "position",
    "returned_array",
    "row_text",
    "same_kind",
    "tolerance_for",
    "tolerance_text",
    "value_mismatch",
]
