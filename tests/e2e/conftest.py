"""Browser fixtures: one real server and one Chromium for the session, a fresh context per test.

A fresh context has its own cookies and localStorage, so every test is a new anonymous learner
with no saved draft.
"""

from __future__ import annotations

from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser, BrowserContext, Page, expect

from app.live_server import LiveServer
from scripts.browser import VIEWPORT, chromium

TIMEOUT_MS = 10_000


# Module scope: Playwright's sync API runs an event loop in this thread until it stops, and the
# other test modules need the thread without one.
@pytest.fixture(scope="module")
def server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    with LiveServer(tmp_path_factory.mktemp("e2e-server"), submissions_per_minute="0") as live:
        yield live


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    expect.set_options(timeout=TIMEOUT_MS)
    with chromium() as running:
        yield running


@pytest.fixture
def context(browser: Browser, server: LiveServer) -> Iterator[BrowserContext]:
    fresh = browser.new_context(
        base_url=server.url,
        viewport=VIEWPORT,
        color_scheme="light",
        reduced_motion="reduce",
    )
    fresh.set_default_timeout(TIMEOUT_MS)
    yield fresh
    fresh.close()


@pytest.fixture
def page(context: BrowserContext) -> Page:
    return context.new_page()
