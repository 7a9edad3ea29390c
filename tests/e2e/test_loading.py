"""Heavy code loads only when a page needs it: KaTeX with its stylesheet for math, the highlighter
for code, the heatmaps for a report with a 2-D array; and what it draws still appears, whole."""

from __future__ import annotations

import re

import pytest
from playwright.sync_api import ConsoleMessage, Page, Request, expect

from tests.e2e.test_practice_page import CONCATENATED_HALVES, SYNTAX_ERROR, open_exercise, run

pytestmark = pytest.mark.browser

LAZY = {
    "KaTeX": re.compile(r"/static/dist/chunks/math-[A-Z0-9]{8}\.js$"),
    "KaTeX's stylesheet": re.compile(r"/static/dist/katex/katex-[A-Z0-9]{8}\.css$"),
    "KaTeX's fonts": re.compile(r"/static/dist/katex/fonts/.+\.woff2$"),
    "the highlighter": re.compile(r"/static/dist/chunks/highlight-[A-Z0-9]{8}\.js$"),
    "the heatmaps": re.compile(r"/static/dist/chunks/heatmap-[A-Z0-9]{8}\.js$"),
}

# Set before the page's own code runs: notes, at every frame, whether the statement is in view
# while it still holds TeX source and no typeset formula.
WATCH_STATEMENT = """
window.texShown = false;
const look = () => {
  const statement = document.getElementById("statement");
  const inView = statement?.checkVisibility({ visibilityProperty: true });
  if (inView && /\\$/.test(statement.textContent) && !statement.querySelector(".katex")) {
    window.texShown = true;
  }
  if (!statement?.querySelector(".katex")) requestAnimationFrame(look);
};
requestAnimationFrame(look);
"""


class Requests:
    """The URLs a page asks for, and the console errors it logs (a CSP refusal is one)."""

    def __init__(self, page: Page) -> None:
        self.urls: list[str] = []
        self.errors: list[str] = []
        page.on("request", self.on_request)
        page.on("console", self.on_console)

    def on_request(self, request: Request) -> None:
        self.urls.append(request.url)

    def on_console(self, message: ConsoleMessage) -> None:
        if message.type == "error":
            self.errors.append(message.text)

    def fetched(self) -> set[str]:
        """Which of the lazy parts have been asked for."""
        return {name for name, url in LAZY.items() if any(url.search(u) for u in self.urls)}


def test_the_list_page_loads_none_of_the_heavy_code(page: Page) -> None:
    requests = Requests(page)
    page.goto("/")
    expect(page.locator(".exercise-card").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert requests.fetched() == set()
    assert requests.errors == []


def test_the_statement_loads_katex_and_the_highlighter_but_no_heatmaps(page: Page) -> None:
    requests = Requests(page)
    open_exercise(page)
    expect(page.locator("#statement .katex-display").first).to_be_visible()
    expect(page.locator("#signature code [class^='tok-']").first).to_be_visible()
    page.wait_for_load_state("networkidle")
    assert requests.fetched() == set(LAZY) - {"the heatmaps"}
    assert requests.errors == []


def test_the_statement_never_shows_tex_source(page: Page) -> None:
    page.add_init_script(WATCH_STATEMENT)
    open_exercise(page)
    expect(page.locator("#statement .katex").first).to_be_visible()
    assert page.evaluate("() => window.texShown") is False
    assert "$" not in page.locator("#statement").inner_text()


def test_the_watch_for_tex_source_does_see_it(page: Page) -> None:
    """The check above can fail: with KaTeX refused, the statement shows its TeX source."""
    page.add_init_script(WATCH_STATEMENT)
    page.route(LAZY["KaTeX"], lambda route: route.abort())
    open_exercise(page)
    expect(page.locator("#statement")).to_contain_text("$")
    page.wait_for_function("() => window.texShown")


def test_the_heatmap_code_arrives_with_the_first_report_of_a_2d_array(page: Page) -> None:
    requests = Requests(page)
    open_exercise(page)
    page.wait_for_load_state("networkidle")
    run(page, SYNTAX_ERROR, "Your code has a SyntaxError on line 3.")
    assert "the heatmaps" not in requests.fetched()

    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")
    assert "the heatmaps" in requests.fetched()
    row = page.locator('#results li.test[data-test-id="interleaving"]')
    if row.locator("details").get_attribute("open") is None:
        row.locator("summary").click()
    expect(row.locator(".heatmaps canvas[role='img']")).to_have_count(3)
    assert requests.errors == []


def test_the_code_of_an_older_run_is_highlighted(page: Page) -> None:
    open_exercise(page)
    run(page, SYNTAX_ERROR, "Your code has a SyntaxError on line 3.")
    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")
    page.locator(".history-item").nth(1).click()
    code = page.locator("#results-bar .viewing-code code")
    expect(code).to_contain_text("def positional_encoding(max_len, d_model)")
    expect(code.locator(".tok-keyword").first).to_have_text("import")
