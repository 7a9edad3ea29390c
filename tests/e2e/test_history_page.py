"""The history panel: numbered runs with their times, opening one, comparing it with the editor."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, expect

from app.live_server import LiveServer
from scripts.browser import EXERCISE_PATH, set_code, wait_for_editor
from tests.api.conftest import FLAGSHIP_URL, SOLUTION

pytestmark = pytest.mark.browser

RUNS = 3
PAGE_SIZE = 20  # history.js asks for this many submissions at a time


def attempt(k: int) -> str:
    """The reference solution, told apart from the other attempts by its last line."""
    return f"{SOLUTION}# attempt {k}\n"


def run_through_the_ui(page: Page, code: str) -> None:
    set_code(page, code)
    rows = page.locator(".history-item").count()
    page.get_by_role("button", name="Run tests").click()
    expect(page.locator("#results .verdict-text")).to_have_text("6 of 6 tests passed.")
    expect(page.locator(".history-item")).to_have_count(rows + 1)


@pytest.fixture
def three_runs(page: Page) -> Page:
    """Three passing runs a little over a second apart (so their times differ), then a reload."""
    page.goto(EXERCISE_PATH)
    wait_for_editor(page)
    for k in range(1, RUNS + 1):
        if k > 1:
            page.wait_for_timeout(1_100)
        run_through_the_ui(page, attempt(k))
    page.reload()
    wait_for_editor(page)
    expect(page.locator(".history-item")).to_have_count(RUNS)
    return page


def test_rows_are_numbered_oldest_first_with_distinct_times(three_runs: Page) -> None:
    rows = three_runs.locator(".history-item")
    expect(rows.locator(".history-run")).to_have_text(["Run 3", "Run 2", "Run 1"])
    times = rows.locator("time")
    texts = times.all_inner_texts()
    assert len(set(texts)) == RUNS, texts
    for i in range(RUNS):
        assert re.search(r"\d{1,2}:\d{2}:\d{2}", texts[i]), texts[i]
        expect(times.nth(i)).to_have_attribute("datetime", re.compile(r"^\d{4}-\d{2}-\d{2}T"))
        expect(times.nth(i)).to_have_attribute("title", re.compile(r"just now|ago"))
    expect(rows.first).to_have_accessible_name(re.compile(r"^Run 3, Passed, 6 of 6 tests passed"))


def test_opening_a_run_shows_restore_and_focuses_its_bar(three_runs: Page) -> None:
    page = three_runs
    page.get_by_role("button", name=re.compile(r"^Run 1,")).click()

    bar = page.get_by_role("group", name="Run 1")
    restore = bar.get_by_role("button", name="Restore this code")
    expect(restore).to_be_in_viewport()
    expect(bar).to_be_focused()
    focus_top = page.evaluate("() => document.activeElement.getBoundingClientRect().top")
    assert 0 <= focus_top < page.evaluate("() => window.innerHeight")


def test_compare_with_editor_shows_the_changed_line(three_runs: Page) -> None:
    page = three_runs
    page.get_by_role("button", name=re.compile(r"^Run 1,")).click()
    compare = page.get_by_role("button", name="Compare with editor")
    compare.click()

    diff = page.get_by_role("group", name="Changes from Run 1 to your editor")
    expect(diff).to_be_visible()
    expect(diff.locator(".diff-removed")).to_have_text(["removed: -# attempt 1"])
    expect(diff.locator(".diff-added")).to_have_text(["added: +# attempt 3"])
    expect(diff.locator(".diff-removed .diff-marker")).to_have_text(["-"])
    expect(page.locator(".run-diff-summary")).to_have_text(
        "From Run 1 (-) to your editor (+): 1 line added, 1 line removed."
    )
    expect(page.get_by_role("button", name="Hide comparison")).to_have_attribute(
        "aria-expanded", "true"
    )


def test_compare_says_so_when_the_editor_holds_the_same_code(three_runs: Page) -> None:
    page = three_runs
    page.get_by_role("button", name=re.compile(r"^Run 3,")).click()
    set_code(page, attempt(3))  # the latest run has no bar: open an earlier one for the button
    page.get_by_role("button", name=re.compile(r"^Run 2,")).click()
    set_code(page, attempt(2))
    page.get_by_role("button", name="Compare with editor").click()
    expect(page.locator(".run-diff")).to_have_text("Your editor holds exactly the code of Run 2.")


def test_older_pages_continue_the_numbering(page: Page, server: LiveServer) -> None:
    page.goto(EXERCISE_PATH)
    wait_for_editor(page)
    for k in range(PAGE_SIZE + 1):
        # The page's cookie, and the Origin the server asks of cookie requests (as fetch sends).
        response = page.request.post(
            f"{FLAGSHIP_URL}/submissions",
            data={"code": attempt(k)},
            headers={"Origin": server.url},
        )
        assert response.ok, response.text()
    page.reload()
    wait_for_editor(page)
    runs = page.locator(".history-item .history-run")
    expect(runs).to_have_count(PAGE_SIZE)
    expect(runs.first).to_have_text(f"Run {PAGE_SIZE + 1}")
    page.get_by_role("button", name="Show older submissions").click()
    expect(runs).to_have_count(PAGE_SIZE + 1)
    expect(runs.last).to_have_text("Run 1")
