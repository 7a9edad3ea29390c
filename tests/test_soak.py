"""The soak under attack (scripts/soak.py): correct learners pass, memory and /healthz hold.

One short soak against a real server (8 s a phase, 3 learners, 4 attackers, every attack), and
the soak's own verdict on figures that break each promise.
"""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from scripts.soak import ROWS, _descendants, problems

ROOT = Path(__file__).resolve().parents[1]
SOAK_SECONDS = 90  # a soak of 2 x 8 s takes ~25 s; this is one that does not end


@pytest.fixture(scope="module")
def figures() -> dict[str, Any]:
    """The JSON figures of one short soak; its exit code must agree with them."""
    command = [sys.executable, str(ROOT / "scripts" / "soak.py"), "--json"]
    command += ["--seconds", "8", "--learners", "3", "--attackers", "4"]
    finished = subprocess.run(
        command, cwd=ROOT, capture_output=True, text=True, timeout=SOAK_SECONDS, check=False
    )
    assert finished.returncode in (0, 1), finished.stderr[-3000:]
    result: dict[str, Any] = json.loads(finished.stdout)
    assert finished.returncode == (0 if result["passed"] else 1)
    return result


@pytest.mark.timeout(SOAK_SECONDS + 30)
def test_every_correct_submission_passes_under_attack(figures: dict[str, Any]) -> None:
    for name, phase in figures["phases"].items():
        assert phase["failures"] == [], name
        assert phase["passed"] == phase["submissions"] > 0, name


@pytest.mark.timeout(SOAK_SECONDS + 30)
def test_the_web_process_stays_within_its_memory_budget(figures: dict[str, Any]) -> None:
    budget = figures["budget"]
    assert figures["phases"]["quiet"]["web_rss_peak_mib"] <= budget["web_cap_mib"]
    assert figures["phases"]["attack"]["web_rss_peak_mib"] <= budget["web_bound_mib"]
    assert budget["web_bound_mib"] <= budget["web_cap_mib"]


@pytest.mark.timeout(SOAK_SECONDS + 30)
def test_healthz_answers_throughout(figures: dict[str, Any]) -> None:
    for phase in figures["phases"].values():
        assert phase["healthz_answered"] > 0
        assert phase["healthz_longest_gap_s"] <= figures["budget"]["healthz_gap_seconds"]


@pytest.mark.timeout(SOAK_SECONDS + 30)
def test_every_attack_was_sent_and_none_broke_on_its_own(figures: dict[str, Any]) -> None:
    assert sorted(figures["attacks"]) == sorted(ROWS)
    assert [row for row, tally in figures["attacks"].items() if tally["sent"] == 0] == []
    assert figures["attack_errors"] == []


@pytest.mark.timeout(SOAK_SECONDS + 30)
def test_no_request_of_the_attack_was_an_error_on_our_side(figures: dict[str, Any]) -> None:
    # Whatever the attackers sent, the server logged no error: no 500, no grader failure.
    assert figures["server_errors"] == {}


def _passing() -> dict[str, Any]:
    phase = {
        "submissions": 10,
        "passed": 10,
        "failure_count": 0,
        "web_rss_peak_mib": 110.0,
        "web_rss_peak_during": ["burst"],
        "healthz_longest_gap_s": 0.5,
    }
    return {
        "phases": {"quiet": dict(phase), "attack": dict(phase)},
        "budget": {"web_bound_mib": 260.0, "web_cap_mib": 512.0, "healthz_gap_seconds": 3.0},
    }


def test_figures_that_keep_every_promise_are_no_problem() -> None:
    assert problems(_passing()) == []


@pytest.mark.parametrize(
    ("phase", "field", "value", "complaint"),
    [
        ("attack", "failure_count", 1, "1 of 10 correct submissions"),
        ("quiet", "submissions", 0, "0 of 0 correct submissions"),
        ("attack", "healthz_longest_gap_s", 6.2, "/healthz went unanswered for 6.2 s"),
        ("attack", "web_rss_peak_mib", 300.0, "peaked at 300.0 MiB (budget 260 MiB)"),
        ("quiet", "web_rss_peak_mib", 600.0, "peaked at 600.0 MiB"),
    ],
)
def test_each_broken_promise_is_a_problem(
    phase: str, field: str, value: float, complaint: str
) -> None:
    figures = copy.deepcopy(_passing())
    figures["phases"][phase][field] = value
    if field == "submissions":
        figures["phases"][phase]["passed"] = 0
    found = problems(figures)
    assert any(problem.startswith(f"{phase}: ") and complaint in problem for problem in found), (
        found
    )


def test_the_process_tree_includes_a_child() -> None:
    with subprocess.Popen([sys.executable, "-c", "import time; time.sleep(30)"]) as child:
        try:
            assert child.pid in _descendants(os.getpid())
        finally:
            child.kill()
