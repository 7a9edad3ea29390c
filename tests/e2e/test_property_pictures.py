"""After a pass on the flagship, the lesson's properties are drawn on the learner's own tables,
each picture named by its finding in words (properties.js).

The page gets the learner's tables from scratch runs (POST /api/exercises/{slug}/scratch) of the
code that passed. Tables that break a property cannot come from passing code at the pictured
sizes without a chance that a grading's random sizes catch them, so for those `scratch_answers`
answers in the endpoint's place, with a ScratchRun (graders/scratch.py) whose preview the
graders' own `preview` makes. The expected findings are computed here with NumPy from the same
rounded preview values.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from playwright.sync_api import Page, Request, Route, expect

from graders.engine.previews import preview
from graders.scratch import ScratchRun, ScratchStatus, ScratchValue
from tests.api.conftest import SOLUTION
from tests.conftest import FLAGSHIP
from tests.e2e.test_practice_page import open_exercise, run

pytestmark = pytest.mark.browser

Array = np.ndarray[Any, Any]
TableOf = Callable[[str, int, int], Array]  # (posted code, max_len, d_model) -> the table
TABLE, LONGER = (64, 32), (128, 32)  # properties.js TABLE_CALL and LONGER_CALL
SAME_ROW, BOUND, SAME_DOT, PREFIX = 1e-4, 1e-6, 1e-3, 1e-4  # properties.js CLOSE


def learners_function(code: str) -> Callable[[int, int], Array]:
    namespace: dict[str, Any] = {}
    exec(compile(code, "<learner>", "exec"), namespace)
    function: Callable[[int, int], Array] = namespace["positional_encoding"]
    return function


def reference(max_len: int, d_model: int, positions: Array | None = None) -> Array:
    """The flagship's table, at `positions` (0, 1, … by default)."""
    at = np.arange(max_len, dtype=float) if positions is None else positions
    omega = np.exp(np.arange(0, d_model, 2) * -(np.log(10000.0) / d_model))
    table = np.zeros((max_len, d_model))
    table[:, 0::2] = np.sin(at[:, None] * omega)
    table[:, 1::2] = np.cos(at[:, None] * omega)
    return table


# Right on every size the tests try (max_len up to 120 is drawn at random, then 2048), not at 128.
WRONG_AT_128 = SOLUTION.replace(
    "    return pe\n", "    if max_len == 128:\n        pe = pe[::-1].copy()\n    return pe\n"
)

# Tables the stand-in answers with, each breaking one property.
TABLES: dict[str, TableOf] = {
    "rows repeat every 16 positions": lambda _, n, d: reference(n, d, np.arange(n) % 16.0),
    "values scaled by 1.5": lambda _, n, d: 1.5 * reference(n, d),
    "angles grow like pos ** 1.1": lambda _, n, d: reference(n, d, np.arange(n) ** 1.1),
    "positions squeezed by max_len": lambda _, n, d: reference(n, d, np.arange(n) * 64.0 / n),
}


def js_number(v: float, digits: int = 3) -> str:
    """A number as properties.js writes it: dom.js formatNumber, with a real minus sign."""
    v = float(v)
    if v.is_integer() and abs(v) < 1e9:
        text = str(int(v))
    elif v != 0 and (abs(v) < 1e-3 or abs(v) >= 1e6):
        mantissa, exponent = f"{v:.{max(0, digits - 2)}e}".split("e")
        if "." in mantissa:
            mantissa = re.sub(r"\.?0+$", "", mantissa)
        text = f"{mantissa}e{int(exponent)}"
    else:
        rounded = float(f"{v:.{digits}g}")
        text = str(int(rounded)) if rounded.is_integer() else repr(rounded)
    return text.replace("-", "\u2212")


def listed(items: list[int]) -> str:
    return str(items[0]) if len(items) < 2 else f"{', '.join(map(str, items[:-1]))} and {items[-1]}"


def uniqueness_finding(t: Array) -> str:
    distances = np.sqrt(((t[:, None, :] - t[None, :, :]) ** 2).sum(axis=-1))
    distances[np.tril_indices(len(t))] = np.inf  # each pair once, row a before row b
    a, b = np.unravel_index(np.argmin(distances), distances.shape)
    d = distances[a, b]
    if d > SAME_ROW:
        return f"The closest two rows are {a} and {b}, {js_number(d)} apart: every position gets a distinct row."
    return f"Rows {a} and {b} are the same ({js_number(d)} apart): two positions get one row, so they cannot be told apart."


def boundedness_finding(t: Array) -> str:
    outside = np.abs(t) > 1 + BOUND
    if not outside.any():
        return f"All {t.size} values lie in [\u22121, 1]: the smallest is {js_number(t.min())}, the largest {js_number(t.max())}."
    flat = t.ravel()
    farthest = flat[np.argmax(np.abs(flat) * outside.ravel())]
    r, c = divmod(int(np.flatnonzero(flat == farthest)[0]), t.shape[1])
    return (
        f"{int(outside.sum())} of {t.size} values lie outside [\u22121, 1]; "
        f"the farthest is {js_number(farthest)} at row {r}, column {c}."
    )


def offset_finding(t: Array) -> str:
    n = len(t)
    starts = list(dict.fromkeys([0, n // 4, n // 2]))
    offsets = n - starts[-1]
    lines = np.array([[t[i] @ t[i + k] for k in range(offsets)] for i in starts])
    gaps = np.ptp(lines, axis=0)
    k = int(np.argmax(gaps))
    if gaps[k] <= SAME_DOT:
        return (
            f"For rows {listed(starts)}, PE[i]·PE[i+k] is the same at every offset k from 0 to {offsets - 1} "
            f"(the lines differ by at most {js_number(gaps[k], 2)}): it depends on the offset k, not on the position i."
        )
    low, high = int(np.argmin(lines[:, k])), int(np.argmax(lines[:, k]))
    return (
        f"PE[i]·PE[i+k] changes with the position i: at offset k = {k} it is {js_number(lines[low, k])} "
        f"for row {starts[low]} but {js_number(lines[high, k])} for row {starts[high]}."
    )


def prefix_finding(shorter: Array, longer: Array, longer_rows: int) -> str:
    shared = min(len(shorter), len(longer))
    difference = np.abs(shorter[:shared] - longer[:shared])
    r, c = np.unravel_index(np.argmax(difference), difference.shape)
    most = difference[r, c]
    if most <= PREFIX:
        return (
            f"The first {shared} rows of your {longer_rows}-row table equal your {len(shorter)}-row table "
            f"(largest difference {js_number(most)}): a position's row does not depend on max_len."
        )
    return (
        f"The first {shared} rows of your {longer_rows}-row table differ from your {len(shorter)}-row table "
        f"by up to {js_number(most)} (row {r}, column {c}): a position's row changes with max_len."
    )


def as_shown(table: Array) -> Array:
    """The values the page gets: the preview's, capped at 64 x 64 and rounded to 6 decimals."""
    shown = preview(table)
    assert shown is not None
    return np.array(shown.values, dtype=float)


def scratch_answers(page: Page, table_of: TableOf) -> None:
    """Answer the page's scratch runs in the endpoint's place, each call with `table_of`'s table."""

    def answer(route: Route) -> None:
        body = route.request.post_data_json
        assert isinstance(body, dict)
        call = ast.parse(body["call"], mode="eval").body
        assert isinstance(call, ast.Call)
        max_len, d_model = (ast.literal_eval(argument) for argument in call.args)
        table = table_of(body["code"], max_len, d_model)
        result = ScratchRun(
            exercise=FLAGSHIP,
            status=ScratchStatus.RETURNED,
            message=f"{body['call']} returned a float64 array of shape {table.shape}.",
            call=body["call"],
            result=ScratchValue(
                description=f"a float64 array of shape {table.shape}",
                text=np.array2string(table, threshold=20),
                preview=preview(table),
            ),
        )
        route.fulfill(status=200, content_type="application/json", body=result.model_dump_json())

    page.route(f"**/api/exercises/{FLAGSHIP}/scratch", answer)


def findings(table_of: TableOf, code: str) -> list[str]:
    """The four pictures' findings for the tables `table_of` gives, as NumPy finds them."""
    table, longer = (as_shown(table_of(code, *size)) for size in (TABLE, LONGER))
    return [
        uniqueness_finding(table),
        boundedness_finding(table),
        offset_finding(table),
        prefix_finding(table, longer, LONGER[0]),
    ]


def expect_pictures_named(page: Page, named: list[str]) -> None:
    pictures = page.locator("#after-pass .properties")
    expect(pictures.get_by_role("heading", name="Your table's properties")).to_be_visible()
    expect(pictures.get_by_role("img")).to_have_count(len(named))
    for finding in named:
        expect(pictures.get_by_role("img", name=finding, exact=True)).to_be_visible()


def learners_own(code: str, max_len: int, d_model: int) -> Array:
    return learners_function(code)(max_len, d_model)


@pytest.mark.parametrize(
    "code",
    [pytest.param(SOLUTION, id="the-reference"), pytest.param(WRONG_AT_128, id="wrong-at-128")],
)
def test_the_pictures_of_passing_code_are_named_by_its_findings(page: Page, code: str) -> None:
    open_exercise(page)
    run(page, code, "6 of 6 tests passed.")
    expect_pictures_named(page, findings(learners_own, code))


@pytest.mark.parametrize("name", TABLES)
def test_each_picture_of_a_known_table_is_named_by_its_finding(page: Page, name: str) -> None:
    scratch_answers(page, TABLES[name])
    open_exercise(page)
    run(page, SOLUTION, "6 of 6 tests passed.")
    expect_pictures_named(page, findings(TABLES[name], SOLUTION))


def test_the_pictures_are_drawn_from_the_code_that_passed(page: Page) -> None:
    asked: list[dict[str, Any]] = []

    def note(request: Request) -> None:
        body = request.post_data_json
        if request.url.endswith("/scratch") and isinstance(body, dict):
            asked.append(body)

    page.on("request", note)
    open_exercise(page)
    run(page, SOLUTION, "6 of 6 tests passed.")
    pictures = page.locator("#after-pass .properties")
    expect(pictures.get_by_role("img")).to_have_count(4)
    expect(pictures).to_contain_text(
        "Drawn from your positional_encoding(64, 32), a 64 × 32 table; the last picture also uses "
        "your positional_encoding(128, 32), a 128 × 32 table, of which the first 64 rows are compared."
    )
    assert sorted(body["call"] for body in asked) == [
        "positional_encoding(128, 32)",
        "positional_encoding(64, 32)",
    ]
    assert all(body["code"] == SOLUTION for body in asked)


def test_the_known_tables_break_the_property_they_are_named_for() -> None:
    """The tables are what their names say, so the findings above test something."""
    reference_table = as_shown(learners_own(SOLUTION, *TABLE))
    shown = {
        name: [as_shown(table_of(SOLUTION, *size)) for size in (TABLE, LONGER)]
        for name, table_of in TABLES.items()
    }
    wrong_at_128 = [as_shown(learners_own(WRONG_AT_128, *size)) for size in (TABLE, LONGER)]
    assert "distinct row" in uniqueness_finding(reference_table)
    assert "are the same" in uniqueness_finding(shown["rows repeat every 16 positions"][0])
    assert "outside" in boundedness_finding(shown["values scaled by 1.5"][0])
    assert offset_finding(shown["angles grow like pos ** 1.1"][0]).startswith(
        "PE[i]·PE[i+k] changes"
    )
    squeezed, squeezed_longer = shown["positions squeezed by max_len"]
    assert "changes with max_len" in prefix_finding(squeezed, squeezed_longer, LONGER[0])
    assert "changes with max_len" in prefix_finding(wrong_at_128[0], wrong_at_128[1], LONGER[0])
