"""Shared fixtures: the flagship exercise and a real sandbox pool on a background event loop."""

from __future__ import annotations

import asyncio
import logging
import os
import secrets
import threading
from collections.abc import Callable, Coroutine, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

import pytest

from graders.catalog import Catalog
from graders.engine import Grader
from graders.exercise import Exercise
from graders.host.pool import SandboxPool
from graders.protocol.limits import Limits
from graders.report import Report

ROOT = Path(__file__).resolve().parents[1]
EXERCISES = ROOT / "exercises"
TEST_SEED = 2026  # the seed of every fresh probe the `grade` fixture draws
FLAGSHIP = "sinusoidal-positional-encoding"
# Short limits keep the hanging-code tests quick; real defaults live in Limits. The wall clock
# is four times the CPU limit, so a busy loop reaches its CPU limit first even on a quarter of
# a core (a child that waited for a CPU also has its wall extended by that wait).
TEST_LIMITS = Limits(cpu_seconds=1.0, wall_seconds=4.0, memory_bytes=768 * 2**20)
T = TypeVar("T")
POSTGRES_ADMIN = "postgresql://postgres@127.0.0.1:5432/postgres"  # the shared server, loopback
# Shedding follows the machine's measured load, and a test run loads this machine: it fires
# only in the tests of shedding, which set it themselves (every server started from here
# inherits this environment).
os.environ.setdefault("GRADEBOX_SHED_WAIT_SHARE", "0")


class LoopThread:
    """An asyncio loop in a thread, so synchronous tests can await the pool."""

    def __init__(self) -> None:
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.thread.start()

    def run(self, coroutine: Coroutine[Any, Any, T], timeout: float = 60) -> T:
        return asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout)

    def stop(self) -> None:
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(5)
        self.loop.close()


@pytest.fixture(scope="session")
def catalog() -> Catalog:
    return Catalog(EXERCISES, TEST_LIMITS).load()


@pytest.fixture(scope="session")
def flagship(catalog: Catalog) -> Exercise:
    return catalog.get(FLAGSHIP)


@pytest.fixture(scope="session")
def loop_thread() -> Iterator[LoopThread]:
    runner = LoopThread()
    yield runner
    runner.stop()


@pytest.fixture(scope="session")
def pool(loop_thread: LoopThread) -> Iterator[SandboxPool]:
    sandbox = SandboxPool(2, TEST_LIMITS)
    loop_thread.run(sandbox.start())
    yield sandbox
    loop_thread.run(sandbox.close())


class SyncGrader:
    """Grade from synchronous tests."""

    def __init__(self, grader: Grader, loop_thread: LoopThread) -> None:
        self.grader, self.loop_thread = grader, loop_thread

    def __call__(self, exercise: Exercise, source: str) -> Report:
        return self.loop_thread.run(self.grader.grade(exercise, source))


@pytest.fixture(scope="session")
def grade(pool: SandboxPool, loop_thread: LoopThread) -> SyncGrader:
    # Fresh probes from one seed: a corpus verdict is the same on every run and machine (a
    # wrong file caught only on some draws would pass CI one day and fail it the next).
    return SyncGrader(Grader(pool).seeded(TEST_SEED), loop_thread)


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--update-golden",
        action="store_true",
        help="rewrite tests/golden/*/report.json from the current grader (review the diff)",
    )


@pytest.fixture(scope="session")
def update_golden(request: pytest.FixtureRequest) -> bool:
    return bool(request.config.getoption("--update-golden"))


def write_editorial(folder: Path) -> None:
    """A test exercise's solution.md: its reference as the model solution (validate grades it)."""
    code = (folder / "solution.py").read_text(encoding="utf-8")
    (folder / "solution.md").write_text(
        f"## The model solution\n\n```python\n{code}```\n\nIt is the reference.\n", encoding="utf-8"
    )


@dataclass(frozen=True)
class Ran:
    """A command's exit code, its output, and what it logged at WARNING or above (which a
    process of its own would have written to stderr)."""

    returncode: int
    stdout: str
    stderr: str
    logged: list[str]


Gradebox = Callable[..., Ran]


@pytest.fixture
def gradebox(
    capfd: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
    monkeypatch: pytest.MonkeyPatch,
) -> Gradebox:
    """`gradebox ARGS` in this process (the CLI's tests and validate's): `main([...])`, with only the GRADEBOX_* variables given
    (the settings are read afresh) and the working directory the project's."""
    from app.cli import main  # the service's modules only where a test runs the CLI
    from app.settings import get_settings

    sandbox_logger = logging.getLogger("gradebox.sandbox")
    level = sandbox_logger.level  # main() quiets it for the commands that are not services

    def run(*args: str, **env: str) -> Ran:
        with monkeypatch.context() as patch:
            for name in [name for name in os.environ if name.startswith("GRADEBOX_")]:
                patch.delenv(name)
            for name, value in env.items():
                patch.setenv(name, value)
            patch.chdir(ROOT)
            get_settings.cache_clear()
            capfd.readouterr()
            caplog.clear()
            try:
                code = main(list(args))
            except SystemExit as exit:  # argparse's usage errors
                code = exit.code if isinstance(exit.code, int) else 1
            finally:
                get_settings.cache_clear()
                sandbox_logger.setLevel(level)
            out, err = capfd.readouterr()
        logged = [
            record.getMessage() for record in caplog.records if record.levelno >= logging.WARNING
        ]
        return Ran(code, out, err, logged)

    return run


@contextmanager
def postgres_database(prefix: str = "gradebox_test") -> Iterator[str]:
    """A new database of this test's on the shared PostgreSQL, dropped after: its URL."""
    import psycopg  # the `postgres` extra

    name = f"{prefix}_{secrets.token_hex(4)}"
    with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
        admin.execute(f'CREATE DATABASE "{name}"')
    try:
        yield f"postgresql+psycopg://postgres@127.0.0.1:5432/{name}"
    finally:
        with psycopg.connect(POSTGRES_ADMIN, autocommit=True) as admin:
            admin.execute(f'DROP DATABASE "{name}" WITH (FORCE)')
