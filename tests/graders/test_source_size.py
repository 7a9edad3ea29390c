"""One fact, one place: the size limit of a submission is the exercise's own `source_bytes`,
checked by one function (`graders.protocol.limits.source_too_large`) wherever code arrives (a
submission, a scratch run, the grader itself), refused with one error name and one message,
and sent to the page typed (`limits.code_bytes`); a scratch call's length is one constant
(`CALL_CHARS`), sent to the page too (`scratch.call_chars`)."""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import httpx
import pytest

from graders.catalog import Catalog
from graders.engine.scratch import run_scratch
from graders.exercise import Exercise
from graders.protocol.limits import CALL_CHARS, SOURCE_TOO_LARGE, source_too_large
from graders.scratch import ScratchStatus
from tests.conftest import EXERCISES, FLAGSHIP, LoopThread, SyncGrader

LIMIT = 2048  # the copy's own [limits] source_bytes, far below the service's ceiling
CODE = (EXERCISES / FLAGSHIP / "solution.py").read_text(encoding="utf-8") + "# pad\n" * 500


@pytest.fixture
def small_limit(tmp_path: Path) -> Path:
    folder = tmp_path / "exercises" / FLAGSHIP
    shutil.copytree(EXERCISES / FLAGSHIP, folder)
    toml = folder / "exercise.toml"
    text = toml.read_text(encoding="utf-8")
    if "\n[limits]\n" in text:
        text = text.replace("\n[limits]\n", f"\n[limits]\nsource_bytes = {LIMIT}\n", 1)
    else:
        text += f"\n[limits]\nsource_bytes = {LIMIT}\n"
    toml.write_text(text, encoding="utf-8")
    return folder.parent


def test_the_check_counts_utf8_bytes_and_words_the_refusal_once() -> None:
    assert source_too_large("é" * 1024, 2048) is None  # 2,048 bytes: at the limit
    refusal = source_too_large("é" * 1025, 2048)
    assert refusal is not None
    assert "2,050 bytes;" in refusal  # the code's size in bytes, not its 1,025 characters
    assert "at most 2,048 bytes" in refusal


def test_the_grader_and_a_scratch_run_refuse_with_the_same_error_and_message(
    small_limit: Path, grade: SyncGrader, loop_thread: LoopThread
) -> None:
    exercise = Catalog(small_limit).load().get(FLAGSHIP)
    expected = source_too_large(CODE, LIMIT)
    report = grade(exercise, CODE)
    assert report.error is not None
    assert (report.error.type, report.error.message) == (SOURCE_TOO_LARGE, expected)
    runner = grade.grader.runner
    run = loop_thread.run(run_scratch(runner, exercise, CODE, "positional_encoding(2, 2)"))
    assert run.status is ScratchStatus.ERROR
    assert run.error is not None
    assert (run.error.type, run.message) == (SOURCE_TOO_LARGE, expected)


def test_a_call_over_the_limit_is_refused_and_shown_cut_with_a_note(
    flagship: Exercise, grade: SyncGrader, loop_thread: LoopThread
) -> None:
    solution = flagship.solution_path.read_text(encoding="utf-8")
    call = "positional_encoding(2, 2)" + " + 0" * CALL_CHARS
    run = loop_thread.run(run_scratch(grade.grader.runner, flagship, solution, call))
    assert run.status is ScratchStatus.REFUSED
    assert run.call == call[:CALL_CHARS] + f"... [{len(call) - CALL_CHARS:,} more characters]"


def test_the_routes_refuse_over_the_exercises_own_limit_and_the_page_is_told_it(
    small_limit: Path, tmp_path: Path
) -> None:
    from app.main import create_app
    from app.settings import Settings

    app = create_app(Settings(data_dir=tmp_path / "data", exercises_dir=small_limit, pool_size=1))
    url = f"/api/exercises/{FLAGSHIP}"
    headers = {"origin": "http://localhost"}

    async def scenario() -> tuple[httpx.Response, ...]:
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as http:
                detail = await http.get(url)
                submitted = await http.post(
                    f"{url}/submissions", json={"code": CODE}, headers=headers
                )
                scratch = await http.post(
                    f"{url}/scratch",
                    json={"code": CODE, "call": "positional_encoding(2, 2)"},
                    headers=headers,
                )
                long_call = await http.post(
                    f"{url}/scratch",
                    json={"code": "", "call": "positional_encoding(2, 2)" + " " * CALL_CHARS},
                    headers=headers,
                )
        return detail, submitted, scratch, long_call

    detail, submitted, scratch, long_call = asyncio.run(scenario())
    assert detail.json()["limits"]["code_bytes"] == LIMIT
    assert detail.json()["scratch"]["call_chars"] == CALL_CHARS
    assert long_call.status_code == 422
    for refused in (submitted, scratch):
        assert refused.status_code == 413
        assert refused.json()["detail"] == source_too_large(CODE, LIMIT)
