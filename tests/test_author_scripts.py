"""The authors' scripts: corpus_report's summary for people, fresh_draws' seeds that disagree."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from scripts import fresh_draws
from scripts.corpus_report import summary
from tests.conftest import EXERCISES

REPORT = {
    "relu/plain.py": {"verdict": "passed", "tests": {}, "diagnosed": None},
    "relu/slow.py": {"verdict": "failed", "tests": {}, "diagnosed": None},
    "relu/wrong/negated.py": {"verdict": "failed", "tests": {}, "diagnosed": True},
    "relu/wrong/clipped.py": {"verdict": "failed", "tests": {}, "diagnosed": False},
    "relu/heldout/abs.py": {"verdict": "failed", "tests": {}, "diagnosed": True},
    "gelu/plain.py": {"verdict": "passed", "tests": {}, "diagnosed": None},
}


def test_the_corpus_summary_counts_each_part_per_exercise_and_in_total() -> None:
    before = json.dumps(REPORT, sort_keys=True)
    lines = summary(REPORT).splitlines()
    assert lines[0].split() == ["correct", "passed", "wrong", "diagnosed", "held-out", "diagnosed"]
    assert [line.split() for line in lines[1:]] == [
        ["gelu", "1/1", "-", "-"],
        ["relu", "1/2", "1/2", "1/1"],
        ["total", "2/3", "1/2", "1/1"],
    ]
    assert json.dumps(REPORT, sort_keys=True) == before  # the report itself is left as it was


def test_fresh_draws_names_a_mistake_only_some_draws_catch(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """adam-step's v drawn from [0, 1e-3): eps inside the root shows only where v is tiny."""
    folder = tmp_path / "adam-step"
    shutil.copytree(EXERCISES / "adam-step", folder)
    toml = folder / "exercise.toml"
    text = toml.read_text(encoding="utf-8")
    assert "low = 0.001, high = 0.1" in text
    toml.write_text(text.replace("low = 0.001, high = 0.1", "low = 0.0, high = 1e-3"), "utf-8")
    assert fresh_draws.main([str(folder), "--seeds", "20"]) == 1
    [line] = [line for line in capsys.readouterr().out.splitlines() if "eps-inside-sqrt" in line]
    assert "test `new-param`" in line  # the mistake, the test, how many seeds and which
    assert "1 of 20" in line
    assert "(6)" in line


def test_fresh_draws_is_quiet_on_the_shipped_exercise(capsys: pytest.CaptureFixture[str]) -> None:
    assert fresh_draws.main([str(EXERCISES / "adam-step"), "--seeds", "5"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert "seeds 0-4" in lines[0]
    assert [line for line in lines if "of 5 seeds" in line] == []  # no mistake caught on some
    assert "every draw" in lines[-1]
