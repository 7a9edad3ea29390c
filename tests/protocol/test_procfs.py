"""/proc is read in one place: graders/protocol/procfs.py, its paths and its formats."""

from __future__ import annotations

import ast
import os
import shutil
import subprocess
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest

from graders.protocol import procfs
from graders.protocol.schedstat import read_schedstat
from tests.conftest import ROOT

HELPER = ROOT / "graders" / "protocol" / "procfs.py"
SOURCES = sorted(path for package in ("app", "graders") for path in (ROOT / package).rglob("*.py"))


def strings_in_code(tree: ast.Module) -> Iterator[tuple[int, str]]:
    """Every string constant of a module but its docstrings (which may name a file they
    describe): plain literals, and the literal parts of f-strings."""
    documented = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    for node in ast.walk(tree):
        if (
            isinstance(node, ast.Constant)
            and isinstance(node.value, str)
            and id(node) not in documented
        ):
            yield node.lineno, node.value


def test_no_module_but_the_helper_names_a_proc_file() -> None:
    named = [
        f"{path.relative_to(ROOT)}:{line}: {text!r}"
        for path in SOURCES
        if path != HELPER
        for line, text in strings_in_code(ast.parse(path.read_text(encoding="utf-8")))
        if "/proc" in text
    ]
    assert named == [], "read /proc through graders.protocol.procfs"


def test_the_scan_finds_a_proc_path_in_an_f_string() -> None:
    tree = ast.parse('"""Reads /proc/self/stat."""\nopen(f"/proc/{pid}/stat")\n')
    assert [text for _line, text in strings_in_code(tree)] == ["/proc/", "/stat"]


def test_the_helper_imports_nothing_but_os() -> None:
    """Both sides import it, the sandboxed child among them: it must stay that light."""
    tree = ast.parse(HELPER.read_text(encoding="utf-8"))
    imported = {
        alias.name
        for node in ast.walk(tree)
        if isinstance(node, ast.Import | ast.ImportFrom)
        for alias in node.names
    }
    assert imported <= {"os", "annotations"}


@pytest.fixture
def sleeper(tmp_path: Path) -> Iterator[subprocess.Popen[bytes]]:
    """A child whose command name holds spaces and parentheses, as a learner could choose."""
    program = tmp_path / "a) b (c"
    sleep = shutil.which("sleep")
    assert sleep is not None
    shutil.copy(sleep, program)
    child = subprocess.Popen([str(program), "30"])
    yield child
    child.kill()
    child.wait()


def test_the_parent_is_read_past_a_command_name_with_parentheses(
    sleeper: subprocess.Popen[bytes],
) -> None:
    assert procfs.parent_of(sleeper.pid) == os.getpid()
    assert sleeper.pid in procfs.children_of(os.getpid())
    assert sleeper.pid in procfs.process_ids()


def test_a_process_that_is_gone_is_an_os_error(sleeper: subprocess.Popen[bytes]) -> None:
    sleeper.kill()
    sleeper.wait()
    with pytest.raises(FileNotFoundError):
        procfs.read(f"{sleeper.pid}/stat")
    assert sleeper.pid not in procfs.children_of(os.getpid())


def test_every_thread_is_listed_and_its_accounting_read() -> None:
    started, release = threading.Event(), threading.Event()

    def wait() -> None:
        started.set()
        release.wait()

    thread = threading.Thread(target=wait)
    thread.start()
    started.wait()
    try:
        threads = procfs.thread_ids(os.getpid())
        assert {os.getpid(), thread.native_id} <= set(threads)
        if not os.path.exists(procfs.path(f"{os.getpid()}/task/{os.getpid()}/schedstat")):
            pytest.skip("this kernel keeps no scheduler accounting (no CONFIG_SCHED_INFO)")
        ran, waited = procfs.thread_schedstat(os.getpid(), os.getpid())
        assert ran > 0
        assert waited >= 0
        measured = read_schedstat(os.getpid())
        assert measured is not None
        assert measured.run_ms >= ran / 1e6
    finally:
        release.set()
        thread.join()


def fake_proc(root: Path, files: dict[str, str], monkeypatch: pytest.MonkeyPatch) -> None:
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)
    monkeypatch.setattr(procfs, "PROC", str(root))


def test_cpu_pressure_is_the_some_line_by_key(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    fake_proc(
        tmp_path,
        {
            "pressure/cpu": "some avg10=1.50 avg60=0.25 avg300=0.00 total=1234\n"
            "full avg10=9.00 avg60=9.00 avg300=9.00 total=99\n"
        },
        monkeypatch,
    )
    assert procfs.pressure("cpu") == {"avg10": 1.5, "avg60": 0.25, "avg300": 0.0, "total": 1234}


@pytest.mark.parametrize(
    ("files", "error"),
    [
        ({}, OSError),  # no PSI in this kernel
        ({"pressure/cpu": "full avg10=1.00\n"}, ValueError),
        ({"pressure/cpu": "\n"}, ValueError),
        ({"pressure/cpu": "some avg10=fast\n"}, ValueError),
    ],
    ids=["missing", "no-some-line", "empty", "not-a-number"],
)
def test_a_pressure_file_not_as_expected_is_an_error(
    tmp_path: Path,
    monkeypatch: pytest.MonkeyPatch,
    files: dict[str, str],
    error: type[Exception],
) -> None:
    fake_proc(tmp_path, files, monkeypatch)
    with pytest.raises(error):
        procfs.pressure("cpu")


@pytest.mark.parametrize(
    ("stat", "schedstat", "problem"),
    [
        ("7 (x)\n", "12\n", "has no parent field|has 1 fields"),
        ("7 (x) S notanumber\n", "a b c\n", "invalid literal for int"),
    ],
    ids=["too-short", "not-numbers"],
)
def test_a_stat_file_not_as_expected_is_a_value_error(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, stat: str, schedstat: str, problem: str
) -> None:
    fake_proc(tmp_path, {"7/stat": stat, "7/task/7/schedstat": schedstat}, monkeypatch)
    with pytest.raises(ValueError, match=problem):
        procfs.parent_of(7)
    with pytest.raises(ValueError, match=problem):
        procfs.thread_schedstat(7, 7)
    assert read_schedstat(7) is None
