"""Debian's Chromium driven by Playwright, and the practice page's hooks: for the browser tests
(tests/e2e) and the scripts that measure or photograph the page.

Playwright's own browser downloads are not used: `make browser` installs Debian's `chromium`.
"""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from playwright.sync_api import Browser, Page, Playwright, ViewportSize, sync_playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
    "--disable-dev-shm-usage",
]
VIEWPORT: ViewportSize = {"width": 1280, "height": 900}
SLUG = "sinusoidal-positional-encoding"
EXERCISE_PATH = f"/exercises/{SLUG}"


def _process_table() -> dict[int, tuple[int, str, str]]:
    """pid -> (parent pid, command name, state), read from /proc."""
    table: dict[int, tuple[int, str, str]] = {}
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
        except OSError:
            continue  # the process ended while we looked
        name = stat[stat.index("(") + 1 : stat.rindex(")")]
        state, parent = stat[stat.rindex(")") + 2 :].split()[:2]
        table[int(entry.name)] = (int(parent), name, state)
    return table


def chromium_processes() -> set[int]:
    """Live Chromium processes started (directly or not) by this Python process."""
    table = _process_table()
    children: dict[int, list[int]] = {}
    for pid, (parent, _, _) in table.items():
        children.setdefault(parent, []).append(pid)
    found: set[int] = set()
    todo = [os.getpid()]
    while todo:
        for child in children.get(todo.pop(), []):
            todo.append(child)
            _, name, state = table[child]
            if "chrom" in name and state != "Z":
                found.add(child)
    return found


def still_running(pids: set[int]) -> set[int]:
    """Those of `pids` that are still Chromium processes and not zombies."""
    table = _process_table()
    return {
        pid for pid in pids if pid in table and "chrom" in table[pid][1] and table[pid][2] != "Z"
    }


def launch(playwright: Playwright) -> Browser:
    """A headless Debian Chromium; prefer `chromium()`, which also proves it left nothing behind."""
    if not CHROMIUM.exists():
        raise RuntimeError(f"{CHROMIUM} is missing: run `make browser` (Debian's chromium package)")
    return playwright.chromium.launch(
        executable_path=str(CHROMIUM), headless=True, args=CHROMIUM_ARGS
    )


@contextmanager
def chromium() -> Iterator[Browser]:
    """A headless Chromium; on exit it is closed and every one of its processes is gone."""
    with sync_playwright() as playwright:
        browser = launch(playwright)
        started = chromium_processes()
        try:
            yield browser
        finally:
            started |= chromium_processes()  # renderers started since
            browser.close()
    if not started:
        raise RuntimeError("no Chromium process was found under this process")
    deadline = time.monotonic() + 10
    while (left := still_running(started)) and time.monotonic() < deadline:
        time.sleep(0.1)
    if left:
        raise RuntimeError(f"Chromium processes outlived the browser: {sorted(left)}")


def wait_for_editor(page: Page) -> None:
    """The exercise page has loaded the exercise and mounted the editor."""
    page.wait_for_function("() => window.gradebox !== undefined")


def set_code(page: Page, code: str) -> None:
    page.evaluate("code => window.gradebox.setCode(code)", code)


def get_code(page: Page) -> str:
    return str(page.evaluate("() => window.gradebox.getCode()"))
