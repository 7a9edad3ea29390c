"""Regenerate tests/golden/*/report.json from each scenario's submission.py (review the diff)."""

from __future__ import annotations

import asyncio
import json
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from graders.catalog import Catalog  # noqa: E402
from graders.engine import Grader  # noqa: E402
from graders.sandbox.pool import SandboxPool  # noqa: E402
from tests.conftest import FLAGSHIP, TEST_LIMITS  # noqa: E402


async def main() -> None:
    exercise = Catalog(ROOT / "exercises", TEST_LIMITS).load().get(FLAGSHIP)
    pool = SandboxPool(1, TEST_LIMITS)
    await pool.start()
    grader = Grader(pool)
    try:
        for scenario in sorted((ROOT / "tests" / "golden").iterdir()):
            submission = scenario / "submission.py"
            if not submission.exists():
                continue
            report = (
                await grader.grade(exercise, submission.read_text(encoding="utf-8"))
            ).to_dict()
            report["duration_ms"] = 0
            (scenario / "report.json").write_text(
                json.dumps(report, indent=2) + "\n", encoding="utf-8"
            )
            print(f"{scenario.name}: {report['verdict']} ({report['passed']}/{report['total']})")
    finally:
        await pool.close()


if __name__ == "__main__":
    asyncio.run(main())
