"""The difference map's text alternative says where the differences are, not only how many."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from playwright.sync_api import Locator, Page, expect

from tests.api.conftest import SOLUTION
from tests.e2e.test_practice_page import CONCATENATED_HALVES, NON_FINITE, open_exercise, run

TOLERANCE = 1e-4  # the flagship's exercise.toml
SHAPE = (50, 16)  # the interleaving test's first table, the one its heatmaps show
# Right except for column 3, the cosine of pair 1, which is off by 0.5 in every row.
COLUMN_THREE_OFF = SOLUTION.replace(
    "    return pe\n", "    if d_model > 3:\n        pe[:, 3] += 0.5\n    return pe\n"
)


def positional_encoding(code: str) -> Callable[[int, int], np.ndarray[Any, Any]]:
    namespace: dict[str, Any] = {}
    exec(compile(code, "<solution>", "exec"), namespace)
    function: Callable[[int, int], np.ndarray[Any, Any]] = namespace["positional_encoding"]
    return function


def differs(code: str) -> np.ndarray[Any, Any]:
    """Which cells of the interleaving table `code` gets wrong, as the page compares them."""
    got = positional_encoding(code)(*SHAPE)
    expected = positional_encoding(SOLUTION)(*SHAPE)
    same = np.isclose(got, expected, rtol=0, atol=TOLERANCE, equal_nan=True)
    return np.asarray(~same)


def difference_map(page: Page) -> Locator:
    """The interleaving row's difference map, with the row opened if it starts collapsed."""
    row = page.locator('#results li.test[data-test-id="interleaving"]')
    if row.locator("details").get_attribute("open") is None:
        row.locator("summary").click()
    canvas = row.locator("canvas[role='img']").nth(2)
    expect(canvas).to_be_visible()
    return canvas


def test_the_column_mistake_differs_in_column_three_only() -> None:
    wrong = differs(COLUMN_THREE_OFF)
    assert wrong[:, 3].all()
    assert not np.delete(wrong, 3, axis=1).any()


def test_concatenated_halves_differs_inside_columns_one_to_fourteen_but_not_everywhere() -> None:
    wrong = differs(CONCATENATED_HALVES)
    assert not wrong[:, [0, 15]].any()
    assert wrong[:, 1:15].any(axis=0).all()
    assert not wrong[:, 1:15].all()  # so no list of whole columns covers it


def described_by(canvas: Locator) -> str:
    """The text of the elements the canvas's aria-describedby names, in order."""
    text: str = canvas.evaluate(
        "c => c.getAttribute('aria-describedby').split(' ')"
        ".map(id => document.getElementById(id).textContent).join(' ')"
    )
    return text


def assert_in_order(text: str, facts: tuple[str, ...]) -> None:
    """Each fact is in `text`, after the one before it (a fact twice: named twice)."""
    at = 0
    for fact in facts:
        found = text.find(fact, at)
        assert found >= 0, (fact, text)
        at = found + len(fact)


CELLS = "(0, 0), (1, 1) and (2, 2)"


@pytest.mark.browser
@pytest.mark.parametrize(
    ("code", "verdict", "facts"),
    [
        pytest.param(
            COLUMN_THREE_OFF,
            "2 of 6 tests passed.",
            ("Column 3 differs", "columns 0 to 2 and 4 to 15"),
            id="one-whole-column",
        ),
        pytest.param(
            CONCATENATED_HALVES,
            "3 of 6 tests passed.",
            (f"{int(differs(CONCATENATED_HALVES).sum())} cells differ", "within columns 1 to 14"),
            id="concatenated-halves",
        ),
        pytest.param(
            NON_FINITE,
            "2 of 6 tests passed.",
            (f"Only cells {CELLS} differ", "Nan or inf", CELLS),  # the cells, then why
            id="non-finite-cells",
        ),
    ],
)
def test_difference_map_describes_where_cells_differ(
    page: Page, code: str, verdict: str, facts: tuple[str, ...]
) -> None:
    open_exercise(page)
    run(page, code, verdict)
    canvas = difference_map(page)
    # The label keeps its counts; the description, read after it, names the pattern.
    expect(canvas).to_have_accessible_name(re.compile(r"^Difference map\. \d+ of 800 cells differ"))
    description = described_by(canvas)
    expect(canvas).to_have_accessible_description(description)
    assert_in_order(description, facts)
