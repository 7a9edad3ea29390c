"""The practice page's layout (static/src/layout.js): independent panes and a splitter on wide
screens, tabs on phones, the signature first, no sideways scrolling, nothing shifting on load."""

from __future__ import annotations

from typing import Any

import pytest
from playwright.sync_api import Locator, Page, ViewportSize, expect

from scripts.browser import EXERCISE_PATH, set_code, wait_for_editor
from tests.api.conftest import SOLUTION
from tests.e2e.test_practice_page import SYNTAX_ERROR

pytestmark = pytest.mark.browser

DESKTOP: ViewportSize = {"width": 1280, "height": 900}
PHONE: ViewportSize = {"width": 375, "height": 812}
VIEWPORTS = {"desktop": DESKTOP, "phone": PHONE}
# layout.js: below these widths a pane's content no longer fits usefully.
MIN_STATEMENT_PX = 300
MIN_WORKSPACE_PX = 420
TABS = {"Statement": "#statement-pane", "Code": "#editor-section", "Results": "#results-panel"}

# The page, and each pane (which would scroll sideways on its own instead of the page).
SCROLLING_SIDEWAYS = """() => [document.documentElement, ...document.querySelectorAll('.pane')]
  .filter((el) => el.scrollWidth > el.clientWidth).map((el) => el.id || el.tagName)"""
# Summed like CLS: every layout shift the page reports, from the start (buffered). Nothing is
# pressed while it loads, so none is left out as following the learner's input.
RECORD_LAYOUT_SHIFTS = """
window.layoutShifts = [];
new PerformanceObserver((list) => {
  for (const entry of list.getEntries()) window.layoutShifts.push(entry.value);
}).observe({ type: "layout-shift", buffered: true });
"""
LAYOUT_SHIFT_GOAL = 0.1


def open_at(page: Page, viewport: ViewportSize) -> None:
    page.set_viewport_size(viewport)
    page.goto(EXERCISE_PATH)
    wait_for_editor(page)


def show_tab(page: Page, name: str) -> None:
    """On a phone, open one of the tabs (Statement, Code, Results)."""
    tab = page.get_by_role("tab", name=name)
    tab.click()
    expect(tab).to_have_attribute("aria-selected", "true")


def width(locator: Locator) -> float:
    box = locator.bounding_box()
    assert box is not None, "not displayed"
    return box["width"]


def top(locator: Locator) -> float:
    box = locator.bounding_box()
    assert box is not None, "not displayed"
    return box["y"]


def aria_value(splitter: Locator, which: str) -> int:
    """The splitter's aria-valuemin, -now or -max: percent of the width for the statement."""
    return int(splitter.get_attribute(f"aria-value{which}") or "no value")


def splitter_centre(page: Page) -> tuple[float, float]:
    box = page.locator("#splitter").bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


def drag_splitter(page: Page, dx: float) -> None:
    x, y = splitter_centre(page)
    page.mouse.move(x, y)
    page.mouse.down()
    page.mouse.move(x + dx / 2, y, steps=4)
    page.mouse.move(x + dx, y, steps=4)
    page.mouse.up()


# ---------- Wide screens: two panes, a splitter ----------


def test_the_statement_scrolls_while_the_editor_stays_in_view(page: Page) -> None:
    open_at(page, DESKTOP)
    statement = page.locator("#statement-pane")
    editor = page.locator("#editor")
    editor_top = top(editor)
    assert statement.evaluate("el => el.scrollHeight > el.clientHeight"), "nothing to scroll"

    statement.hover()
    page.mouse.wheel(0, 1500)
    page.wait_for_function("() => document.getElementById('statement-pane').scrollTop > 500")

    assert page.evaluate("() => window.scrollY") == 0
    expect(editor).to_be_in_viewport()
    assert top(editor) == editor_top
    expect(page.locator("#run-button")).to_be_in_viewport()


def test_the_workspace_scrolls_on_its_own(page: Page) -> None:
    open_at(page, DESKTOP)
    page.locator("#results").hover()
    page.mouse.wheel(0, 400)
    page.wait_for_function("() => document.getElementById('workspace').scrollTop > 0")
    assert page.locator("#statement-pane").evaluate("el => el.scrollTop") == 0
    expect(page.locator("#exercise-title")).to_be_in_viewport()


def test_the_panes_fill_the_window_and_show_no_tabs(page: Page) -> None:
    open_at(page, DESKTOP)
    expect(page.get_by_role("tablist")).to_be_hidden()
    for pane in ("#statement-pane", "#workspace"):
        box = page.locator(pane).bounding_box()
        assert box is not None
        assert box["y"] + box["height"] <= DESKTOP["height"], f"{pane} runs past the window"
    # Both scroll: the keyboard reaches the statement itself, and everything in the workspace.
    expect(page.locator("#statement-pane")).to_have_attribute("tabindex", "0")


def test_the_splitter_is_a_keyboard_separator_for_the_statement(page: Page) -> None:
    open_at(page, DESKTOP)
    splitter = page.get_by_role("separator", name="Resize the statement and your workspace")
    expect(splitter).to_have_attribute("aria-orientation", "vertical")
    expect(splitter).to_have_attribute("aria-controls", "statement-pane")
    expect(splitter).to_have_attribute("tabindex", "0")
    assert aria_value(splitter, "min") < aria_value(splitter, "now") < aria_value(splitter, "max")


def test_dragging_the_splitter_moves_width_between_the_panes_and_is_remembered(
    page: Page,
) -> None:
    open_at(page, DESKTOP)
    statement, workspace = page.locator("#statement-pane"), page.locator("#workspace")
    before = width(statement), width(workspace)

    drag_splitter(page, -150)

    after = width(statement), width(workspace)
    assert after[0] == pytest.approx(before[0] - 150, abs=3)
    assert after[1] == pytest.approx(before[1] + 150, abs=3)
    page.reload()
    wait_for_editor(page)
    assert width(statement) == pytest.approx(after[0], abs=1)


@pytest.mark.parametrize("dx", [-2000, 2000], ids=["far-left", "far-right"])
def test_the_splitter_keeps_both_panes_usable(page: Page, dx: float) -> None:
    open_at(page, DESKTOP)
    drag_splitter(page, dx)
    assert width(page.locator("#statement-pane")) >= MIN_STATEMENT_PX
    assert width(page.locator("#workspace")) >= MIN_WORKSPACE_PX


def test_arrow_keys_home_and_end_move_the_splitter_and_it_is_remembered(page: Page) -> None:
    open_at(page, DESKTOP)
    splitter = page.locator("#splitter")
    statement = page.locator("#statement-pane")
    start = width(statement)
    value = aria_value(splitter, "now")

    splitter.focus()
    page.keyboard.press("ArrowRight")
    assert aria_value(splitter, "now") == value + 2
    assert width(statement) > start
    page.keyboard.press("ArrowLeft")
    page.keyboard.press("ArrowLeft")
    assert aria_value(splitter, "now") == value - 2
    assert width(statement) < start

    page.keyboard.press("Home")
    assert aria_value(splitter, "now") == aria_value(splitter, "min")
    assert width(statement) >= MIN_STATEMENT_PX
    page.keyboard.press("End")
    assert aria_value(splitter, "now") == aria_value(splitter, "max")
    assert width(page.locator("#workspace")) >= MIN_WORKSPACE_PX
    widest = width(statement)

    page.reload()
    wait_for_editor(page)
    assert width(statement) == pytest.approx(widest, abs=1)
    assert aria_value(splitter, "now") == aria_value(splitter, "max")


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_the_signature_and_the_tests_come_before_the_statement_text(
    page: Page, viewport: ViewportSize
) -> None:
    open_at(page, viewport)
    expect(page.locator("#signature pre")).to_contain_text("positional_encoding(max_len")
    expect(page.locator("#tests-info summary")).to_have_text("What the 6 tests check")
    title, signature, tests, text = (
        top(page.locator(selector))
        for selector in ("#exercise-title", "#signature", "#tests-info", "#statement")
    )
    assert title < signature < tests < text


# ---------- Phones: tabs ----------


def test_on_a_phone_each_tab_shows_its_own_panel(page: Page) -> None:
    open_at(page, PHONE)
    expect(page.get_by_role("separator")).to_be_hidden()
    for name, panel in TABS.items():
        show_tab(page, name)
        for other, other_panel in TABS.items():
            if other == name:
                expect(page.locator(panel)).to_be_visible()
                expect(page.get_by_role("tabpanel")).to_have_attribute("id", panel[1:])
            else:
                expect(page.locator(other_panel)).to_be_hidden()
                expect(page.get_by_role("tab", name=other)).to_have_attribute(
                    "aria-selected", "false"
                )


def test_on_a_phone_the_editor_is_one_tap_away(page: Page) -> None:
    open_at(page, PHONE)
    show_tab(page, "Code")
    expect(page.locator("#editor .cm-content")).to_be_in_viewport()
    expect(page.get_by_role("button", name="Run tests")).to_be_in_viewport()


def test_arrow_keys_move_between_the_tabs_and_only_the_chosen_tab_is_a_tab_stop(
    page: Page,
) -> None:
    open_at(page, PHONE)
    tab = {name: page.get_by_role("tab", name=name) for name in TABS}
    tab["Statement"].focus()
    for key, lands_on in [
        ("ArrowRight", "Code"),
        ("ArrowRight", "Results"),
        ("ArrowRight", "Statement"),  # wraps around
        ("ArrowLeft", "Results"),
        ("Home", "Statement"),
        ("End", "Results"),
    ]:
        page.keyboard.press(key)
        expect(tab[lands_on]).to_be_focused()
        expect(tab[lands_on]).to_have_attribute("aria-selected", "true")
        expect(page.locator(TABS[lands_on])).to_be_visible()
        tab_stops = page.get_by_role("tab").evaluate_all(
            "tabs => tabs.filter(t => t.tabIndex === 0).map(t => t.textContent)"
        )
        assert tab_stops == [lands_on]


@pytest.mark.parametrize("press", ["button", "keys"])
def test_running_the_tests_on_a_phone_shows_the_results_tab(page: Page, press: str) -> None:
    open_at(page, PHONE)
    show_tab(page, "Code")
    set_code(page, SOLUTION)
    if press == "button":
        page.get_by_role("button", name="Run tests").click()
    else:
        page.locator("#editor .cm-content").click()
        page.keyboard.press("Control+Enter")
    expect(page.get_by_role("tab", name="Results")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#results .verdict-text")).to_have_text("6 of 6 tests passed.")
    expect(page.locator("#results")).to_be_in_viewport()
    expect(page.locator("#editor-section")).to_be_hidden()
    if press == "keys":  # focus was in the editor, now hidden: it moves to the tab shown
        expect(page.get_by_role("tab", name="Results")).to_be_focused()


def test_on_a_phone_going_to_a_line_from_the_results_opens_the_code_tab(page: Page) -> None:
    open_at(page, PHONE)
    show_tab(page, "Code")
    set_code(page, SYNTAX_ERROR)
    page.get_by_role("button", name="Run tests").click()
    expect(page.locator("#results .verdict-text")).to_have_text(
        "Your code has a SyntaxError on line 3."
    )
    page.get_by_role("button", name="Go to line 3 in the editor").click()
    expect(page.get_by_role("tab", name="Code")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#editor .cm-content")).to_be_focused()
    expect(page.locator("#editor .cm-activeLine")).to_contain_text("def positional_encoding")


def test_on_a_phone_the_skip_link_opens_the_code_tab(page: Page) -> None:
    open_at(page, PHONE)
    page.keyboard.press("Tab")
    expect(page.get_by_role("link", name="Skip to the editor")).to_be_focused()
    page.keyboard.press("Enter")
    expect(page.get_by_role("tab", name="Code")).to_have_attribute("aria-selected", "true")
    expect(page.locator("#editor-heading")).to_be_focused()


# ---------- Both ----------


def test_nothing_scrolls_sideways_on_a_desktop(page: Page) -> None:
    open_at(page, DESKTOP)
    assert page.evaluate(SCROLLING_SIDEWAYS) == []


@pytest.mark.parametrize("name", TABS)
def test_no_phone_tab_scrolls_sideways(page: Page, name: str) -> None:
    open_at(page, PHONE)
    show_tab(page, name)
    assert page.evaluate(SCROLLING_SIDEWAYS) == []


@pytest.mark.parametrize("viewport", VIEWPORTS.values(), ids=VIEWPORTS.keys())
def test_nothing_shifts_while_the_page_loads(page: Page, viewport: ViewportSize) -> None:
    page.add_init_script(RECORD_LAYOUT_SHIFTS)
    open_at(page, viewport)
    expect(page.locator("#statement .katex").first).to_be_visible()
    page.evaluate("() => document.fonts.ready")
    page.wait_for_timeout(300)  # a shift from the last frame is reported a frame later
    shifts: list[Any] = page.evaluate("() => window.layoutShifts")
    assert sum(shifts) < LAYOUT_SHIFT_GOAL, f"layout shifts: {shifts}"
