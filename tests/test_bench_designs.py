"""The bench's designs grade the reference as passed: a figure of a failing design is no figure."""

from __future__ import annotations

import asyncio

from graders.exercise import Exercise
from scripts.bench import grade_fresh, grade_inprocess


def test_the_fresh_process_design_passes_the_reference(flagship: Exercise) -> None:
    import_ms, grade_ms = asyncio.run(grade_fresh(flagship, flagship.solution_path.read_text()))
    assert import_ms > 0
    assert grade_ms > 0


def test_the_in_process_floor_passes_the_reference(flagship: Exercise) -> None:
    report = grade_inprocess(flagship, flagship.solution_path.read_text())
    assert report.verdict == "passed", [(t.id, t.message) for t in report.tests]
