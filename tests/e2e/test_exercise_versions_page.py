"""A learner who passed before an exercise's tests changed is told so in the list and history."""

from __future__ import annotations

import re
import shutil
from pathlib import Path

from playwright.sync_api import Browser, expect

from app.live_server import LiveServer
from scripts.browser import VIEWPORT
from tests.conftest import EXERCISES, FLAGSHIP
from tests.e2e.conftest import TIMEOUT_MS

SOLUTION = (EXERCISES / FLAGSHIP / "solution.py").read_text(encoding="utf-8")


def test_a_pass_on_an_earlier_version_is_shown_as_such(browser: Browser, tmp_path: Path) -> None:
    exercises = tmp_path / "exercises"
    shutil.copytree(EXERCISES / FLAGSHIP, exercises / FLAGSHIP)
    (tmp_path / "data").mkdir()
    live = LiveServer(tmp_path / "data", exercises_dir=str(exercises), submissions_per_minute="0")
    context = browser.new_context(base_url=live.url, viewport=VIEWPORT, reduced_motion="reduce")
    context.set_default_timeout(TIMEOUT_MS)
    page = context.new_page()
    try:
        with live:
            page.goto("/")  # the learner's cookie
            response = page.request.post(
                f"/api/exercises/{FLAGSHIP}/submissions",
                data={"code": SOLUTION},
                headers={"Origin": live.url},
            )
            assert response.status == 201, response.text()
            page.reload()
            expect(page.locator(".exercise-card .badge-passed")).to_have_text("Passed")
        toml = exercises / FLAGSHIP / "exercise.toml"
        text = toml.read_text(encoding="utf-8")
        toml.write_text(text.replace("probes = [[3, 4]]", "probes = [[3, 6]]"), encoding="utf-8")
        with live:
            page.goto("/")
            badge = page.locator(".exercise-card .badge-passed")
            expect(badge).to_have_text("Passed on an earlier version")
            expect(badge).to_have_attribute("title", re.compile("earlier version of this exercise"))
            page.goto(f"/exercises/{FLAGSHIP}")
            expect(page.locator("#exercise-meta .badge-earlier")).to_be_visible()
            expect(page.locator(".history-item .history-earlier")).to_have_text("earlier version")
    finally:
        context.close()
