"""What the grader says about every corpus file of some exercises, to compare two trees.

    .venv/bin/python scripts/corpus_report.py stable-softmax layer-norm > before.json
    ... change checks.py ...
    .venv/bin/python scripts/corpus_report.py stable-softmax layer-norm > after.json
    .venv/bin/python scripts/corpus_report.py --compare before.json after.json

Each file of tests/corpus/<slug>/ (correct), wrong/ and heldout/ is graded in the real sandbox
with the tests' seed, as the corpus tests grade it; the report lists, per file, the verdict,
each test's status and diagnosis id, and whether an accepted id (the file's `# diagnosis:`
line) was named. The report (JSON) goes to stdout; a summary for people goes to stderr: per
exercise and in total, correct files passed, wrong/ files diagnosed with an accepted id and
heldout/ files diagnosed (x/y each). `--compare` prints every file whose verdict or diagnoses
changed, and the rates of both runs: a refactoring of an exercise's checks must change none.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run by its path: tests/ is imported from the project root

from graders.catalog import Catalog  # noqa: E402
from graders.engine import Grader  # noqa: E402
from graders.host.pool import SandboxPool  # noqa: E402
from tests.conftest import EXERCISES, TEST_LIMITS, TEST_SEED  # noqa: E402

CORPUS = ROOT / "tests" / "corpus"


def accepted_ids(path: Path) -> list[str] | None:
    """The `# diagnosis:` ids of a wrong file (empty for `none`); None for a correct one."""
    lines = path.read_text(encoding="utf-8").splitlines()
    if len(lines) < 2 or not lines[1].startswith("# diagnosis: "):
        return None
    ids = [item.strip() for item in lines[1].removeprefix("# diagnosis: ").split(",")]
    return [] if ids == ["none"] else ids


async def report(slugs: list[str]) -> dict[str, Any]:
    catalog = Catalog(EXERCISES, TEST_LIMITS).load()
    pool = SandboxPool(2, TEST_LIMITS)
    await pool.start()
    grader = Grader(pool).seeded(TEST_SEED)
    files: dict[str, Any] = {}
    try:
        for slug in slugs:
            exercise = catalog.get(slug)
            paths = sorted((CORPUS / slug).glob("*.py"))
            paths += sorted((CORPUS / slug).glob("wrong/*.py"))
            paths += sorted((CORPUS / slug).glob("heldout/*.py"))
            for path in paths:
                graded = await grader.grade(exercise, path.read_text(encoding="utf-8"))
                named = [test.diagnosis.id for test in graded.tests if test.diagnosis]
                accepted = accepted_ids(path)
                files[str(path.relative_to(CORPUS))] = {
                    "verdict": str(graded.verdict),
                    "tests": {
                        test.id: [str(test.status), test.diagnosis.id if test.diagnosis else None]
                        for test in graded.tests
                    },
                    "diagnosed": None if accepted is None else bool(set(named) & set(accepted)),
                }
    finally:
        await pool.close()
    return files


def rates(files: dict[str, Any]) -> dict[str, str]:
    correct = [f for name, f in files.items() if f["diagnosed"] is None]
    wrong = [f for name, f in files.items() if f["diagnosed"] is not None]
    passed = sum(f["verdict"] == "passed" for f in correct)
    diagnosed = sum(bool(f["diagnosed"]) for f in wrong)
    return {
        "correct passed": f"{passed}/{len(correct)}",
        "wrong diagnosed": f"{diagnosed}/{len(wrong)}",
    }


def part(name: str) -> str:
    """Which part of the corpus a report's file is: "correct", "wrong" or "heldout"."""
    parts = Path(name).parts
    return parts[1] if len(parts) == 3 else "correct"


def summary(files: dict[str, Any]) -> str:
    """Per exercise and in total: correct passed, wrong/ diagnosed, heldout/ diagnosed (x/y)."""
    columns = [("correct", "correct passed"), ("wrong", "wrong diagnosed")]
    columns.append(("heldout", "held-out diagnosed"))
    counts: dict[str, dict[str, list[int]]] = {}
    for name, found in files.items():
        slug, kind = Path(name).parts[0], part(name)
        good = found["verdict"] == "passed" if kind == "correct" else bool(found["diagnosed"])
        for row in (slug, "total"):
            tally = counts.setdefault(row, {}).setdefault(kind, [0, 0])
            tally[0] += good
            tally[1] += 1
    total = counts.pop("total", {})
    width = max((len(slug) for slug in counts), default=5) + 2
    lines = [("".ljust(width) + "".join(title.ljust(20) for _, title in columns)).rstrip()]
    for row, tallies in [*sorted(counts.items()), ("total", total)]:
        cells = [
            (f"{tallies[kind][0]}/{tallies[kind][1]}" if kind in tallies else "-").ljust(20)
            for kind, _ in columns
        ]
        lines.append(row.ljust(width) + "".join(cells).rstrip())
    return "\n".join(lines)


def compare(before: dict[str, Any], after: dict[str, Any]) -> int:
    changed = 0
    for name in sorted(set(before) | set(after)):
        if before.get(name) != after.get(name):
            changed += 1
            print(f"{name}:\n  before {before.get(name)}\n  after  {after.get(name)}")
    print(f"before: {rates(before)}\nafter:  {rates(after)}\n{changed} file(s) changed")
    return 1 if changed else 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("slugs", nargs="*", help="exercises (default: every one with a corpus)")
    parser.add_argument("--compare", nargs=2, metavar=("BEFORE", "AFTER"))
    options = parser.parse_args(argv)
    if options.compare:
        before, after = (json.loads(Path(p).read_text()) for p in options.compare)
        return compare(before, after)
    slugs = options.slugs or sorted(p.name for p in CORPUS.iterdir() if p.is_dir())
    files = asyncio.run(report(slugs))
    json.dump(files, sys.stdout, indent=1, sort_keys=True)
    print()
    print(summary(files), file=sys.stderr)  # for people: stdout stays the JSON alone
    return 0


if __name__ == "__main__":
    sys.exit(main())
