""" "Try your own call" on the practice page (scratch.js) and printed output per test (report.js),
against a real server and its real sandbox: no answer is stood in for unless the state cannot be
caused from the page (an internal error, a rate limit, an exercise that takes no calls).

The tables' expected values are computed here with plain NumPy from the formula
PE[pos, 2i] = sin(pos / 10000^(2i/d)), PE[pos, 2i+1] = cos(pos / 10000^(2i/d)).
"""

from __future__ import annotations

import json
import re
from typing import Any

import numpy as np
import pytest
from playwright.sync_api import FloatRect, Locator, Page, Route, ViewportSize, expect

from graders.scratch import ScratchRun, ScratchStatus
from scripts.browser import SLUG, set_code
from tests.api.conftest import SOLUTION
from tests.e2e.test_layout import show_tab
from tests.e2e.test_practice_page import CONCATENATED_HALVES, open_exercise, run

pytestmark = pytest.mark.browser

Array = np.ndarray[Any, Any]
PHONE: ViewportSize = {"width": 375, "height": 812}
# style.css caps printed output at 16rem (16 px each); border-box, so padding is inside the cap.
PRINTED_CAP_PX = 16 * 16
DEFINITION = "def positional_encoding(max_len, d_model):\n"
PRINTING_HALVES = CONCATENATED_HALVES.replace(
    DEFINITION, DEFINITION + '    print(f"called with max_len={max_len}, d_model={d_model}")\n'
)
FLOOD_LINE = "flooding the output, line after line"
# About 74,000 characters per call: more than a run keeps (64,000) or a test's row shows (2,000).
PRINT_FLOOD = SOLUTION.replace(
    DEFINITION, DEFINITION + f"    print({FLOOD_LINE + chr(10)!r} * 2000)\n"
)


def sinusoidal_table(max_len: int, d_model: int) -> Array:
    """The flagship's answer, straight from the formula."""
    table = np.empty((max_len, d_model))
    for pos in range(max_len):
        for column in range(d_model):
            angle = pos / 10000 ** ((column - column % 2) / d_model)
            table[pos, column] = np.sin(angle) if column % 2 == 0 else np.cos(angle)
    return table


def scratch_result(page: Page) -> Locator:
    return page.locator("#scratch-result")


def try_call(page: Page, code: str, call: str) -> None:
    """Put `code` in the editor, type `call` and press Enter in the call's input."""
    set_code(page, code)
    if page.get_by_role("tab", name="Results").is_visible():  # a phone: the call is in Results
        show_tab(page, "Results")
    field = page.get_by_label("Call your function on arguments of your choice")
    field.fill(call)
    field.press("Enter")
    expect(scratch_result(page).locator(".scratch-run")).to_be_visible()


def table_values(region: Locator) -> Array:
    """The numbers of a preview table (report.js arrayTable), without its "(differs)" labels."""
    cells: list[list[str]] = region.evaluate(
        """el => [...el.querySelectorAll("tbody tr")].map(tr =>
             [...tr.querySelectorAll("td")].map(td => td.firstChild.textContent))"""
    )
    return np.array([[float(cell) for cell in row] for row in cells])


def box(locator: Locator) -> FloatRect:
    bounds = locator.bounding_box()
    assert bounds is not None, "not laid out"
    return bounds


def test_the_reference_solution_shows_its_table_and_matches_the_reference(page: Page) -> None:
    open_exercise(page)
    field = page.get_by_label("Call your function on arguments of your choice")
    expect(field).to_have_value("positional_encoding(4, 6)")  # the exercise's example
    set_code(page, SOLUTION)
    page.get_by_role("button", name="Run call").click()
    yours = page.get_by_role("region", name="Yours values, positional_encoding(4, 6)")
    expect(yours).to_be_visible()
    shown = table_values(yours)
    assert shown.shape == (4, 6)
    # The table shows 4 significant digits (dom.js formatNumber).
    np.testing.assert_allclose(shown, sinusoidal_table(4, 6), rtol=5e-4, atol=1e-12)
    expect(scratch_result(page).locator(".scratch-comparison")).to_contain_text(
        "matches the reference"
    )
    expect(page.locator("#live")).to_contain_text("It matches the reference's answer.")


def test_a_wrong_answer_stands_beside_the_reference_with_the_first_difference(
    page: Page,
) -> None:
    open_exercise(page)
    try_call(page, CONCATENATED_HALVES, "positional_encoding(4, 6)")
    result = scratch_result(page)
    reference = page.get_by_role("region", name="Reference values, positional_encoding(4, 6)")
    np.testing.assert_allclose(table_values(reference), sinusoidal_table(4, 6), rtol=5e-4)
    halves = sinusoidal_table(4, 6)[:, np.r_[0:6:2, 1:6:2]]  # sines first, then cosines
    yours = page.get_by_role("region", name="Yours values, positional_encoding(4, 6)")
    np.testing.assert_allclose(table_values(yours), halves, rtol=5e-4, atol=1e-12)
    expect(result.locator(".scratch-comparison")).to_contain_text(re.compile(r"Row 0, column 1 is"))
    # Both are 4×6 arrays: the difference map is drawn too, described in words.
    expect(result.locator(".heatmap-summary")).to_contain_text("14 of 24 cells differ")
    # Beside a call the second map is the reference's, not "expected".
    expect(
        result.get_by_role("img", name=re.compile(r"^Reference result: 4 by 6 heatmap"))
    ).to_be_visible()
    expect(result.get_by_role("img", name=re.compile(r"^Difference map"))).to_be_visible()
    expect(page.locator("#live")).to_contain_text("It differs from the reference's answer. Row 0")
    # The known mistake whose answer this is, named and explained (the same words as a report's).
    misconception = result.get_by_role(
        "complementary", name="Likely misconception: Sines in one half, cosines in the other"
    )
    expect(misconception).to_contain_text("interleaved layout")
    expect(page.locator("#live")).to_contain_text(
        "Likely misconception: Sines in one half, cosines in the other."
    )
    expect(result.locator(".scratch-outcome-label")).to_have_text(
        "Returned an answer unlike the reference's"
    )


def test_a_result_is_marked_stale_the_moment_the_code_changes(page: Page) -> None:
    open_exercise(page)
    try_call(page, CONCATENATED_HALVES, "positional_encoding(4, 6)")
    shown = scratch_result(page).locator(".scratch-run")
    misconception = shown.locator(".scratch-misconception")
    expect(misconception).to_be_visible()
    expect(shown).not_to_have_attribute("data-stale", "")
    # One keystroke at the end of the code, as a learner edits it.
    page.locator("#editor .cm-content").click()
    page.keyboard.press("Control+End")
    page.keyboard.type("#")
    expect(shown).to_have_attribute("data-stale", "")
    expect(misconception).to_be_hidden()  # it described the code as it was
    again = shown.get_by_role("button", name="Run the call again")
    expect(again).to_be_visible()
    page.keyboard.press("Control+z")  # the code the call ran on: current again
    expect(shown).not_to_have_attribute("data-stale", "")
    expect(misconception).to_be_visible()
    # Fixed and passed: the old wrong answer is not shown as current above the pass.
    run(page, SOLUTION, "6 of 6 tests passed.")
    expect(shown).to_have_attribute("data-stale", "")
    expect(misconception).to_be_hidden()
    again.click()  # the call on the code as it is now: a fresh, current result
    expect(page.get_by_role("button", name="Run call")).to_be_focused()  # not lost with it
    fresh = scratch_result(page).locator(".scratch-run")
    expect(fresh.locator(".scratch-comparison.scratch-matches")).to_be_visible()
    expect(fresh).not_to_have_attribute("data-stale", "")


@pytest.mark.parametrize(
    ("viewport", "side_by_side"),
    [({"width": 1280, "height": 900}, True), (PHONE, False)],
    ids=["desktop", "phone"],
)
def test_the_two_answers_stand_side_by_side_on_a_desktop_and_stacked_on_a_phone(
    page: Page, viewport: ViewportSize, side_by_side: bool
) -> None:
    page.set_viewport_size(viewport)
    open_exercise(page)
    try_call(page, CONCATENATED_HALVES, "positional_encoding(4, 6)")
    sides = scratch_result(page).locator(".scratch-side")
    expect(sides).to_have_count(2)
    yours, reference = box(sides.nth(0)), box(sides.nth(1))
    if side_by_side:
        assert reference["y"] == yours["y"]
        assert reference["x"] >= yours["x"] + yours["width"]
    else:
        assert reference["y"] >= yours["y"] + yours["height"]
        assert reference["x"] == yours["x"]


@pytest.mark.parametrize(
    ("call", "refusal", "facts"),
    [
        ("positional_encoding(5000, 4)", "out-of-range", ("max_len", "1 to 2048", "5000")),
        ("max_len", "not-one-call", ("positional_encoding(...)",)),
    ],
    ids=["out-of-range-argument", "not-a-call"],
)
def test_a_refused_call_says_why(
    page: Page, call: str, refusal: str, facts: tuple[str, ...]
) -> None:
    open_exercise(page)
    try_call(page, SOLUTION, call)
    expect(scratch_result(page).locator(".scratch-run")).to_have_attribute("data-refusal", refusal)
    outcome = scratch_result(page).locator(".scratch-outcome")
    expect(outcome).to_contain_text("The call was not made")
    message = outcome.locator(".scratch-message")
    for fact in facts:  # the reason, in the page and announced
        expect(message).to_contain_text(fact)
        expect(page.locator("#live")).to_contain_text(fact)
    expect(page.locator("#live")).to_contain_text(message.inner_text())
    expect(scratch_result(page).locator(".scratch-side")).to_have_count(0)


def test_a_raised_error_names_its_line_and_goes_there(page: Page) -> None:
    raising = SOLUTION.replace(DEFINITION, DEFINITION + "    raise ValueError('not yet')\n")
    open_exercise(page)
    try_call(page, raising, "positional_encoding(4, 6)")
    result = scratch_result(page)
    expect(result.locator(".scratch-outcome")).to_contain_text(
        "The call raised ValueError on line 5: not yet"
    )
    expect(result.locator(".scratch-side").first).to_contain_text("the call did not return")
    result.get_by_role("button", name="Go to line 5 in the editor").click()
    expect(page.locator(".cm-activeLine")).to_contain_text("raise ValueError('not yet')")


def test_a_print_flood_is_capped_with_a_note_and_a_box_of_capped_height(page: Page) -> None:
    open_exercise(page)
    try_call(page, PRINT_FLOOD, "positional_encoding(4, 6)")
    printed = page.get_by_role("region", name="Printed by positional_encoding(4, 6)")
    expect(printed).to_contain_text(f"{FLOOD_LINE}\n{FLOOD_LINE}\n")
    expect(scratch_result(page).locator(".printed-note")).to_have_text("The output was cut short.")
    height, scroll_height = printed.evaluate("el => [el.clientHeight, el.scrollHeight]")
    assert box(printed)["height"] <= PRINTED_CAP_PX
    assert scroll_height > 10 * height, "the whole flood is in the box, to scroll through"
    expect(printed).to_have_attribute("tabindex", "0")


def test_a_failing_report_shows_what_each_test_printed_in_its_row(page: Page) -> None:
    open_exercise(page)
    run(page, PRINTING_HALVES, "3 of 6 tests passed.")
    row = page.locator('#results li.test[data-test-id="example-3x4"]')
    row.locator("details").evaluate("details => { details.open = true; }")
    expect(row.locator(".printed-title")).to_have_text("Printed during this test")
    printed = row.get_by_role("region", name="Printed during Matches the worked example")
    expect(printed).to_have_text("called with max_len=3, d_model=4\n")
    expect(printed).to_have_attribute("tabindex", "0")


def test_the_whole_runs_printed_output_has_a_capped_height(page: Page) -> None:
    open_exercise(page)
    run(page, PRINT_FLOOD, "6 of 6 tests passed.")
    page.locator("#results .stdout summary").click()
    printed = page.get_by_role("region", name="Printed output of the whole run")
    expect(printed).to_be_visible()
    assert box(printed)["height"] <= PRINTED_CAP_PX
    expect(page.locator("#results .stdout .printed-note")).to_have_text("The output was cut short.")
    # A test's own output is cut at 2,000 characters, the grader's note shown under its box (the
    # run keeps 64,000 characters in all, so only the first test to print gets any).
    page.locator("#results li.test details").evaluate_all(
        "all => all.forEach(d => { d.open = true; })"
    )
    expect(page.locator("#results .test-printed .printed-note")).to_have_text(
        re.compile(r"^The output was cut short here; [\d,]+ more characters were printed\.$")
    )
    row_box = page.locator("#results .test-printed .printed-output")
    assert box(row_box)["height"] <= PRINTED_CAP_PX


def test_the_call_is_reachable_and_runs_by_keyboard(page: Page) -> None:
    open_exercise(page)
    set_code(page, SOLUTION)
    page.locator("#results-heading").focus()
    field = page.locator("#scratch-call")
    for _ in range(10):
        page.keyboard.press("Tab")
        if field.evaluate("el => el === document.activeElement"):
            break
    expect(field).to_be_focused()
    page.keyboard.press("Tab")
    expect(page.get_by_role("button", name="Run call")).to_be_focused()
    page.keyboard.press("Enter")
    expect(scratch_result(page).locator(".scratch-comparison")).to_contain_text(
        "matches the reference"
    )


def test_the_section_is_absent_when_the_exercise_takes_no_calls(page: Page) -> None:
    def without_scratch(route: Route) -> None:
        response = route.fetch()
        route.fulfill(response=response, json={**response.json(), "scratch": None})

    page.route(f"**/api/exercises/{SLUG}", without_scratch)
    open_exercise(page)
    expect(page.locator("#exercise-title")).not_to_have_text("Loading the exercise…")
    expect(page.locator("#scratch")).to_be_hidden()


def test_a_problem_on_our_side_is_never_blamed_on_the_learner(page: Page) -> None:
    # The sandbox failing cannot be caused from the page: the server's answer is stood in for.
    failure = ScratchRun(
        exercise=SLUG,
        status=ScratchStatus.INTERNAL_ERROR,
        message="The grading sandbox is unavailable. This is our fault, not yours; please submit again in a moment.",
        call="positional_encoding(4, 6)",
    )
    page.route(
        f"**/api/exercises/{SLUG}/scratch",
        lambda route: route.fulfill(json=json.loads(failure.model_dump_json())),
    )
    open_exercise(page)
    try_call(page, SOLUTION, "positional_encoding(4, 6)")
    outcome = scratch_result(page).locator(".scratch-outcome")
    expect(outcome).to_contain_text("A problem on our side, not in your code")
    expect(scratch_result(page)).not_to_contain_text("Your function")


def test_a_rate_limited_call_says_when_to_try_again(page: Page) -> None:
    detail = "At most 10 scratch runs a minute; try again in 7 s."
    page.route(
        f"**/api/exercises/{SLUG}/scratch",
        lambda route: route.fulfill(
            status=429,
            headers={"Retry-After": "7", "Content-Type": "application/problem+json"},
            body=json.dumps(
                {
                    "type": "about:blank",
                    "title": "Too Many Requests",
                    "status": 429,
                    "detail": detail,
                }
            ),
        ),
    )
    open_exercise(page)
    set_code(page, SOLUTION)
    page.get_by_role("button", name="Run call").click()
    notice = scratch_result(page).locator(".notice")
    expect(notice).to_contain_text("Please wait a moment")
    expect(notice).to_contain_text(detail)
    expect(notice).not_to_contain_text("run the tests")


def test_the_properties_after_a_pass_are_drawn_from_real_scratch_runs(page: Page) -> None:
    open_exercise(page)
    run(page, SOLUTION, "6 of 6 tests passed.")
    properties = page.locator("#after-pass .properties")
    expect(properties.get_by_role("heading", name="Your table's properties")).to_be_visible()
    expect(properties).to_contain_text("every position gets a distinct row")


def test_the_call_field_is_labelled_and_described_by_its_arguments(page: Page) -> None:
    open_exercise(page)
    field = page.get_by_label("Call your function on arguments of your choice")
    expect(field).to_have_attribute("aria-describedby", "scratch-help")
    expect(page.locator("#scratch-help li")).to_have_text(
        ["max_len: an int from 1 to 2048", "d_model: an int from 1 to 512"]
    )
    assert field.evaluate("el => getComputedStyle(el).fontFamily").startswith("ui-monospace")
