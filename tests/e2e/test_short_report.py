"""A failing report reads short: problems first, one row open, one view per value, one call line."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Page

from tests.e2e.test_practice_page import CONCATENATED_HALVES, NON_FINITE, open_exercise, run

pytestmark = pytest.mark.browser

FAILING_ROWS = ["row-0", "example-3x4", "interleaving"]  # concatenated halves, in grader order
PASSING_ROWS = ["shape", "bounds", "vectorised"]

# What each row shows, read in one pass: order, open state, the call field, the message, and
# which values appear as a table and which as a heatmap.
READ_ROWS = """() => [...document.querySelectorAll('#results li.test')].map(row => ({
  id: row.dataset.testId,
  status: row.className.replace(/^test test-/, ''),
  open: row.querySelector('details')?.open ?? false,
  call: [...row.querySelectorAll('.facts dt')].find(dt => dt.textContent === 'Call')
    ?.nextElementSibling?.textContent ?? null,
  message: row.querySelector('pre.message')?.textContent ?? '',
  text: row.textContent,
  tables: [...row.querySelectorAll('.array-table caption')].map(c => c.textContent),
  heatmaps: [...row.querySelectorAll('.heatmap figcaption')].map(c => c.textContent),
}))"""


def report_rows(page: Page, code: str, expected_verdict: str) -> list[dict[str, Any]]:
    open_exercise(page)
    run(page, code, expected_verdict)
    rows: list[dict[str, Any]] = page.evaluate(READ_ROWS)
    return rows


@pytest.fixture
def concatenated_halves(page: Page) -> list[dict[str, Any]]:
    return report_rows(page, CONCATENATED_HALVES, "3 of 6 tests passed.")


def test_failing_rows_come_before_passing_ones_in_grader_order(
    concatenated_halves: list[dict[str, Any]],
) -> None:
    assert [row["id"] for row in concatenated_halves] == FAILING_ROWS + PASSING_ROWS
    assert [row["status"] for row in concatenated_halves] == ["failed"] * 3 + ["passed"] * 3


def test_only_the_first_failing_row_is_open_under_a_callout(
    page: Page, concatenated_halves: list[dict[str, Any]]
) -> None:
    assert page.locator("#results .report > aside.callout").count() == 1
    assert [row["id"] for row in concatenated_halves if row["open"]] == FAILING_ROWS[:1]


def test_without_a_diagnosis_every_failing_row_of_a_short_report_is_open(page: Page) -> None:
    rows = report_rows(page, NON_FINITE, "2 of 6 tests passed.")
    assert page.locator("#results aside.callout").count() == 0
    assert [row["open"] for row in rows] == [row["status"] != "passed" for row in rows]


def test_no_value_is_shown_as_both_a_table_and_a_heatmap(
    concatenated_halves: list[dict[str, Any]],
) -> None:
    for row in concatenated_halves:
        heatmapped = {caption.split(" (")[0] for caption in row["heatmaps"]}
        assert not heatmapped & set(row["tables"]), row["id"]
    views = {row["id"]: (row["tables"], row["heatmaps"]) for row in concatenated_halves}
    # Small 2-D results are tables; the 50×16 one is a heatmap with its difference map.
    assert views["row-0"] == (["Yours", "Expected"], [])
    assert views["example-3x4"] == (["Yours", "Expected"], [])
    assert views["interleaving"] == (
        [],
        ["Yours (50×16)", "Expected (50×16)", "Difference (yours − expected)"],
    )


def test_no_row_repeats_its_called_line(concatenated_halves: list[dict[str, Any]]) -> None:
    called = [row for row in concatenated_halves if row["call"]]
    assert {row["id"] for row in called} >= set(FAILING_ROWS)
    for row in called:
        # The call is shown once, in the Call field; the message keeps what follows its line.
        assert f"Called {row['call']}" not in row["text"], row["id"]
        assert row["message"].strip(), row["id"]
