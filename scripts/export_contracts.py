"""Write the contracts generated from the code: the report's JSON Schema and the OpenAPI document.

    python scripts/export_contracts.py    (or `make contracts`)

docs/report.schema.json   the report (graders.report.Report), for clients and the golden files
docs/openapi.json         the HTTP API; static/src/api-types.d.ts is generated from it
Tests fail when a committed file no longer matches what this writes.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))


def contracts() -> dict[Path, Any]:
    """Each generated file and its content."""
    from app.main import create_app
    from graders.exercise_file import ExerciseFile
    from graders.report import Report

    return {
        ROOT / "docs" / "report.schema.json": Report.model_json_schema(mode="serialization"),
        ROOT / "docs" / "exercise.schema.json": ExerciseFile.model_json_schema(),
        ROOT / "docs" / "openapi.json": create_app().openapi(),
    }


def main() -> None:
    for path, content in contracts().items():
        path.write_text(json.dumps(content, indent=2, sort_keys=True) + "\n", encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")


if __name__ == "__main__":
    main()
