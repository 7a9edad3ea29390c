"""The `gradebox` command line, run as a learner or author would run it.

Its usage is tested in process, through `app.cli.main([...])` with the output captured at the
file descriptors (the sandbox's children write there too) and a clean GRADEBOX_* environment,
as a shell would give it; the real entry point (`python -m app.cli`) in a subprocess, for its
exit codes and a quiet exit.
"""

from __future__ import annotations

import json
import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import EXERCISES, FLAGSHIP, ROOT, Gradebox

SOLUTION = EXERCISES / FLAGSHIP / "solution.py"
HALVES = EXERCISES / FLAGSHIP / "mistakes" / "concatenated-halves.py"


def process(*args: str, cwd: Path = ROOT, **env: str) -> subprocess.CompletedProcess[str]:
    """The real entry point, `python -m app.cli`, in a process of its own."""
    cache = str(Path.home() / ".cache")  # the user's, as a real start has: not the checkout's
    environment = {"PATH": "/usr/bin:/bin", "HOME": str(cwd), "XDG_CACHE_HOME": cache, **env}
    return subprocess.run(
        [sys.executable, "-m", "app.cli", *args],
        capture_output=True, text=True, timeout=120, cwd=ROOT, env=environment,
    )  # fmt: skip


FLAGSHIP_TESTS = ["shape", "row-0", "example-3x4", "bounds", "interleaving", "vectorised"]


def _lines(stdout: str, icon: str) -> list[str]:
    """The ids of the tests the terminal report shows with `icon` (`[PASS] title (id)`)."""
    return re.findall(rf"^\[{icon}\] .* \(([a-z0-9-]+)\)$", stdout, re.MULTILINE)


def test_a_passing_file_exits_0_with_a_readable_report(gradebox: Gradebox) -> None:
    result = gradebox("grade", FLAGSHIP, str(SOLUTION))
    assert result.returncode == 0, result.stderr
    assert result.stdout.startswith(f"{FLAGSHIP}: passed (6 of 6 ")
    assert _lines(result.stdout, "PASS") == FLAGSHIP_TESTS
    assert (result.stderr, result.logged) == ("", [])  # the pool shuts down quietly


def test_the_entry_point_exits_with_the_commands_code_and_quietly() -> None:
    passed = process("grade", FLAGSHIP, str(SOLUTION))
    assert passed.returncode == 0, passed.stderr
    assert passed.stdout.startswith(f"{FLAGSHIP}: passed (6 of 6 ")
    assert passed.stderr == ""  # the pool shuts down quietly, at the process's exit too
    usage = process("frobnicate")
    assert usage.returncode == 2
    assert "invalid choice" in usage.stderr


def test_a_failing_file_exits_1_and_names_the_mistake(gradebox: Gradebox) -> None:
    result = gradebox("grade", FLAGSHIP, str(HALVES))
    assert result.returncode == 1
    assert "interleaving" in _lines(result.stdout, "FAIL")
    failed = result.stdout.split("(interleaving)")[1].split("\n[")[0]
    assert "Likely mistake:" in failed  # named under the test it fails
    report = json.loads(gradebox("grade", FLAGSHIP, str(HALVES), "--json").stdout)
    interleaving = next(test for test in report["tests"] if test["id"] == "interleaving")
    assert interleaving["diagnosis"]["id"] == "concatenated-halves"
    assert interleaving["diagnosis"]["title"] in failed


def test_json_prints_the_report_contract(gradebox: Gradebox) -> None:
    result = gradebox("grade", FLAGSHIP, str(HALVES), "--json")
    report = json.loads(result.stdout)
    assert report["version"] == 1
    assert report["verdict"] == "failed"
    assert [test["id"] for test in report["tests"]] == FLAGSHIP_TESTS
    assert [(test["status"], test["message_id"]) for test in report["tests"]] == [
        ("passed", "passed"),
        ("failed", "row-0-not-cos-0"),
        ("failed", "value-differs"),
        ("passed", "passed"),
        ("failed", "not-the-cosine"),
        ("passed", "passed"),
    ]
    assert result.returncode == 1


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (("grade", "no-such-exercise", str(SOLUTION)), "unknown exercise 'no-such-exercise'"),
        (("grade", FLAGSHIP, "/nonexistent/file.py"), "cannot read /nonexistent/file.py"),
        (("grade", FLAGSHIP), "required: file"),
        (("frobnicate",), "invalid choice"),
    ],
    ids=["unknown-slug", "missing-file", "missing-argument", "unknown-command"],
)
def test_usage_errors_exit_2(gradebox: Gradebox, args: tuple[str, ...], message: str) -> None:
    result = gradebox(*args)
    assert result.returncode == 2
    assert message in result.stderr


def test_doctor_shows_every_layer_applied(gradebox: Gradebox) -> None:
    result = gradebox("doctor")
    assert result.returncode == 0, result.stdout
    for layer in ("user", "namespaces", "tmpfs", "landlock", "seccomp"):
        assert f"ok   {layer}" in result.stdout
    assert "sandbox ready" in result.stdout


def test_new_scaffolds_a_folder_that_validate_turns_into_a_todo_list(
    gradebox: Gradebox, tmp_path: Path
) -> None:
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


def test_new_refuses_a_bad_slug(gradebox: Gradebox, tmp_path: Path) -> None:
    result = gradebox("new", "Not A Slug", GRADEBOX_EXERCISES_DIR=str(tmp_path))
    assert result.returncode == 2
    assert "is not a slug" in result.stderr


def test_validate_reports_a_reference_that_raises_at_import_as_a_problem(
    gradebox: Gradebox, tmp_path: Path
) -> None:
    folder = tmp_path / "broken"
    shutil.copytree(EXERCISES / FLAGSHIP, folder)
    with (folder / "solution.py").open("a", encoding="utf-8") as solution:
        solution.write("\nTABLE = {}['missing']\n")
    validated = gradebox("validate", str(folder), GRADEBOX_EXERCISES_DIR=str(tmp_path))
    assert validated.returncode == 1
    assert "Traceback" not in validated.stdout + validated.stderr
    problems = [line for line in validated.stdout.splitlines() if "problem:" in line]
    assert any("solution.py" in line and "KeyError" in line for line in problems), problems
