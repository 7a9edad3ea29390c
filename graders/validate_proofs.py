"""What `gradebox validate` proves beyond the reference passing its own tests (issue 26, item 5).

A reference graded against itself proves little: a test with no calls, or one whose check can
never fail, passes every solution; a slip in the reference moves every value the tests compare
with it. So validate also proves, independently of the reference:

- every test makes calls (`check_has_calls`);
- every test can fail: a known mistake or one of the library's failing submissions, made from
  the reference's own source (zeros of its shape, a wrong shape, None; another dtype; an
  in-place write into the first array argument; a Python loop), fails it (`check_can_fail`);
- the reference gives the values its author computed by hand (`expect`, `check_expected`);
- the tolerance is not loose for the values a test compares (`check_tolerances`);
- no hint or mistake text hands over the reference's code (`check_give_aways`, in
  graders.validate_give_aways).
"""

from __future__ import annotations

import ast
import warnings
from collections.abc import Iterable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from graders import trusted
from graders.report import Status, Verdict

if TYPE_CHECKING:
    from graders.engine import Grader
    from graders.exercise import Exercise, TestSpec
    from graders.probes import Probe
    from graders.validate import Validation


def check_has_calls(exercise: Exercise, result: Validation) -> None:
    """A test with no probes (and none drawn per grading) runs its check on nothing: it passes
    whatever the learner wrote."""
    for test in exercise.tests:
        if not test.probes and not test.fresh:
            result.problems.append(f"test `{test.id}` has no calls: add probes")


# --- tests that cannot fail --------------------------------------------------------------------

REFERENCE_NAME = "_gradebox_reference"

_ZEROS = """
def _gradebox_zeros(value, grow=False):
    if isinstance(value, (tuple, list)):
        return type(value)(_gradebox_zeros(item, grow) for item in value)
    shape = _gradebox_np.shape(value)
    return _gradebox_np.zeros((*shape, 2) if grow else shape)
"""

# Each failer: (name, the check kinds it is made for (None: every value check), its body).
# The body runs inside `def <entry>(*args, **kwargs)` after `result = <reference>(...)`.
_FAILERS: tuple[tuple[str, str | None, str], ...] = (
    ("zeros", None, "return _gradebox_zeros(result)"),
    ("wrong-shape", None, "return _gradebox_zeros(result, grow=True)"),
    ("none", None, "return None"),
    (
        "in-place",
        "inputs_unchanged",
        """for value in args:
        if isinstance(value, _gradebox_np.ndarray) and value.size:
            value[...] = ~value if value.dtype.kind == "b" else value + 1
            break
    return result""",
    ),
    ("wrong-dtype", "dtype", "return _gradebox_cast(result)"),
    (
        "python-loop",
        "no_python_loops",
        """steps = 0
    for value in args:
        if isinstance(value, int) and not isinstance(value, bool):
            size = value
            break
        if isinstance(value, _gradebox_np.ndarray) and value.ndim:
            size = len(value)
            break
    else:
        size = 8
    for _ in range(min(abs(size), 10_000)):
        steps += 1
    return result""",
    ),
)


@dataclass(frozen=True)
class Failer:
    """A submission made from the reference that must fail some tests."""

    name: str
    source: str


def failers(exercise: Exercise, reference: str) -> list[Failer]:
    """The library's failing submissions for this exercise's check kinds, as source text: the
    reference with its entry function renamed, and an entry function wrapping it."""
    kinds = {test.check for test in exercise.tests}
    renamed = _renamed(reference, exercise.entry)
    made = []
    for name, kind, body in _FAILERS:
        if kind is not None and kind not in kinds:
            continue
        wrapper = (
            f"\n\nimport numpy as _gradebox_np\n{_ZEROS}\n\n"
            f"def {exercise.entry}(*args, **kwargs):\n"
            f"    result = {REFERENCE_NAME}(*args, **kwargs)\n    {body}\n"
        )
        made.append(Failer(name, renamed + wrapper))
    return made


def _renamed(source: str, entry: str) -> str:
    """The source with the module-level `def entry` (and every call of it by name) renamed."""
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and node.name == entry:
            node.name = REFERENCE_NAME
        elif isinstance(node, ast.Name) and node.id == entry:
            node.id = REFERENCE_NAME
    return ast.unparse(tree)


async def check_can_fail(
    exercise: Exercise, reference: str, grader: Grader, result: Validation
) -> dict[str, list[str]]:
    """A test that the reference, every known mistake and every library failer pass cannot
    fail: a problem. The failers are graded once each, only when some test is caught by no
    known mistake (the shipped exercises' mistakes catch every test). The failers' catches:
    failer name -> the tests that failed it."""
    caught = {
        test for row in result.matrix.values() for test, cell in row.items() if cell != "pass"
    }
    if all(test.id in caught for test in exercise.tests):
        return {}
    matrix: dict[str, list[str]] = {}
    for failer in failers(exercise, reference):
        report = await grader.grade(exercise, failer.source)
        if report.verdict not in (Verdict.PASSED, Verdict.FAILED):
            continue  # it did not run to the end: it proves nothing either way
        matrix[failer.name] = [test.id for test in report.tests if test.status is not Status.PASSED]
    caught |= {test for tests in matrix.values() for test in tests}
    for test in exercise.tests:
        if test.id not in caught:
            tried = ", ".join(matrix) or "none ran"
            result.problems.append(
                f"test `{test.id}` cannot fail: the reference, every known mistake and the "
                f"library's failing submissions ({tried}) all pass it; give it calls or a "
                "check that a wrong solution fails"
            )
    return matrix


# --- hand-computed values ----------------------------------------------------------------------


def check_expected(exercise: Exercise, result: Validation) -> None:
    """Each `expect` value, computed by the author, is the reference's value for that call at
    the exercise's tolerance; the call is one the test makes."""
    for test in exercise.tests:
        keys = {probe.key for probe in test.probes}
        for probe, value in test.expect:
            where = f"test `{test.id}`: expect {probe.call}"
            if probe.key not in keys:
                result.problems.append(f"{where} is not one of the test's probes: add it there")
                continue
            try:
                with warnings.catch_warnings(), np.errstate(all="ignore"):
                    warnings.simplefilter("ignore")
                    got = trusted.reference_value(exercise, probe)
            except Exception as error:
                result.problems.append(f"{where}: the reference raised {error!r}")
                continue
            tolerance = trusted.call_tolerance(exercise, probe.args, got)
            if not agrees(got, value, tolerance):
                result.problems.append(
                    f"{where}: the reference gives {_shown(got)} but the author's value is "
                    f"{_shown(value)} (tolerance {tolerance:g})"
                )


def agrees(got: Any, expected: Any, tolerance: float) -> bool:
    """Whether the reference's value is the one written in TOML (where a tuple is a list, and
    an array nested lists), within `tolerance`."""
    if isinstance(got, tuple) or (isinstance(got, list) and not _numeric(got)):
        return (
            isinstance(expected, list)
            and len(expected) == len(got)
            and all(
                agrees(mine, theirs, tolerance) for mine, theirs in zip(got, expected, strict=True)
            )
        )
    if isinstance(got, dict):
        return (
            isinstance(expected, dict)
            and set(got) == set(expected)
            and all(agrees(got[key], expected[key], tolerance) for key in got)
        )
    try:
        got_array = np.asarray(got, dtype=float)
        expected_array = np.asarray(expected, dtype=float)
    except (TypeError, ValueError):
        return bool(got == expected)
    if got_array.shape != expected_array.shape:
        return False
    with np.errstate(all="ignore"):
        close = np.abs(got_array - expected_array) <= tolerance
    same = (got_array == expected_array) | (np.isnan(got_array) & np.isnan(expected_array))
    return bool((close | same).all())


def _numeric(value: list[Any]) -> bool:
    try:
        return np.asarray(value).dtype.kind in "biufc"
    except (TypeError, ValueError):
        return False


def _shown(value: Any) -> str:
    if isinstance(value, np.ndarray | np.generic):
        value = value.tolist()
    return f"{value!r:.120}"


# --- tolerances ----------------------------------------------------------------------------------

LOOSE_FRACTION = 0.1  # a tolerance above this fraction of the typical |value| is loose
NEGLIGIBLE = 1e-6  # values below this fraction of their array's largest are zeros, not sizes


def _compares_values(exercise: Exercise, test: TestSpec) -> bool:
    check = trusted.checks_for(exercise)[test.check]
    return check.values and not check.static and not check.raises and test.check != "finite_within"


def check_tolerances(exercise: Exercise, result: Validation) -> None:
    """A tolerance above a tenth of the median |value| a test compares (the reference's finite
    outputs on its calls, less the zeros: values under a millionth of their array's largest)
    passes answers that are wrong by a tenth: a warning. With `rtol`, the largest of the
    calls' tolerances is the one judged."""
    for test in exercise.tests:
        if not _compares_values(exercise, test):
            continue
        magnitudes: list[np.ndarray[Any, Any]] = []
        tolerances = [exercise.tolerance]
        for probe, value in _reference_values(exercise, test):
            magnitudes.extend(_magnitudes(value))
            tolerances.append(trusted.call_tolerance(exercise, probe.args, value))
        if not magnitudes:
            continue
        typical, tolerance = float(np.median(np.concatenate(magnitudes))), max(tolerances)
        if tolerance > LOOSE_FRACTION * typical:
            result.warnings.append(
                f"tolerance {tolerance:g} is loose for outputs around {typical:.2g} on test "
                f"`{test.id}`: a value off by a tenth of its size passes; lower `tolerance` "
                "(or `rtol`), or probe with larger values"
            )


def _reference_values(exercise: Exercise, test: TestSpec) -> Iterable[tuple[Probe, Any]]:
    for probe in test.probes:
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                value = trusted.reference_value(exercise, probe)
        except Exception:  # noqa: S112 - the grading reports a reference that raises
            continue
        yield probe, value


def _magnitudes(value: Any) -> Iterable[np.ndarray[Any, Any]]:
    for item in _arrays(value):
        flat = np.abs(item.ravel())
        flat = flat[np.isfinite(flat)]
        if flat.size:  # a millionth of the largest value is a zero (a softmax's far tail)
            flat = flat[flat > NEGLIGIBLE * flat.max()]
        if flat.size:
            yield flat


def _arrays(value: Any) -> Iterable[np.ndarray[Any, Any]]:
    if isinstance(value, tuple | list) and not _numeric(list(value)):
        for item in value:
            yield from _arrays(item)
        return
    if isinstance(value, dict):
        for item in value.values():
            yield from _arrays(item)
        return
    try:
        array = np.asarray(value)
    except (TypeError, ValueError):
        return
    if array.dtype.kind in "iuf":
        yield array.astype(float)
