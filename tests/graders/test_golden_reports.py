"""The JSON report is a contract: each scenario's report is pinned by a golden file.

Regenerate after an intended change with `python scripts/update_golden.py`, then review the diff.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from graders.exercise import Exercise
from tests.conftest import ROOT, SyncGrader

GOLDEN = ROOT / "tests" / "golden"
SCENARIOS = sorted(path for path in GOLDEN.iterdir() if (path / "submission.py").exists())


def normalised(report: dict[str, Any]) -> dict[str, Any]:
    """Drop what changes between runs (timing)."""
    return {**report, "duration_ms": 0}


def test_every_scenario_the_contract_names_has_a_golden_file() -> None:
    names = {path.name for path in SCENARIOS}
    required = {"passed", "syntax-error", "missing-function", "exception", "timeout", "print-flood"}
    required |= {
        f"fails-{test}"
        for test in ("shape", "row-0", "example-3x4", "bounds", "interleaving", "vectorised")
    }
    assert required <= names


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda path: path.name)
def test_report_matches_golden_file(scenario: Path, flagship: Exercise, grade: SyncGrader) -> None:
    report = grade(flagship, (scenario / "submission.py").read_text(encoding="utf-8"))
    expected = json.loads((scenario / "report.json").read_text(encoding="utf-8"))
    assert normalised(report.to_dict()) == expected
