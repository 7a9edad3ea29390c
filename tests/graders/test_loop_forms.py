"""Six loops that passed `vectorised` without any escape from the language layer (issue 25).

Each is a learner's file in the flagship's wrong corpus, with the reference's values in plain
NumPy wherever a test compares values: a real per-element class taken with `type()`, a loop
skipped when the counted call is recognised (by its counting iterator's type name, by its
sizes, by coming first, with the loop hidden from the scan under `if True:`), a loop run at
import, and a loop the scan cannot see (list() over a sequence class) that fills, on the smaller
counted call, a cache the larger one reads. Each must fail `vectorised` and nothing else.
"""

from __future__ import annotations

import ast

import numpy as np
import pytest

from graders.catalog import Catalog
from graders.engine import Grader
from graders.exercise import Exercise
from graders.host.pool import SandboxPool
from graders.probes import COUNTED_FACTORS
from graders.protocol.counts import IMPORT_STEPS
from graders.protocol.loops import find_loops
from graders.report import Report, TestResult
from tests.conftest import ROOT, LoopThread, SyncGrader
from tests.test_corpus import load_plainly

WRONG = ROOT / "tests" / "corpus" / "sinusoidal-positional-encoding" / "wrong"
FORMS = {
    "np.vectorize's class taken with type() at import": "vectorize-class-from-type.py",
    "zeros when the counting iterator's type name shows": "counted-type-name-zeros.py",
    "zeros on the counted sizes": "counted-sizes-zeros.py",
    "zeros on the first calls, the loop under `if True:`": "if-true-first-calls-zeros.py",
    "a table of frequencies built by loops at import": "frequencies-table-at-import.py",
    "the larger call's table filled ahead by the smaller one": "cache-filled-for-the-larger-call.py",
}


def source(name: str) -> str:
    return (WRONG / name).read_text(encoding="utf-8")


def statuses(report: Report) -> dict[str, str]:
    return {test.id: test.status for test in report.tests}


def vectorised(report: Report) -> TestResult:
    return next(test for test in report.tests if test.id == "vectorised")


@pytest.mark.parametrize("name", FORMS.values(), ids=list(FORMS))
def test_a_loop_form_fails_only_the_vectorised_test(
    name: str, flagship: Exercise, grade: SyncGrader
) -> None:
    found = statuses(grade(flagship, source(name)))
    assert found.pop("vectorised") == "failed", found
    assert set(found.values()) == {"passed"}, found


def test_the_reference_passes_the_vectorised_test(flagship: Exercise, grade: SyncGrader) -> None:
    report = grade(flagship, flagship.solution_path.read_text(encoding="utf-8"))
    assert report.verdict == "passed", statuses(report)


def _seed_drawing(factor: int, exercise: Exercise) -> int:
    """A grading seed whose counted calls are the flagship's probe scaled by `factor`."""
    for seed in range(1000):
        drawn = exercise.with_fresh_probes(seed).test("vectorised").probes[0]
        if drawn.args == (8 * factor, 8 * factor):
            return seed
    raise AssertionError(f"no seed draws factor {factor}")


@pytest.mark.parametrize("factor", COUNTED_FACTORS)
def test_zeros_on_the_counted_sizes_fail_at_every_size_drawn(
    factor: int, flagship: Exercise, pool: SandboxPool, loop_thread: LoopThread
) -> None:
    # The learner returns zeros for every square table: whatever sizes are drawn, the counted
    # calls see no loop, and only their values (the reference's on every other call) tell.
    grade = SyncGrader(Grader(pool).seeded(_seed_drawing(factor, flagship)), loop_thread)
    report = grade(flagship, source("counted-sizes-zeros.py"))
    found = statuses(report)
    assert found.pop("vectorised") == "failed"
    assert set(found.values()) == {"passed"}, found
    test = vectorised(report)
    assert test.message_id == "differs-when-counted", test.message
    assert f"Called positional_encoding({8 * factor}, {8 * factor})." in test.message, test


def test_counted_sizes_are_drawn_per_grading(flagship: Exercise) -> None:
    drawn = {
        flagship.with_fresh_probes(seed).test("vectorised").probes[0].args for seed in range(40)
    }
    assert drawn == {(8 * factor, 8 * factor) for factor in COUNTED_FACTORS}


def test_a_value_mistake_is_not_blamed_on_the_vectorised_test(
    catalog: Catalog, grade: SyncGrader
) -> None:
    # Wrong values everywhere, counted or not: the value tests say so, `vectorised` does not.
    exercise = catalog.get("sinusoidal-positional-encoding")
    swapped = exercise.solution_path.read_text(encoding="utf-8").replace("np.sin(", "np.SIN(")
    swapped = swapped.replace("np.cos(", "np.sin(").replace("np.SIN(", "np.cos(")
    found = statuses(grade(exercise, swapped))
    assert found["vectorised"] == "passed", found
    assert found["interleaving"] == "failed", found


FLOAT32_FEED_FORWARD = """
import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    x, w1, b1, w2, b2 = (a.astype(np.float32) for a in (x, w1, b1, w2, b2))
    z = x @ w1 + b1
    c = np.float32(np.sqrt(2 / np.pi))
    return (np.float32(0.5) * z * (1 + np.tanh(c * (z + np.float32(0.044715) * z**3)))) @ w2 + b2
"""


def test_rounding_that_grows_with_the_counted_calls_is_not_taken_for_telling_them_apart(
    catalog: Catalog, grade: SyncGrader
) -> None:
    # float32 throughout: within the tolerance on every value test, and off by ~4e-4 on the
    # counted calls, whose values are a hundred times larger. Not a call told apart.
    exercise = catalog.get("gelu-feed-forward")
    assert grade(exercise, FLOAT32_FEED_FORWARD).verdict == "passed"


def test_the_import_loop_is_named_with_its_line(flagship: Exercise, grade: SyncGrader) -> None:
    report = grade(flagship, source("frequencies-table-at-import.py"))
    test = next(test for test in report.tests if test.id == "vectorised")
    assert test.line == 7, test
    assert test.message_id == "loop-at-import", test.message
    assert test.diagnosis is not None
    assert test.diagnosis.id == "loop-comprehension"


SMALL_TABLES_AT_IMPORT = """
import numpy as np

SIGNS = {}
for name, sign in (("sin", 1.0), ("cos", -1.0)):
    SIGNS[name] = [sign * k for k in (1, 2, 3)]
SQUARES = [k * k for k in range(20)]  # a constant computed once: a few steps
LOG_BASE = np.log(10000.0)


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len, dtype=np.float64)[:, None]
    omega = np.exp(np.arange(0, d_model, 2) * -(LOG_BASE / d_model))[None, :]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(positions * omega)
    pe[:, 1::2] = np.cos(positions * omega)
    return pe
"""


def test_small_tables_built_at_import_still_pass(flagship: Exercise, grade: SyncGrader) -> None:
    assert grade(flagship, SMALL_TABLES_AT_IMPORT).verdict == "passed"


def test_a_literal_loop_at_import_may_take_any_number_of_steps(
    flagship: Exercise, grade: SyncGrader
) -> None:
    # Sixteen items, each a few hundred steps of straight-line code in a helper: not a loop
    # over the data (the helper's own lines count; the loop's do not).
    items = ", ".join(str(k) for k in range(16))
    looped = SMALL_TABLES_AT_IMPORT + f"\nTOTAL = 0\nfor k in ({items}):\n    TOTAL += k\n"
    assert len(looped.splitlines()) < IMPORT_STEPS
    assert grade(flagship, looped).verdict == "passed"


SCANNED = """
import numpy as np

try:
    def _fill(n):
        return np.array([float(p) for p in range(n)])
except ImportError:
    pass


class Table:
    def rows(self, n):
        return _fill(n)


with np.errstate(all="ignore"):
    def helper(n):
        return Table().rows(n)


def unused(n):
    return [p for p in range(n)]


if True:
    def positional_encoding(max_len, d_model):
        return helper(max_len)[:, None] * np.ones(d_model)


if __name__ == "__main__":
    for p in range(3):
        print(positional_encoding(p, 2))
"""


def test_the_scan_walks_every_function_the_entry_reaches_wherever_it_is_defined() -> None:
    found = find_loops(ast.parse(SCANNED), "positional_encoding")
    assert [(item.kind, item.function) for item in found] == [("list comprehension", "_fill")]


def test_the_corpus_forms_compute_the_reference_values_in_plain_numpy(flagship: Exercise) -> None:
    # The value tests' calls, as a plain import of each file sees them (no counting).
    expected = getattr(load_plainly(flagship.solution_path), flagship.entry)
    for name in FORMS.values():
        theirs = getattr(load_plainly(WRONG / name), flagship.entry)
        theirs(8, 8), theirs(32, 32)  # the counted calls come first
        for args in [(3, 4), (50, 16), (2048, 16), (64, 128)]:
            assert np.allclose(theirs(*args), expected(*args)), (name, args)
