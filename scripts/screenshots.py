"""Regenerate the README screenshots: docs/screenshots/passing.png, failing.png and scratch.png.

Runs a throwaway `gradebox serve` (temporary database) and Debian's Chromium, the same way as
the browser tests: 1280x900, light colour scheme.

    .venv/bin/python scripts/screenshots.py
"""

from __future__ import annotations

import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Page, expect  # noqa: E402

from app.live_server import LiveServer  # noqa: E402
from scripts.browser import (  # noqa: E402
    EXERCISE_PATH,
    SLUG,
    VIEWPORT,
    chromium,
    set_code,
    wait_for_editor,
)

OUT = ROOT / "docs" / "screenshots"
MISTAKE = (ROOT / "exercises" / SLUG / "mistakes/concatenated-halves.py").read_text(
    encoding="utf-8"
)
# The mistake, corrected: what a learner would write next (the reference solution is terser).
CORRECTED = """import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len)[:, None]  # (max_len, 1)
    two_i = np.arange(0, d_model, 2)  # (d_model // 2,)
    omega = np.exp(two_i * -(np.log(10000.0) / d_model))
    angles = positions * omega  # (max_len, d_model // 2)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)  # even columns: sines
    pe[:, 1::2] = np.cos(angles)  # odd columns: cosines
    return pe
"""


def run(page: Page, code: str, verdict: str) -> None:
    set_code(page, code)
    page.get_by_role("button", name="Run tests").click()
    expect(page.locator("#results .verdict-text")).to_have_text(verdict)
    page.locator(".cm-content").blur()
    page.mouse.move(0, 0)


def scroll_to(page: Page, selector: str) -> None:
    """Scroll the pane that holds `selector` (each pane scrolls on its own) to its top."""
    page.evaluate(
        "(selector) => document.querySelector(selector).scrollIntoView({block: 'start'})",
        selector,
    )


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    with (
        tempfile.TemporaryDirectory() as data,
        LiveServer(Path(data), submissions_per_minute="0") as server,
        chromium() as browser,
    ):
        context = browser.new_context(
            base_url=server.url,
            viewport=VIEWPORT,
            color_scheme="light",
            reduced_motion="reduce",
        )
        try:
            page = context.new_page()
            page.goto(EXERCISE_PATH)
            wait_for_editor(page)
            page.evaluate("() => document.fonts.ready.then(() => true)")

            run(page, MISTAKE, "3 of 6 tests passed.")
            scroll_to(page, "#results")
            page.screenshot(path=OUT / "failing.png")

            call = page.locator("#scratch-call")
            call.fill("positional_encoding(4, 6)")
            call.press("Enter")
            expect(page.locator("#scratch-result")).to_contain_text("The reference")
            scroll_to(page, "#scratch")
            page.screenshot(path=OUT / "scratch.png")

            run(page, CORRECTED, "6 of 6 tests passed.")
            page.evaluate("() => window.scrollTo(0, 0)")
            page.screenshot(path=OUT / "passing.png")
        finally:
            context.close()
    for name in ("passing.png", "failing.png", "scratch.png"):
        print(OUT / name)


if __name__ == "__main__":
    main()
