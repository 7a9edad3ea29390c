"""The `gradebox` command line, run as a learner or author would run it."""

from __future__ import annotations

import json
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXERCISES, FLAGSHIP, ROOT

SOLUTION = EXERCISES / FLAGSHIP / "solution.py"
HALVES = EXERCISES / FLAGSHIP / "mistakes" / "concatenated-halves.py"


def gradebox(*args: str, cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess[str]:
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(cwd), **env}
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        capture_output=True, text=True, timeout=120, cwd=ROOT, env=environment,
    )  # fmt: skip


def test_a_passing_file_exits_0_with_a_readable_report() -> None:
    result = gradebox("grade", FLAGSHIP, str(SOLUTION))
    assert result.returncode == 0, result.stderr
    assert "passed (6 of 6 tests passed)" in result.stdout
    assert "[PASS] Even columns are sines, odd columns cosines" in result.stdout
    assert result.stderr == ""  # the pool shuts down quietly


def test_a_failing_file_exits_1_and_names_the_mistake() -> None:
    result = gradebox("grade", FLAGSHIP, str(HALVES))
    assert result.returncode == 1
    assert "[FAIL] Even columns are sines, odd columns cosines (interleaving)" in result.stdout
    assert "Likely mistake: Sines in one half, cosines in the other" in result.stdout


def test_json_prints_the_report_contract() -> None:
    result = gradebox("grade", FLAGSHIP, str(HALVES), "--json")
    report = json.loads(result.stdout)
    assert report["version"] == 1
    assert report["verdict"] == "failed"
    assert [test["id"] for test in report["tests"]] == [
        "shape", "row-0", "example-3x4", "bounds", "interleaving", "vectorised",
    ]  # fmt: skip


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("grade", "no-such-exercise", str(SOLUTION)), "unknown exercise 'no-such-exercise'"),
        (("grade", FLAGSHIP, "/nonexistent/file.py"), "cannot read /nonexistent/file.py"),
        (("grade", FLAGSHIP), "the following arguments are required: file"),
        (("frobnicate",), "invalid choice"),
    ],
    ids=["unknown-slug", "missing-file", "missing-argument", "unknown-command"],
)
def test_usage_errors_exit_2(args: tuple[str, ...], message: str) -> None:
    result = gradebox(*args)
    assert result.returncode == 2
    assert message in result.stderr


def test_doctor_shows_every_layer_applied() -> None:
    result = gradebox("doctor")
    assert result.returncode == 0, result.stdout
    for layer in ("user", "namespaces", "tmpfs", "landlock", "seccomp"):
        assert f"ok   {layer}" in result.stdout
    assert "sandbox ready" in result.stdout


def test_new_scaffolds_a_folder_that_validate_turns_into_a_todo_list(tmp_path: Path) -> None:
    created = gradebox("new", "my-first-exercise", GRADEBOX_EXERCISES_DIR=str(tmp_path))
    assert created.returncode == 0, created.stderr
    folder = tmp_path / "my-first-exercise"
    for name in (
        "exercise.toml",
        "statement.md",
        "hints.md",
        "starter.py",
        "solution.py",
        "solution.md",
        "checks.py",
        "messages.toml",
    ):
        assert (folder / name).is_file()
    validated = gradebox("validate", str(folder), GRADEBOX_EXERCISES_DIR=str(tmp_path))
    assert validated.returncode == 1
    assert "Traceback" not in validated.stdout + validated.stderr
    assert "to do: exercise.toml line" in validated.stdout
    again = gradebox("new", "my-first-exercise", GRADEBOX_EXERCISES_DIR=str(tmp_path))
    assert again.returncode == 2
    assert "already exists" in again.stderr


def test_new_refuses_a_bad_slug(tmp_path: Path) -> None:
    result = gradebox("new", "Not A Slug", GRADEBOX_EXERCISES_DIR=str(tmp_path))
    assert result.returncode == 2
    assert "is not a slug" in result.stderr


def test_validate_reports_a_reference_that_raises_at_import_as_a_problem(tmp_path: Path) -> None:
    folder = tmp_path / "broken"
    shutil.copytree(EXERCISES / FLAGSHIP, folder)
    with (folder / "solution.py").open("a", encoding="utf-8") as solution:
        solution.write("\nTABLE = {}['missing']\n")
    validated = gradebox("validate", str(folder), GRADEBOX_EXERCISES_DIR=str(tmp_path))
    assert validated.returncode == 1
    assert "Traceback" not in validated.stdout + validated.stderr
    assert "problem: solution.py: does not load: KeyError" in validated.stdout
