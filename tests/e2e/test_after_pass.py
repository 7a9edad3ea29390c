"""After a pass the page says where to go next and opens the editorial, and not before."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from app.live_server import LiveServer
from scripts.browser import EXERCISE_PATH, set_code, wait_for_editor
from tests.conftest import EXERCISES

SOLUTION = (EXERCISES / "sinusoidal-positional-encoding" / "solution.py").read_text()
pytestmark = pytest.mark.browser


def test_a_pass_shows_the_next_exercise_and_opens_the_editorial(
    page: Page, server: LiveServer
) -> None:
    with server.client() as http:
        detail = http.get(EXERCISE_PATH.replace("/exercises/", "/api/exercises/")).json()
    page.goto(EXERCISE_PATH)
    wait_for_editor(page)
    after = page.locator("#after-pass")
    expect(after).to_be_hidden()  # nothing to offer before a pass

    set_code(page, SOLUTION)
    page.get_by_role("button", name="Run tests").click()
    expect(page.locator("#results .verdict-text")).to_have_text("6 of 6 tests passed.")
    expect(after).to_be_visible()
    link = after.get_by_role("link", name=detail["next"]["title"])
    expect(link).to_have_attribute("href", f"/exercises/{detail['next']['slug']}")
    after.get_by_text("Read the editorial").click()
    editorial = after.locator(".editorial")
    expect(editorial.locator("h2").first).to_be_visible()
    expect(editorial).not_to_contain_text("Loading the editorial")

    page.reload()  # a learner who passed earlier finds it on arrival
    wait_for_editor(page)
    expect(page.locator("#after-pass")).to_be_visible()
