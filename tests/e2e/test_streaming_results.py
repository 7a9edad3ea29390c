"""The page shows each test's result as the grader decides it, before the whole report."""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Page, expect

from app.live_server import LiveServer
from scripts.browser import EXERCISE_PATH, set_code, wait_for_editor
from tests.conftest import EXERCISES

SOLUTION = (EXERCISES / "sinusoidal-positional-encoding" / "solution.py").read_text()
# Right but for a busy loop on the one call only the later tests make (d_model 128): the tests
# decided before it are known a second or so before the report.
LATER_TESTS_SLOW = SOLUTION.replace(
    "def positional_encoding(max_len, d_model):",
    "def positional_encoding(max_len, d_model):\n"
    "    if d_model == 128:\n"
    "        total = 0\n"
    "        while total < 12_000_000:\n"
    "            total += 1",
    1,
)

pytestmark = pytest.mark.browser


@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """Room for a second of busy work in one call (the suite's default CPU limit is 1 s)."""
    folder = tmp_path_factory.mktemp("e2e-streaming")
    with LiveServer(folder, submissions_per_minute="0", cpu_seconds="5", wall_seconds="10") as live:
        yield live


def test_tests_decided_early_show_while_the_run_goes_on(page: Page) -> None:
    page.goto(EXERCISE_PATH)
    wait_for_editor(page)
    set_code(page, LATER_TESTS_SLOW)
    page.get_by_role("button", name="Run tests").click()
    results = page.locator("#results")
    shape = results.locator('.arriving-row[data-test="shape"]')
    expect(shape).to_have_attribute("data-status", "passed")
    # Still running: the whole report has not replaced the rows yet, and one test is waiting.
    expect(results.locator(".arriving-row[data-status=waiting]").first).to_be_visible()
    assert results.locator("li.test").count() == 0
    # The busy loop makes `vectorised` fail: the report then replaces the rows, all six tests.
    expect(results.locator(".verdict-text")).to_have_text("5 of 6 tests passed.", timeout=20_000)
    expect(results.locator("li.test")).to_have_count(6)
    expect(results.locator(".arriving-row")).to_have_count(0)


def test_the_result_is_announced_once_at_the_end(page: Page) -> None:
    page.goto(EXERCISE_PATH)
    wait_for_editor(page)
    set_code(page, SOLUTION)
    page.get_by_role("button", name="Run tests").click()
    expect(page.locator("#results .verdict-text")).to_have_text("6 of 6 tests passed.")
    live = page.locator("[aria-live]").filter(has_text="6 of 6 tests passed.")
    expect(live).to_have_count(1)
