"""The list page by section: headings in learning order, each with its progress."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from app.live_server import LiveServer
from tests.conftest import EXERCISES

STABLE_SOFTMAX = "stable-softmax"
SOLUTION = (EXERCISES / STABLE_SOFTMAX / "solution.py").read_text(encoding="utf-8")


def _sections_in_learning_order(page: Page) -> dict[str, list[str]]:
    """The API's list (already in learning order), grouped by section as the page should show it."""
    sections: dict[str, list[str]] = {}
    for item in page.request.get("/api/exercises").json():
        sections.setdefault(item["section"], []).append(f"/exercises/{item['slug']}")
    return sections


@pytest.mark.browser
def test_sections_and_their_exercises_come_in_learning_order(page: Page) -> None:
    page.goto("/")
    expected = _sections_in_learning_order(page)
    assert list(expected)[:2] == ["Transformer architecture", "Linear models"]
    sections = page.locator(".exercise-section")
    expect(sections).to_have_count(len(expected))
    for index, (title, hrefs) in enumerate(expected.items()):
        section = sections.nth(index)
        expect(section.get_by_role("heading", level=2)).to_have_text(title)
        links = section.locator(".exercise-card-title a")
        expect(links).to_have_count(len(hrefs))
        assert [links.nth(n).get_attribute("href") for n in range(len(hrefs))] == hrefs
        expect(section.locator(".section-progress-text")).to_have_text(f"0 of {len(hrefs)} passed")


@pytest.mark.browser
def test_a_sections_progress_counts_a_pass_in_it_and_no_other(
    page: Page, server: LiveServer
) -> None:
    page.goto("/")  # the learner's cookie, which page.request shares
    expected = _sections_in_learning_order(page)
    total = len(expected["Transformer architecture"])
    transformer = page.get_by_role("region", name="Transformer architecture")
    linear = page.get_by_role("region", name="Linear models")
    expect(transformer.locator(".section-progress-text")).to_have_text(f"0 of {total} passed")

    response = page.request.post(
        f"/api/exercises/{STABLE_SOFTMAX}/submissions",
        data={"code": SOLUTION},
        headers={"Origin": server.url},  # a cookie-authenticated POST must name its origin
    )
    assert response.json()["verdict"] == "passed"
    page.reload()

    expect(transformer.locator(".section-progress-text")).to_have_text(f"1 of {total} passed")
    bar = transformer.get_by_role("progressbar", name=f"Transformer architecture 1 of {total}")
    expect(bar).to_have_attribute("value", "1")
    expect(bar).to_have_attribute("max", str(total))
    expect(linear.locator(".section-progress-text")).to_have_text("0 of 1 passed")
