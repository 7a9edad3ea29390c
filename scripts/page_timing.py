"""How fast the practice page loads: bytes transferred and time until the editor is usable.

Serves a throwaway `gradebox serve` and opens the flagship's page in Debian's Chromium five
times, each in a fresh context (cold cache): prints bytes over the wire (after compression)
and the time from the start of navigation to an editor that accepts input (a performance mark
the page sets when the editor is mounted). Loopback only; stops by itself.

    .venv/bin/python scripts/page_timing.py
"""

from __future__ import annotations

import statistics
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from playwright.sync_api import Request  # noqa: E402

from app.live_server import LiveServer  # noqa: E402
from scripts.browser import EXERCISE_PATH, VIEWPORT, chromium, wait_for_editor  # noqa: E402

RUNS = 5


def main() -> None:
    times: list[float] = []  # ms
    sizes: list[int] = []  # bytes
    with (
        tempfile.TemporaryDirectory() as data,
        LiveServer(Path(data), submissions_per_minute="0") as live,
        chromium() as browser,
    ):
        for _ in range(RUNS):
            context = browser.new_context(base_url=live.url, viewport=VIEWPORT)
            page = context.new_page()
            wire_bytes: list[int] = []

            def count(request: Request, into: list[int] = wire_bytes) -> None:
                sent = request.sizes()  # as sent: compressed bodies, with headers
                into.append(sent["responseBodySize"] + sent["responseHeadersSize"])

            page.on("requestfinished", count)
            page.goto(EXERCISE_PATH)
            wait_for_editor(page)
            ready = page.evaluate(
                "() => performance.getEntriesByName('gradebox:editor-ready')[0].startTime"
            )
            times.append(float(ready))  # from the start of navigation, in the page's clock
            page.wait_for_load_state("networkidle")
            sizes.append(sum(wire_bytes))
            context.close()
    print(f"exercise page, {RUNS} cold loads on loopback:")
    print(
        f"  transferred: median {statistics.median(sizes) / 1024:.0f} KiB (max {max(sizes) / 1024:.0f} KiB)"
    )
    print(
        f"  navigation start to an editor that takes input: median {statistics.median(times):.0f} ms"
        f" (max {max(times):.0f} ms)"
    )


if __name__ == "__main__":
    main()
