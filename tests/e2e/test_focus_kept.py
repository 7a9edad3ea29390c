"""A re-render of the results keeps the focus on the row of the same test: a second run started
from a focused row (Ctrl+Enter works anywhere) ends with that test's row focused again, and a
focus elsewhere is left where it is."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.api.conftest import SOLUTION
from tests.e2e.test_practice_page import CONCATENATED_HALVES, EXPONENT_USES_I, open_exercise, run

pytestmark = pytest.mark.browser

FOCUSED_TEST = """() => {
  const active = document.activeElement;
  const row = active?.closest("#results li.test");
  return row && (active === row || active.matches("summary")) ? row.dataset.testId : null;
}"""


def run_again_from_the_keyboard(page: Page, code: str, runs_before: int) -> None:
    """Put `code` in the editor (without moving the focus), press Ctrl+Enter, wait for its report."""
    page.evaluate("code => window.gradebox.setCode(code)", code)
    page.keyboard.press("Control+Enter")
    expect(page.locator(".history-item")).to_have_count(runs_before + 1)
    expect(page.locator("#results .report")).to_be_visible()


@pytest.mark.parametrize(
    ("second", "verdict"),
    [
        pytest.param(CONCATENATED_HALVES, "3 of 6 tests passed.", id="same-code-again"),
        pytest.param(EXPONENT_USES_I, "4 of 6 tests passed.", id="another-mistake"),
        pytest.param(SOLUTION, "6 of 6 tests passed.", id="now-passing"),
    ],
)
def test_a_focused_row_keeps_the_focus_through_a_second_run(
    page: Page, second: str, verdict: str
) -> None:
    open_exercise(page)
    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")
    page.locator('#results li.test[data-test-id="interleaving"] summary').focus()
    run_again_from_the_keyboard(page, second, runs_before=1)
    expect(page.locator("#results .verdict-text")).to_have_text(verdict)
    assert page.evaluate(FOCUSED_TEST) == "interleaving"


def test_the_focus_inside_a_row_comes_back_to_that_row(page: Page) -> None:
    open_exercise(page)
    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")
    row = page.locator('#results li.test[data-test-id="interleaving"]')
    row.locator("summary").click()  # collapsed under the callout: open it
    row.locator(".heatmap-row").focus()
    run_again_from_the_keyboard(page, CONCATENATED_HALVES, runs_before=1)
    assert page.evaluate(FOCUSED_TEST) == "interleaving"


def test_a_focus_outside_the_results_is_left_alone(page: Page) -> None:
    open_exercise(page)
    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")
    run_button = page.get_by_role("button", name="Run tests")
    run_button.focus()
    run_again_from_the_keyboard(page, CONCATENATED_HALVES, runs_before=1)
    expect(run_button).to_be_focused()
