"""Sum pytest's test-seconds per folder from JUnit XML reports (issue 28's measure of the suite).

    python -m pytest -q -p no:cacheprovider --no-cov tests/api --junitxml=/tmp/api.xml
    python scripts/test_seconds.py /tmp/api.xml [more.xml ...] [--depth 2]

A test's seconds are its `<testcase time=...>` (setup, call and teardown), so a session
fixture's start-up counts once, in the first test that uses it. Rows are the folders under
tests/ (`--depth 2`: tests/api, tests/graders; a module directly in tests/ is its own row),
then the total; each row gives its tests, test-seconds and share of the total.
"""

from __future__ import annotations

import argparse
import sys
import xml.etree.ElementTree as ElementTree
from collections import defaultdict
from pathlib import Path


def folder_of(classname: str, depth: int) -> str:
    """`tests.api.test_events.TestX` -> `tests/api` at depth 2; a module in tests/ is its own
    row (`tests/test_cli.py`)."""
    parts = classname.split(".")
    modules = [i for i, part in enumerate(parts) if part.startswith("test_")]
    module_end = modules[0] + 1 if modules else len(parts)
    path = parts[:module_end]
    if len(path) <= depth:
        return "/".join(path) + ".py"
    return "/".join(path[:depth])


def seconds_per_folder(reports: list[Path], depth: int) -> dict[str, tuple[int, float]]:
    """Each folder's tests and summed seconds, over every testcase of `reports`."""
    tests: dict[str, int] = defaultdict(int)
    seconds: dict[str, float] = defaultdict(float)
    for report in reports:
        # Our own pytest's reports, not untrusted input.
        for case in ElementTree.parse(report).getroot().iter("testcase"):  # noqa: S314
            folder = folder_of(case.get("classname", ""), depth)
            tests[folder] += 1
            seconds[folder] += float(case.get("time", "0") or 0)
    return {folder: (tests[folder], seconds[folder]) for folder in sorted(tests)}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Sum pytest's test-seconds per folder.")
    parser.add_argument("reports", nargs="+", type=Path, help="JUnit XML files (--junitxml)")
    parser.add_argument("--depth", type=int, default=2, help="folder depth of a row (default 2)")
    args = parser.parse_args(argv)
    rows = seconds_per_folder(args.reports, args.depth)
    total_tests = sum(count for count, _ in rows.values())
    total = sum(spent for _, spent in rows.values())
    width = max([len("total"), *map(len, rows)])
    for folder, (count, spent) in rows.items():
        share = spent / total if total else 0.0
        print(f"{folder:<{width}}  {count:>6} tests  {spent:>9.1f} s  {share:>6.1%}")
    print(f"{'total':<{width}}  {total_tests:>6} tests  {total:>9.1f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
