"""The practice page in headless Chromium against a real `gradebox serve` (see conftest.py)."""

from __future__ import annotations

import re
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Error, Locator, Page, Request, Route, expect

from app.live_server import LiveServer
from scripts.browser import EXERCISE_PATH, get_code, set_code, wait_for_editor
from tests.api.conftest import SOLUTION
from tests.conftest import EXERCISES, FLAGSHIP

FOLDER = EXERCISES / FLAGSHIP
STARTER = (FOLDER / "starter.py").read_text(encoding="utf-8")
CONCATENATED_HALVES = (FOLDER / "mistakes/concatenated-halves.py").read_text(encoding="utf-8")
EXPONENT_USES_I = (FOLDER / "mistakes/exponent-uses-i.py").read_text(encoding="utf-8")
HINT_TITLES = re.findall(r"^## (.+)$", (FOLDER / "hints.md").read_text(encoding="utf-8"), re.M)
SYNTAX_ERROR = (
    "import numpy as np\n"
    "\n"
    "def positional_encoding(max_len, d_model)\n"
    "    return np.zeros((max_len, d_model))\n"
)
NON_FINITE = SOLUTION.replace(
    "    return pe\n",
    "    if max_len >= 3 and d_model >= 3:\n"
    "        pe[0, 0], pe[1, 1], pe[2, 2] = np.nan, np.inf, -np.inf\n"
    "    return pe\n",
)
DIAGNOSIS = "Sines in one half, cosines in the other"
EXERCISE_BUNDLE = re.compile(r"/static/dist/exercise-[A-Z0-9]{8}\.js")  # content-hashed name
DRAFT_KEY = f"gradebox:v1:draft:{FLAGSHIP}"
IN_EDITOR = "() => document.activeElement?.closest('.cm-editor') != null"


def open_exercise(page: Page) -> None:
    page.goto(EXERCISE_PATH)
    wait_for_editor(page)


def verdict(page: Page) -> Locator:
    return page.locator("#results .verdict-text")


def run(page: Page, code: str, expected_verdict: str) -> None:
    """Put `code` in the editor, press Run tests and wait for its verdict."""
    set_code(page, code)
    page.get_by_role("button", name="Run tests").click()
    expect(verdict(page)).to_have_text(expected_verdict)


def exercise_card_badge(page: Page) -> Locator:
    return page.locator(
        f'.exercise-card:has(a[href="{EXERCISE_PATH}"]) .exercise-card-status .badge'
    )


def walk_through_normal_flows(page: Page) -> None:
    """Load, fail, take a hint, pass, open an older run, reload, go to the list."""
    open_exercise(page)
    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")
    page.locator("#hints").get_by_role("button", name=re.compile(r"^Show hint 1 of")).click()
    expect(page.locator("#hints .hint-list > li")).to_have_count(1)
    run(page, SOLUTION, "6 of 6 tests passed.")
    page.locator(".history-item").nth(1).click()
    expect(page.get_by_role("button", name="Restore this code")).to_be_visible()
    expect(verdict(page)).to_have_text("3 of 6 tests passed.")
    page.reload()
    wait_for_editor(page)
    expect(page.locator(".history-item")).to_have_count(2)
    page.goto("/")
    expect(exercise_card_badge(page)).to_have_text("Passed")


@pytest.mark.browser
def test_correct_solution_shows_six_of_six(page: Page) -> None:
    open_exercise(page)
    run(page, SOLUTION, "6 of 6 tests passed.")
    expect(page.locator("#results li.test")).to_have_count(6)
    expect(page.locator("#results li.test-passed")).to_have_count(6)
    expect(page.locator("#exercise-meta .badge")).to_have_text("Passed")


@pytest.mark.browser
def test_concatenated_halves_shows_interleaving_failure_diagnosis_and_heatmaps(
    page: Page,
) -> None:
    open_exercise(page)
    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")

    row = page.locator('#results li.test[data-test-id="interleaving"]')
    expect(row.locator(".test-summary .badge")).to_have_text("Failed")
    expect(row.locator("pre.message")).to_contain_text("Column 1 should be cos(pos * 1.0000)")

    # One callout under the verdict explains the misconception; the failing rows point to it.
    callout = page.locator("#results .report > aside.callout")
    expect(callout).to_have_count(1)
    expect(callout).to_have_attribute("aria-label", f"Likely misconception: {DIAGNOSIS}")
    expect(callout.locator(".callout-title")).to_have_text(DIAGNOSIS)
    expect(callout).to_contain_text("interleaved layout")
    expect(callout.locator(".callout-tests")).to_have_text(
        "Seen in 3 tests: Row 0 is [0, 1, 0, 1, ...] · Matches the worked example"
        " · Even columns are sines, odd columns cosines"
    )
    expect(callout.get_by_role("button", name="Show hint 3")).to_be_visible()
    reference = row.locator(".callout-ref")
    expect(reference).to_have_text(f"Likely misconception: {DIAGNOSIS}. See above")
    row.locator("summary").click()  # collapsed: only the first failing row opens under a callout
    reference.get_by_role("button", name="See above").click()
    expect(callout).to_be_focused()

    # Yours / expected / difference, each a canvas with a text alternative.
    maps = row.locator("canvas[role='img']")
    expect(maps).to_have_count(3)
    expect(row.locator(".heatmap figcaption")).to_have_text(
        ["Yours (50×16)", "Expected (50×16)", "Difference (yours − expected)"]
    )
    labels = maps.evaluate_all("canvases => canvases.map(c => c.getAttribute('aria-label'))")
    for label, whose in zip(labels[:2], ("Your result:", "Expected result:"), strict=True):
        assert label.startswith(f"{whose} 50 by 16 heatmap")  # its size, first
        assert "from -1 to 1" in label  # then its range of values
    assert "outlined" in labels[0]  # yours marks the cells that differ
    assert "outlined" not in labels[1]
    difference = re.fullmatch(
        r"Difference map\. ((\d+) of 800 cells differ by more than [0-9.]+e−4; largest difference "
        r"1\.997 at row \d+, column \d+\.)",
        labels[2],
    )
    assert difference, labels[2]
    assert 0 < int(difference.group(2)) < 800
    expect(row.locator(".heatmap-summary")).to_have_text(difference.group(1))
    # Really drawn: three non-empty canvases with different pictures.
    pictures = maps.evaluate_all(
        "canvases => canvases.map(c => c.width > 0 && c.height > 0 ? c.toDataURL() : '')"
    )
    assert all(pictures)
    assert len(set(pictures)) == 3


@pytest.mark.browser
def test_a_diagnosis_arrives_rendered_with_its_math_typeset(page: Page) -> None:
    open_exercise(page)
    run(page, EXPONENT_USES_I, "4 of 6 tests passed.")
    callout = page.locator("#results .report > aside.callout")
    expect(callout.locator(".callout-title")).to_have_text("Exponent uses i instead of 2i")
    # The server's explanation_html: inline code as <code>, each $...$ as typeset KaTeX.
    expect(callout.locator("code").first).to_have_text("d_model = 4")
    expect(callout.locator(".katex")).to_have_count(3)
    assert "$" not in callout.inner_text()


@pytest.mark.browser
def test_syntax_error_marks_its_line_in_the_editor_gutter(page: Page) -> None:
    open_exercise(page)
    run(page, SYNTAX_ERROR, "Your code has a SyntaxError on line 3.")

    marker = page.locator(".cm-problem-gutter .cm-problem-marker").filter(visible=True)
    expect(marker).to_have_count(1)
    expect(marker).to_have_attribute("title", re.compile(r"^SyntaxError: "))
    expect(page.locator(".cm-line.cm-problem-line")).to_have_text(
        "def positional_encoding(max_len, d_model)"
    )
    # The marker sits level with line number 3.
    number = page.locator(".cm-lineNumbers .cm-gutterElement", has_text=re.compile(r"^3$"))
    marker_box = marker.bounding_box()
    number_box = number.bounding_box()
    assert marker_box is not None
    assert number_box is not None
    marker_middle = marker_box["y"] + marker_box["height"] / 2
    assert number_box["y"] <= marker_middle <= number_box["y"] + number_box["height"]


@pytest.mark.browser
def test_hints_reveal_in_order_and_survive_a_reload(page: Page) -> None:
    total = len(HINT_TITLES)
    assert total >= 3
    open_exercise(page)
    hints = page.locator("#hints")
    headings = hints.locator(".hint-list > li h3")
    expect(headings).to_have_count(0)

    hints.get_by_role("button", name=f"Show hint 1 of {total}").click()
    expect(headings).to_have_text([f"Hint 1: {HINT_TITLES[0]}"])
    hints.get_by_role("button", name=f"Show hint 2 of {total}").click()
    expect(headings).to_have_text([f"Hint 1: {HINT_TITLES[0]}", f"Hint 2: {HINT_TITLES[1]}"])

    page.reload()
    wait_for_editor(page)
    expect(headings).to_have_text([f"Hint 1: {HINT_TITLES[0]}", f"Hint 2: {HINT_TITLES[1]}"])
    expect(hints.get_by_role("button", name=f"Show hint 3 of {total}")).to_be_visible()


@pytest.mark.browser
def test_code_survives_a_reload(page: Page) -> None:
    open_exercise(page)
    assert get_code(page) == STARTER
    page.locator(".cm-content").click()
    page.keyboard.press("Control+End")
    page.keyboard.type("# kept after a reload")
    typed = STARTER + "# kept after a reload"
    assert get_code(page) == typed
    page.wait_for_function(
        "key => (localStorage.getItem(key) || '').includes('kept after a reload')", arg=DRAFT_KEY
    )

    page.reload()
    wait_for_editor(page)
    assert get_code(page) == typed
    expect(page.locator("#draft-note")).to_have_text(
        "Your saved code from this browser was restored."
    )


@pytest.mark.browser
def test_ctrl_enter_runs_the_tests(page: Page) -> None:
    open_exercise(page)
    set_code(page, SOLUTION)
    page.locator(".cm-content").click()
    page.keyboard.press("Control+Enter")
    expect(verdict(page)).to_have_text("6 of 6 tests passed.")
    assert get_code(page) == SOLUTION  # the shortcut did not also insert a line break


@pytest.mark.browser
def test_reset_to_starter_asks_before_discarding(page: Page) -> None:
    open_exercise(page)
    mine = "x = 1\n"
    set_code(page, mine)
    reset = page.get_by_role("button", name="Reset to starter")
    dialog = page.get_by_role("dialog", name="Reset to the starter code?")

    reset.click()
    expect(dialog).to_be_visible()
    assert get_code(page) == mine
    dialog.get_by_role("button", name="Keep my code").click()
    expect(dialog).to_be_hidden()
    expect(reset).to_be_focused()
    assert get_code(page) == mine

    reset.click()
    dialog.get_by_role("button", name="Reset", exact=True).click()
    expect(dialog).to_be_hidden()
    assert get_code(page) == STARTER


@pytest.mark.browser
def test_exercise_list_shows_status_after_a_submission(page: Page) -> None:
    page.goto("/")
    expect(exercise_card_badge(page)).to_have_text("Not tried")

    open_exercise(page)
    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")
    page.goto("/")
    expect(exercise_card_badge(page)).to_have_text("Failed")

    open_exercise(page)
    expect(page.locator("#exercise-meta .badge")).to_have_text("Failed")
    run(page, SOLUTION, "6 of 6 tests passed.")
    page.goto("/")
    expect(exercise_card_badge(page)).to_have_text("Passed")
    expect(page.locator("#progress")).to_contain_text("You have passed 1 of")


@pytest.mark.browser
def test_keyboard_focus_leaves_the_editor_with_escape_then_tab(page: Page) -> None:
    open_exercise(page)
    set_code(page, "x = 1\n")
    page.locator(".cm-content").click()
    page.keyboard.press("Control+Home")

    page.keyboard.press("Tab")  # inside the editor, Tab indents
    assert page.evaluate(IN_EDITOR)
    assert get_code(page) == "    x = 1\n"

    page.keyboard.press("Escape")
    page.keyboard.press("Tab")
    assert not page.evaluate(IN_EDITOR)
    assert page.evaluate("() => document.activeElement !== document.body")
    assert get_code(page) == "    x = 1\n"


@pytest.mark.browser
def test_results_are_announced_in_an_aria_live_region(page: Page) -> None:
    open_exercise(page)
    live = page.locator("#live")
    expect(live).to_have_attribute("aria-live", "polite")
    expect(live).to_have_attribute("role", "status")
    expect(live).to_have_text("")

    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")
    expect(live).to_have_text(
        "3 of 6 tests passed. Likely misconception: Sines in one half, cosines in the other."
    )  # the misconception is named, not only counted
    run(page, SYNTAX_ERROR, "Your code has a SyntaxError on line 3.")
    expect(live).to_have_text(
        "Your code has a SyntaxError on line 3. Line 3 is marked in the editor."
    )


@pytest.mark.browser
def test_pending_submission_shows_grading_not_an_error(page: Page) -> None:
    """With no events to follow (the stream refused), a submission the server has not graded
    yet reads "Grading…" and is asked for again until its report arrives."""
    polls: list[str] = []

    def pending(body: dict[str, Any]) -> dict[str, Any]:
        return {**body, "status": "pending", "verdict": None, "tests": [], "passed": 0, "total": 0}

    def on_submit(route: Route) -> None:
        if route.request.method != "POST":
            route.continue_()
            return
        response = route.fetch()
        route.fulfill(response=response, json=pending(response.json()))

    def on_poll(route: Route) -> None:
        polls.append(route.request.url)
        if len(polls) < 3:
            response = route.fetch()
            route.fulfill(response=response, json=pending(response.json()))
        else:
            route.continue_()

    page.route("**/api/exercises/*/submissions", on_submit)
    page.route("**/api/submissions/*", on_poll)
    page.route("**/api/submissions/*/events", lambda route: route.fulfill(status=503))
    open_exercise(page)
    set_code(page, SOLUTION)
    page.get_by_role("button", name="Run tests").click()

    expect(verdict(page)).to_have_text("Grading…")
    expect(page.locator("#results .verdict-pending")).to_be_visible()
    expect(page.locator("#results .notice")).to_have_count(0)
    expect(page.locator(".history-item .history-verdict")).to_have_text(["Grading…"])

    expect(verdict(page)).to_have_text("6 of 6 tests passed.")
    expect(page.locator(".history-item .history-verdict")).to_have_text(["Passed"])
    expect(page.locator("#live")).to_have_text("6 of 6 tests passed.")
    assert len(polls) == 3


@pytest.mark.browser
def test_non_finite_values_are_shown_distinctly(page: Page) -> None:
    open_exercise(page)
    run(page, NON_FINITE, "2 of 6 tests passed.")
    row = page.locator('#results li.test[data-test-id="example-3x4"]')
    yours = row.get_by_role("region", name="Yours values")
    expect(yours.locator(".nonfinite")).to_have_text(
        ["nan (not a number)", "inf (infinity)", "-inf (minus infinity)"]
    )
    expect(row.get_by_role("region", name="Expected values").locator(".nonfinite")).to_have_count(0)
    expect(row.locator("canvas")).to_have_count(0)  # a 3×4 result is a table, not also a heatmap


@pytest.mark.browser
def test_no_console_errors_on_normal_flows(page: Page) -> None:
    errors: list[str] = []

    def on_console(message: ConsoleMessage) -> None:
        if message.type == "error":
            errors.append(f"console: {message.text}")

    def on_page_error(error: Error) -> None:
        errors.append(f"pageerror: {error}")

    page.on("console", on_console)
    page.on("pageerror", on_page_error)
    walk_through_normal_flows(page)
    assert errors == []

    # The listeners do hear errors.
    with page.expect_console_message(lambda message: message.type == "error"):
        page.evaluate("() => console.error('probe')")
    with page.expect_event("pageerror"):
        page.evaluate("() => setTimeout(() => { throw new Error('thrown probe'); })")
    assert errors == ["console: probe", "pageerror: thrown probe"]


@pytest.mark.browser
def test_no_request_goes_to_another_host(page: Page, server: LiveServer) -> None:
    urls: list[str] = []

    def on_request(request: Request) -> None:
        urls.append(request.url)

    page.on("request", on_request)
    walk_through_normal_flows(page)
    assert any(EXERCISE_BUNDLE.fullmatch(url.removeprefix(server.url)) for url in urls)
    assert f"{server.url}/api/exercises/{FLAGSHIP}/submissions" in urls
    elsewhere = [url for url in urls if not url.startswith(f"{server.url}/")]
    assert elsewhere == []


@pytest.mark.browser
def test_first_load_of_the_exercise_page_transfers_under_1_mb(
    page: Page, server: LiveServer
) -> None:
    sizes: dict[str, int] = {}

    def on_finished(request: Request) -> None:
        sizes[request.url] = request.sizes()["responseBodySize"]

    page.on("requestfinished", on_finished)
    open_exercise(page)
    expect(page.locator("#statement .katex").first).to_be_visible()
    page.evaluate("() => document.fonts.ready.then(() => true)")
    page.wait_for_load_state("networkidle")

    bundle = next(url for url in sizes if EXERCISE_BUNDLE.fullmatch(url.removeprefix(server.url)))
    assert sizes[bundle] > 100_000
    assert sizes[f"{server.url}/api/exercises/{FLAGSHIP}"] > 0
    assert any(url.endswith(".woff2") for url in sizes)
    total = sum(sizes.values())
    breakdown = "\n".join(f"{size:>9} {url}" for url, size in sorted(sizes.items()))
    assert total < 1_000_000, f"{total} bytes:\n{breakdown}"
