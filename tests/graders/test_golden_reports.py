"""The JSON report is a contract: each scenario's report is pinned by a golden file.

Regenerate after an intended change with `make golden` (pytest `--update-golden`), then review
the diff. Previews are pinned by shape, dtype and a digest of their values, so a changed message
shows as a readable one-line diff instead of thousands of numbers.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from graders.exercise import Exercise
from graders.report import Report
from tests.conftest import ROOT, SyncGrader

GOLDEN = ROOT / "tests" / "golden"
SCENARIOS = sorted(path for path in GOLDEN.iterdir() if (path / "submission.py").exists())
SCHEMA_FILE = ROOT / "docs" / "report.schema.json"


def digest(values: Any) -> str:
    text = json.dumps(values, sort_keys=True, separators=(",", ":"))
    return "sha256:" + hashlib.sha256(text.encode()).hexdigest()[:16]


def pinned(report: dict[str, Any]) -> dict[str, Any]:
    """The report with what changes between runs (timing) zeroed and previews digested.

    The exercise's version is left out: it changes with every edit to the flagship's tests or
    mistakes, which would churn every golden file; tests/graders/test_digest.py pins it.
    """
    report = {key: value for key, value in report.items() if key != "exercise_version"}
    tests = []
    for test in report["tests"]:
        test = dict(test)
        for side in ("got", "expected"):
            if test.get(side) is not None:
                test[side] = {**test[side], "values": digest(test[side]["values"])}
        tests.append(test)
    return {**report, "tests": tests, "duration_ms": 0}


def test_every_scenario_the_contract_names_has_a_golden_file() -> None:
    names = {path.name for path in SCENARIOS}
    required = {"passed", "syntax-error", "missing-function", "exception", "timeout", "print-flood"}
    required |= {
        f"fails-{test}"
        for test in ("shape", "row-0", "example-3x4", "bounds", "interleaving", "vectorised")
    }
    assert required <= names


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda path: path.name)
def test_report_matches_golden_file(
    scenario: Path, flagship: Exercise, grade: SyncGrader, update_golden: bool
) -> None:
    report = grade(flagship, (scenario / "submission.py").read_text(encoding="utf-8"))
    golden = scenario / "report.json"
    if update_golden:
        golden.write_text(json.dumps(pinned(report.to_dict()), indent=2) + "\n", encoding="utf-8")
    assert pinned(report.to_dict()) == json.loads(golden.read_text(encoding="utf-8"))


@pytest.mark.parametrize("scenario", SCENARIOS, ids=lambda path: path.name)
def test_a_full_report_validates_against_the_exported_schema(
    scenario: Path, flagship: Exercise, grade: SyncGrader
) -> None:
    report = grade(flagship, (scenario / "submission.py").read_text(encoding="utf-8")).to_dict()
    jsonschema.validate(report, json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))
    assert Report.from_dict(report).to_dict() == report


def test_the_exported_schema_is_the_models_schema() -> None:
    """docs/report.schema.json is generated (`make contracts`): it must match the model."""
    exported = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert exported == Report.model_json_schema(mode="serialization")
