"""Revealed hints fit the page: no sideways scrolling, no text cut off, code scrolls in its block."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import Page, ViewportSize, expect

from scripts.browser import wait_for_editor
from tests.conftest import EXERCISES, FLAGSHIP

pytestmark = pytest.mark.browser

# The flagship, the exercise with the most hint text and the one with the longest hint line.
LONGEST_HINTS = max(EXERCISES.glob("*/hints.md"), key=lambda p: len(p.read_text())).parent.name
LONGEST_LINE = max(
    EXERCISES.glob("*/hints.md"),
    key=lambda p: max(len(line) for line in p.read_text().splitlines()),
).parent.name
SLUGS = sorted({FLAGSHIP, LONGEST_HINTS, LONGEST_LINE})
VIEWPORTS: dict[str, ViewportSize] = {
    "desktop": {"width": 1280, "height": 800},
    "phone": {"width": 375, "height": 812},
}

# The text boxes of revealed hints (the hint, its heading, body and the body's blocks) whose
# content is wider than the box, except blocks that scroll themselves (code, display maths).
CLIPPED_BOXES = """() => [...document.querySelectorAll(
    '#hints .hint, #hints .hint > *, #hints .hint .md > *, #hints .hint .md li')]
  .filter((el) => el.scrollWidth > el.clientWidth + 1)
  .filter((el) => !(el.matches('pre, .katex-display')
    && ['auto', 'scroll'].includes(getComputedStyle(el).overflowX)))
  .map((el) => `${el.tagName.toLowerCase()}: ${el.scrollWidth} > ${el.clientWidth}`)"""

PAGE_WIDTH = "() => [document.documentElement.scrollWidth, window.innerWidth]"
# On wide screens each pane scrolls on its own, so it would scroll sideways instead of the page.
PANES_SCROLLING_SIDEWAYS = """() => [...document.querySelectorAll('#statement-pane, #workspace')]
  .filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.id)"""


def reveal_every_hint(page: Page) -> int:
    """Press "Show hint k of N" until no hint is left; returns N. On a phone the hints are in
    the Results tab."""
    results_tab = page.get_by_role("tab", name="Results")
    if results_tab.is_visible():
        results_tab.click()
    hints = page.locator("#hints")
    first = hints.get_by_role("button", name=re.compile(r"^Show hint 1 of \d+$"))
    expect(first).to_be_visible()
    total = int(re.findall(r"\d+", first.inner_text())[-1])
    for k in range(1, total + 1):
        hints.get_by_role("button", name=f"Show hint {k} of {total}").click()
        expect(hints.locator(".hint-list > li")).to_have_count(k)
    expect(hints.get_by_text(f"All {total} hints shown.")).to_be_visible()
    return total


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
@pytest.mark.parametrize("slug", SLUGS)
def test_revealed_hints_never_make_the_page_scroll_sideways(
    page: Page, slug: str, viewport: ViewportSize
) -> None:
    page.set_viewport_size(viewport)
    page.goto(f"/exercises/{slug}")
    wait_for_editor(page)
    reveal_every_hint(page)

    scroll_width, inner_width = page.evaluate(PAGE_WIDTH)
    assert scroll_width <= inner_width, f"page is {scroll_width} px wide in {inner_width} px"
    assert page.evaluate(PANES_SCROLLING_SIDEWAYS) == []
    assert page.evaluate(CLIPPED_BOXES) == []


@pytest.mark.parametrize("slug", SLUGS)
def test_code_blocks_in_hints_are_keyboard_scrollable(page: Page, slug: str) -> None:
    page.set_viewport_size(VIEWPORTS["phone"])
    page.goto(f"/exercises/{slug}")
    wait_for_editor(page)
    reveal_every_hint(page)

    blocks = page.locator("#hints .hint-list pre")
    assert blocks.count() > 0
    for i in range(blocks.count()):
        block = blocks.nth(i)
        expect(block).to_have_attribute("tabindex", "0")
        expect(block).to_have_accessible_name(re.compile(r"^Code from hint \d+"))
