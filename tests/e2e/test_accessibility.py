"""axe-core finds no WCAG 2.1 A/AA or best-practice violation in any state of the practice page."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, ViewportSize, expect

from app.live_server import LiveServer
from graders.exercise import load_exercise
from scripts.browser import VIEWPORT, set_code
from tests.api.conftest import SOLUTION
from tests.conftest import EXERCISES, FLAGSHIP
from tests.e2e.conftest import TIMEOUT_MS
from tests.e2e.test_heatmap_keyboard import heatmap_cells
from tests.e2e.test_layout import TABS, show_tab
from tests.e2e.test_practice_page import (
    CONCATENATED_HALVES,
    DIAGNOSIS,
    HINT_TITLES,
    SYNTAX_ERROR,
    open_exercise,
    run,
)
from tests.e2e.test_scratch_run import PRINT_FLOOD, PRINTING_HALVES, try_call

pytestmark = pytest.mark.browser

AXE = Path(__file__).resolve().parents[2] / "static/node_modules/axe-core/axe.min.js"
RULE_SETS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
PHONE: ViewportSize = {"width": 375, "height": 812}
# Just over the limit the page checks: the flagship's own, under the default ceilings the e2e
# server keeps.
SOURCE_BYTES = load_exercise(EXERCISES / FLAGSHIP).limits.source_bytes
PADDING = "# padding\n"
TOO_LONG = "x = 1\n" + PADDING * (SOURCE_BYTES // len(PADDING) + 1)


def fail_with_the_diagnosis(page: Page) -> None:
    open_exercise(page)
    if page.get_by_role("tab", name="Code").is_visible():  # a phone: Run is in the Code tab
        show_tab(page, "Code")
    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")
    expect(page.locator("#results .callout-title")).to_have_text(DIAGNOSIS)
    # The heatmaps are in a row the callout explains, so it starts collapsed: open it for axe.
    page.locator('#results li.test[data-test-id="interleaving"] summary').click()
    expect(page.locator("#results canvas[role='img']").first).to_be_visible()


def the_list(page: Page) -> None:
    page.goto("/")
    expect(page.locator(".exercise-card").first).to_be_visible()


def fresh_exercise(page: Page) -> None:
    open_exercise(page)
    expect(page.locator("#statement .katex").first).to_be_visible()


def every_hint_revealed(page: Page) -> None:
    open_exercise(page)
    hints = page.locator("#hints")
    for k in range(1, len(HINT_TITLES) + 1):
        hints.get_by_role("button", name=f"Show hint {k} of {len(HINT_TITLES)}").click()
        expect(hints.locator(".hint-list > li")).to_have_count(k)


def passed_with_the_editorial_open(page: Page) -> None:
    open_exercise(page)
    run(page, SOLUTION, "6 of 6 tests passed.")
    after = page.locator("#after-pass")
    after.get_by_text("Read the editorial").click()
    expect(after.locator(".editorial h2").first).to_be_visible()
    expect(after.locator(".editorial")).not_to_contain_text("Loading the editorial")


def history_run_compared_with_the_editor(page: Page) -> None:
    open_exercise(page)
    run(page, CONCATENATED_HALVES, "3 of 6 tests passed.")
    run(page, SOLUTION, "6 of 6 tests passed.")
    page.get_by_role("button", name=re.compile(r"^Run 1,")).click()
    page.get_by_role("button", name="Compare with editor").click()
    expect(page.get_by_role("group", name="Changes from Run 1 to your editor")).to_be_visible()


def syntax_error(page: Page) -> None:
    open_exercise(page)
    run(page, SYNTAX_ERROR, "Your code has a SyntaxError on line 3.")


def code_too_long(page: Page) -> None:
    open_exercise(page)
    set_code(page, TOO_LONG)
    page.get_by_role("button", name="Run tests").click()
    expect(page.locator("#results .notice")).to_contain_text("Your code is too long")


def passed_with_the_properties_drawn(page: Page) -> None:
    open_exercise(page)
    run(page, SOLUTION, "6 of 6 tests passed.")
    expect(page.locator("#after-pass .properties [role='img']")).to_have_count(4)


def heatmap_cell_read_by_keyboard(page: Page) -> None:
    cells = heatmap_cells(page)
    cells.focus()
    cells.press("ArrowRight")
    expect(cells.locator(".heatmap-cursor:visible")).to_have_count(3)
    expect(page.locator("#results .heatmap-keys")).to_be_visible()


def scratch_call_beside_the_reference(page: Page) -> None:
    open_exercise(page)
    try_call(page, CONCATENATED_HALVES, "positional_encoding(4, 6)")
    expect(page.locator("#scratch-result .heatmap-summary")).to_be_visible()
    page.locator("#scratch-result .scratch-arguments-made summary").click()


def scratch_call_refused(page: Page) -> None:
    open_exercise(page)
    try_call(page, SOLUTION, "positional_encoding(5000, 4)")
    expect(page.locator("#scratch-result .scratch-outcome")).to_contain_text("max_len must be")


def scratch_call_gone_stale(page: Page) -> None:
    open_exercise(page)
    try_call(page, CONCATENATED_HALVES, "positional_encoding(4, 6)")
    page.locator("#editor .cm-content").click()
    page.keyboard.press("Control+End")
    page.keyboard.type("#")
    expect(page.locator("#scratch-result .scratch-run[data-stale]")).to_be_visible()


def scratch_call_the_reference_raises_on(page: Page) -> None:
    open_exercise(page)
    try_call(page, SOLUTION, "positional_encoding(4, 5)")  # odd d_model
    expect(page.locator(".scratch-run[data-reference-missing='reference-raised']")).to_be_visible()


def scratch_call_flooding_its_output(page: Page) -> None:
    open_exercise(page)
    try_call(page, PRINT_FLOOD, "positional_encoding(40, 40)")  # a 40×40 answer: heatmaps
    expect(page.locator("#scratch-result .printed-note")).to_be_visible()


def failing_run_with_printed_output(page: Page) -> None:
    open_exercise(page)
    run(page, PRINTING_HALVES, "3 of 6 tests passed.")
    page.locator("#results li.test details").evaluate_all(
        "all => all.forEach(d => { d.open = true; })"
    )
    page.locator("#results .stdout summary").click()
    expect(page.locator("#results .test-printed").first).to_be_visible()


def on_a_phone_tab(name: str) -> Callable[[Page], None]:
    """The fresh exercise with one of the phone's tabs open."""

    def reach(page: Page) -> None:
        open_exercise(page)
        expect(page.locator("#statement .katex").first).to_be_attached()
        show_tab(page, name)

    return reach


@dataclass(frozen=True)
class State:
    name: str
    reach: Callable[[Page], None]
    context: dict[str, Any] = field(default_factory=dict)


STATES = [
    State("exercise-list", the_list),
    State("exercise-fresh", fresh_exercise),
    State("every-hint-revealed", every_hint_revealed),
    State("failing-run-diagnosed", fail_with_the_diagnosis),
    State("passed-editorial-open", passed_with_the_editorial_open),
    State("history-run-compared", history_run_compared_with_the_editor),
    State("syntax-error", syntax_error),
    State("code-too-long", code_too_long),
    State("passed-properties-drawn", passed_with_the_properties_drawn),
    State(
        "dark-passed-properties-drawn", passed_with_the_properties_drawn, {"color_scheme": "dark"}
    ),
    State("heatmap-cell-read-by-keyboard", heatmap_cell_read_by_keyboard),
    State(
        "dark-heatmap-cell-read-by-keyboard",
        heatmap_cell_read_by_keyboard,
        {"color_scheme": "dark"},
    ),
    State("dark-failing-run", fail_with_the_diagnosis, {"color_scheme": "dark"}),
    State("phone-failing-run", fail_with_the_diagnosis, {"viewport": PHONE}),
    State("scratch-call-beside-the-reference", scratch_call_beside_the_reference),
    State(
        "dark-scratch-call-beside-the-reference",
        scratch_call_beside_the_reference,
        {"color_scheme": "dark"},
    ),
    State(
        "phone-scratch-call-beside-the-reference",
        scratch_call_beside_the_reference,
        {"viewport": PHONE},
    ),
    State("scratch-call-refused", scratch_call_refused),
    State("scratch-call-gone-stale", scratch_call_gone_stale),
    State("dark-scratch-call-gone-stale", scratch_call_gone_stale, {"color_scheme": "dark"}),
    State("scratch-call-the-reference-raises-on", scratch_call_the_reference_raises_on),
    State("scratch-call-flooding-its-output", scratch_call_flooding_its_output),
    State("failing-run-with-printed-output", failing_run_with_printed_output),
    *(
        State(f"phone-{name.lower()}-tab", on_a_phone_tab(name), {"viewport": PHONE})
        for name in TABS
    ),
]


@pytest.fixture
def state_context(
    request: pytest.FixtureRequest, browser: Browser, server: LiveServer
) -> Iterator[BrowserContext]:
    """The conftest's fresh context, with this state's colour scheme or viewport."""
    options: dict[str, Any] = {
        "base_url": server.url,
        "viewport": VIEWPORT,
        "color_scheme": "light",
        "reduced_motion": "reduce",
        "bypass_csp": True,  # the page's CSP rightly refuses the injected axe script
    }
    options.update(request.param.context)
    fresh = browser.new_context(**options)
    fresh.set_default_timeout(TIMEOUT_MS)
    yield fresh
    fresh.close()


def describe(violations: list[dict[str, Any]]) -> str:
    lines = []
    for violation in violations:
        lines.append(f"{violation['id']} ({violation['impact']}): {violation['help']}")
        for node in violation["nodes"]:
            summary = " ".join(node.get("failureSummary", "").split())
            lines.append(f"    {node['target']}: {summary}")
    return "\n".join(lines)


@pytest.mark.parametrize("state_context", STATES, ids=lambda s: s.name, indirect=True)
def test_no_axe_violations(state_context: BrowserContext, request: pytest.FixtureRequest) -> None:
    state: State = request.node.callspec.params["state_context"]
    page = state_context.new_page()
    state.reach(page)
    page.add_script_tag(path=str(AXE))
    results = page.evaluate(
        "ruleSets => axe.run(document, {runOnly: ruleSets})",
        RULE_SETS,
    )
    assert results["passes"], "axe ran no checks"
    violations = results["violations"]
    assert violations == [], f"{len(violations)} axe violations:\n{describe(violations)}"


def test_the_code_too_long_notice_is_announced(page: Page) -> None:
    code_too_long(page)
    expect(page.locator("#live")).to_have_text(
        re.compile(r"^Your code is too long\. Your code is [\d,]+ bytes; at most [\d,]+ bytes")
    )
