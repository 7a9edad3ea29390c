"""The `vectorised` test judges what runs: two counted calls, every size scaled, any growth fails.

Each bypass below got a looping solution `passed` when the test was a static scan of names;
each computes the right table, so every other test passes and only `vectorised` may fail.
"""

from __future__ import annotations

import pytest

from graders.catalog import Catalog
from graders.exercise import Exercise
from graders.probes import Probe
from graders.report import Report
from tests.conftest import TEST_SEED, SyncGrader

FORMULA = "p / 10000 ** ((j - j % 2) / d)"
ENTRY = f"""
import math
import numpy as np


def entry(p, j, d):
    angle = {FORMULA}
    return math.sin(angle) if j % 2 == 0 else math.cos(angle)
"""

BYPASSES = {
    "a loop-free decoy def, then the name rebound to a loop": ENTRY
    + """
def positional_encoding(max_len, d_model):
    return np.zeros((max_len, d_model))


def loopy(max_len, d_model):
    table = np.zeros((max_len, d_model))
    for p in range(max_len):
        for j in range(d_model):
            table[p, j] = entry(p, j, d_model)
    return table


positional_encoding = loopy
""",
    "the entry def inside `if True:`": ENTRY
    + """
if True:
    def positional_encoding(max_len, d_model):
        return np.array([[entry(p, j, d_model) for j in range(d_model)] for p in range(max_len)])
""",
    "np.vectorize imported under another name": ENTRY.replace(
        "import numpy as np", "import numpy as np\nfrom numpy import vectorize as spread"
    )
    + """
def positional_encoding(max_len, d_model):
    p, j = np.meshgrid(np.arange(max_len), np.arange(d_model), indexing="ij")
    return spread(entry)(p, j, d_model).astype(float)
""",
    "a loop helper called through a dict": ENTRY
    + """
def fill(max_len, d_model):
    rows = []
    for p in range(max_len):
        rows.append([entry(p, j, d_model) for j in range(d_model)])
    return np.array(rows)


HELPERS = {"fill": fill}


def positional_encoding(max_len, d_model):
    return HELPERS["fill"](max_len, d_model)
""",
    "a module-level lambda with a comprehension": ENTRY
    + """
positional_encoding = lambda max_len, d_model: np.array(
    [[entry(p, j, d_model) for j in range(d_model)] for p in range(max_len)]
)
""",
    "list(iter(next_row, None))": ENTRY
    + """
def positional_encoding(max_len, d_model):
    state = {"p": 0}

    def next_row():
        p = state["p"]
        if p == max_len:
            return None
        state["p"] = p + 1
        return [entry(p, j, d_model) for j in range(d_model)]

    rows = list(iter(next_row, None))
    return np.array(rows).reshape(max_len, d_model)
""",
    "min(range(n), key=fill_row)": ENTRY
    + """
def positional_encoding(max_len, d_model):
    table = np.zeros((max_len, d_model))

    def fill_row(p):
        table[p] = np.sin(p / 10000 ** ((np.arange(d_model) - np.arange(d_model) % 2) / d_model))
        table[p, 1::2] = np.cos(p / 10000 ** (np.arange(0, d_model, 2) / d_model))
        return 0

    min(range(max_len), key=fill_row)
    return table
""",
    "a recursive lambda": ENTRY
    + """
row = lambda p, d: np.array([entry(p, j, d) for j in range(d)])
build = lambda n, d: np.zeros((0, d)) if n == 0 else np.vstack([build(n - 1, d), row(n - 1, d)])
positional_encoding = build
""",
    "list(map(math.sin, flat)) runs no learner line per element": """
import math
import numpy as np

TOOLS = {"each": map}  # out of the loop scan's sight


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len)[:, None]
    angles = (pos / 10000 ** (np.arange(0, d_model, 2) / d_model)).ravel()
    table = np.zeros((max_len, d_model))
    table[:, 0::2] = np.array(list(TOOLS["each"](math.sin, angles))).reshape(max_len, -1)
    table[:, 1::2] = np.cos(angles).reshape(max_len, -1)
    return table
""",
}

TRACER_SWITCHED_OFF = """
import numpy as np

HIDDEN = {}  # reached only through this dict, out of the loop scan's sight


def deep(n):
    try:
        return HIDDEN["deep"](n + 1)
    except RecursionError:
        return n


def fill(max_len, d_model):
    table = np.zeros((max_len, d_model))
    for p in range(max_len):
        for j in range(0, d_model, 2):
            table[p, j] = np.sin(p / 10000 ** (j / d_model))
            table[p, j + 1] = np.cos(p / 10000 ** (j / d_model))
    return table


HIDDEN.update(deep=deep, fill=fill)


def positional_encoding(max_len, d_model):
    HIDDEN["deep"](0)  # at the recursion limit the tracer itself raises, and CPython drops it
    return HIDDEN["fill"](max_len, d_model)
"""


def counted_calls(exercise: Exercise) -> list[Probe]:
    """The two counted calls the `grade` fixture's gradings make (their sizes are drawn)."""
    return exercise.with_fresh_probes(TEST_SEED).test("vectorised").probes[:2]


def statuses(report: Report) -> dict[str, str]:
    return {test.id: test.status for test in report.tests}


@pytest.mark.parametrize("source", BYPASSES.values(), ids=list(BYPASSES))
def test_a_looping_bypass_fails_only_the_vectorised_test(
    source: str, catalog: Catalog, grade: SyncGrader
) -> None:
    report = grade(catalog.get("sinusoidal-positional-encoding"), source)
    found = statuses(report)
    assert found.pop("vectorised") == "failed", report.tests[-1].message
    assert found["example-3x4"] == "passed", found  # the values are right: only the loop is wrong
    if "build(n - 1" not in source:  # a recursion 2048 deep meets the recursion limit
        assert set(found.values()) == {"passed"}, found


def test_a_count_failure_names_the_line_that_grew_and_both_calls(
    catalog: Catalog, grade: SyncGrader
) -> None:
    exercise = catalog.get("sinusoidal-positional-encoding")
    report = grade(exercise, BYPASSES["a recursive lambda"])
    vectorised = next(test for test in report.tests if test.id == "vectorised")
    small, large = counted_calls(exercise)
    assert small.call in vectorised.message
    assert large.call in vectorised.message
    assert vectorised.line is not None
    assert "grows with the size" in vectorised.message


def test_a_helper_that_consumes_elements_is_named_in_the_message(
    catalog: Catalog, grade: SyncGrader
) -> None:
    source = BYPASSES["list(map(math.sin, flat)) runs no learner line per element"]
    exercise = catalog.get("sinusoidal-positional-encoding")
    report = grade(exercise, source)
    vectorised = next(test for test in report.tests if test.id == "vectorised")
    max_len, d_model = counted_calls(exercise)[0].args
    elements = max_len * d_model // 2  # one math.sin per sine
    assert f"map() went through {elements} elements" in vectorised.message, vectorised.message


def test_switching_the_tracer_off_fails_closed(catalog: Catalog, grade: SyncGrader) -> None:
    report = grade(catalog.get("sinusoidal-positional-encoding"), TRACER_SWITCHED_OFF)
    vectorised = next(test for test in report.tests if test.id == "vectorised")
    assert vectorised.status in ("failed", "error"), vectorised
    assert "tracing was switched off" in vectorised.message, vectorised.message


@pytest.mark.parametrize(
    "slug",
    [
        "sinusoidal-positional-encoding",
        "layer-norm",
        "rotary-positional-embedding",
        "scaled-dot-product-attention",
    ],
)
def test_every_reference_solution_is_counted_as_vectorised(
    slug: str, catalog: Catalog, grade: SyncGrader
) -> None:
    exercise = catalog.get(slug)
    report = grade(exercise, exercise.solution_path.read_text(encoding="utf-8"))
    assert statuses(report)["vectorised"] == "passed", report.tests
