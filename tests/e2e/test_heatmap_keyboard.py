"""The heatmaps of a failing report can be read cell by cell with the keyboard: one tab stop,
arrow keys (and Home, End, Page Up, Page Down) move a visible cell on every map, and a polite
live readout says the cell's values; Escape goes back to the test's row."""

from __future__ import annotations

import re
from typing import Any

import numpy as np
import pytest
from playwright.sync_api import Locator, Page, expect

from graders.engine.previews import preview
from tests.api.conftest import SOLUTION
from tests.e2e.test_heatmap_pattern import SHAPE, TOLERANCE, positional_encoding
from tests.e2e.test_practice_page import CONCATENATED_HALVES, open_exercise, run

pytestmark = pytest.mark.browser

Array = np.ndarray[Any, Any]
PAGE_ROWS = 8  # heatmap.js PAGE_ROWS


def format_number(v: float, digits: int = 4) -> str:
    """dom.js formatNumber for a finite float."""
    v = float(v)
    if v.is_integer() and abs(v) < 1e9:
        return str(int(v))
    if v != 0 and (abs(v) < 1e-3 or abs(v) >= 1e6):
        mantissa, exponent = f"{v:.{max(0, digits - 2)}e}".split("e")
        if "." in mantissa:
            mantissa = re.sub(r"\.?0+$", "", mantissa)
        return f"{mantissa}e{int(exponent)}"
    rounded = float(f"{v:.{digits}g}")
    return str(int(rounded)) if rounded.is_integer() else repr(rounded)


def shown(code: str) -> Array:
    """The interleaving test's first table as the page gets it: the preview's rounded values."""
    table = preview(positional_encoding(code)(*SHAPE))
    assert table is not None
    return np.array(table.values, dtype=float)


GOT, EXPECTED = shown(CONCATENATED_HALVES), shown(SOLUTION)
DIFFERENCE = GOT - EXPECTED


def readout_for(row: int, col: int) -> str:
    """What the readout says for one cell, from the values NumPy computes."""
    d = DIFFERENCE[row, col]
    beyond = ", beyond the tolerance" if abs(d) > TOLERANCE else ""
    return (
        f"Row {row}, column {col}: yours {format_number(GOT[row, col])} "
        f"(expected {format_number(EXPECTED[row, col])}, difference {format_number(d)}{beyond})"
    )


def heatmap_cells(page: Page) -> Locator:
    """The interleaving row's maps, the row opened (it starts collapsed under the callout)."""
    open_exercise(page)
    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")
    row = page.locator('#results li.test[data-test-id="interleaving"]')
    row.locator("summary").click()
    return row.get_by_role("group", name=re.compile("^Heatmap cells"))


def test_the_first_visit_starts_on_the_largest_difference(page: Page) -> None:
    cells = heatmap_cells(page)
    cells.focus()
    row, col = divmod(int(np.argmax(np.abs(DIFFERENCE))), SHAPE[1])
    expect(cells.locator("xpath=..").locator(".heatmap-readout")).to_have_text(
        readout_for(row, col)
    )
    expect(cells.locator(".heatmap-cursor:visible")).to_have_count(3)  # yours, expected, difference


# Each key from row 10, column 5, and the cell it leads to (clamped to the 50 x 16 map).
MOVES = [
    ("ArrowRight", (10, 6)),
    ("ArrowLeft", (10, 4)),
    ("ArrowUp", (9, 5)),
    ("ArrowDown", (11, 5)),
    ("Home", (10, 0)),
    ("End", (10, SHAPE[1] - 1)),
    ("Control+Home", (0, 0)),
    ("Control+End", (SHAPE[0] - 1, SHAPE[1] - 1)),
    ("PageUp", (10 - PAGE_ROWS, 5)),
    ("PageDown", (10 + PAGE_ROWS, 5)),
]


@pytest.mark.parametrize(("key", "cell"), MOVES, ids=[key for key, _ in MOVES])
def test_a_key_moves_the_cell_and_the_readout_says_its_values(
    page: Page, key: str, cell: tuple[int, int]
) -> None:
    cells = heatmap_cells(page)
    cells.focus()
    cells.press("Control+Home")
    for _ in range(10):
        cells.press("ArrowDown")
    for _ in range(5):
        cells.press("ArrowRight")
    readout = cells.locator("xpath=..").locator(".heatmap-readout")
    expect(readout).to_have_text(readout_for(10, 5))
    cells.press(key)
    expect(readout).to_have_text(readout_for(*cell))


def test_moves_stop_at_the_edges(page: Page) -> None:
    cells = heatmap_cells(page)
    cells.focus()
    cells.press("Control+Home")
    for key in ["ArrowUp", "ArrowLeft", "PageUp"]:
        cells.press(key)
    readout = cells.locator("xpath=..").locator(".heatmap-readout")
    expect(readout).to_have_text(readout_for(0, 0))
    cells.press("Control+End")
    for key in ["ArrowDown", "ArrowRight", "PageDown"]:
        cells.press(key)
    expect(readout).to_have_text(readout_for(SHAPE[0] - 1, SHAPE[1] - 1))


def test_the_cursor_sits_on_its_cell_in_every_map(page: Page) -> None:
    cells = heatmap_cells(page)
    cells.focus()
    cells.press("Control+Home")
    cells.press("ArrowDown")
    cells.press("ArrowRight")
    cells.press("ArrowRight")  # row 1, column 2
    for figure in cells.locator("figure").all():
        canvas = figure.locator("canvas").bounding_box()
        cursor = figure.locator(".heatmap-cursor").bounding_box()
        assert canvas is not None
        assert cursor is not None
        cell_width, cell_height = canvas["width"] / SHAPE[1], canvas["height"] / SHAPE[0]
        assert cursor["x"] == pytest.approx(canvas["x"] + 2 * cell_width, abs=1)
        assert cursor["y"] == pytest.approx(canvas["y"] + 1 * cell_height, abs=1)


def test_the_maps_are_one_tab_stop_and_escape_goes_back_to_the_row(page: Page) -> None:
    cells = heatmap_cells(page)
    cells.focus()
    page.keyboard.press("Tab")
    expect(cells).not_to_be_focused()
    assert not page.evaluate("() => document.activeElement.closest('.heatmap-row')")
    page.keyboard.press("Shift+Tab")
    expect(cells).to_be_focused()
    page.keyboard.press("Escape")
    summary = page.locator('#results li.test[data-test-id="interleaving"] summary')
    expect(summary).to_be_focused()
    expect(cells.locator(".heatmap-cursor:visible")).to_have_count(0)
