"""Grading from the command line: `grade` one file, `regrade` the stored submissions."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from app.cli.common import (
    EXIT_NOT_PASSED,
    EXIT_PASSED,
    EXIT_USAGE,
    load_exercise,
    read_settings,
    with_pool,
)

if TYPE_CHECKING:
    from graders.engine import Grader
    from graders.host.process import ZygoteProcess
    from graders.report import Report

_ICONS = {
    "passed": "PASS",
    "failed": "FAIL",
    "error": "ERROR",
    "timed_out": "TIMEOUT",
    "skipped": "SKIP",
}


def grade(args: argparse.Namespace) -> int:
    from graders.host.process import ZygoteProcess

    zygote = ZygoteProcess()  # imports NumPy and the policy while we load the rest
    try:
        return _grade_on(args, zygote)
    finally:
        zygote.kill()


def _grade_on(args: argparse.Namespace, zygote: ZygoteProcess) -> int:
    import json

    from graders.host.errors import SandboxUnavailable
    from graders.report import Verdict

    settings = read_settings()
    exercise = load_exercise(settings, args.slug)
    if exercise is None:
        return EXIT_USAGE
    try:
        source = args.file.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        print(f"gradebox: cannot read {args.file}: {error}", file=sys.stderr)
        return EXIT_USAGE
    try:
        report = with_pool(settings, lambda grader: grader.grade(exercise, source), zygote)
    except SandboxUnavailable as error:
        print(f"gradebox: the sandbox refuses to grade: {error}", file=sys.stderr)
        return EXIT_NOT_PASSED
    print(json.dumps(report.to_dict(), indent=2) if args.json else render(report))
    return EXIT_PASSED if report.verdict is Verdict.PASSED else EXIT_NOT_PASSED


def render(report: Report) -> str:
    """The report for a terminal: verdict, then each test with its message and diagnosis."""
    lines = [
        f"{report.exercise}: {report.verdict} ({report.passed} of {report.total} tests passed)"
    ]
    if report.error:
        where = f" on line {report.error.line}" if report.error.line else ""
        lines.append(f"  {report.error.type}{where}: {report.error.message}")
    for test in report.tests:
        lines.append(f"\n[{_ICONS[test.status]}] {test.title} ({test.id})")
        if test.status != "passed":
            lines.extend("    " + line for line in test.message.splitlines())
        if test.diagnosis:
            lines.append(f"    Likely mistake: {test.diagnosis.title}")
            lines.extend("      " + line for line in test.diagnosis.explanation.splitlines())
    if report.stdout:
        lines.append("\nYour output:")
        lines.extend("    " + _printable(line) for line in report.stdout.splitlines()[:40])
        if report.stdout_truncated:
            lines.append("    [output cut: the rest was over the limit]")
    lines.append(f"\n({report.duration_ms} ms)")
    return "\n".join(lines)


def _printable(text: str) -> str:
    """Learner output with control characters escaped, so it cannot drive the terminal."""
    return "".join(
        char if char.isprintable() or char == "\t" else repr(char)[1:-1] for char in text
    )


def regrade(args: argparse.Namespace) -> int:
    """Grade the stored submissions of one exercise again, through one sandbox as `validate`
    does, and store each new report (its version with it; created_at kept). A grading that
    fails on our side (internal_error) keeps the old report: a regrade never replaces a
    learner's result with our own failure. Run it again to finish an interrupted run."""
    import asyncio
    from collections import Counter

    from app.db import make_engine, migrate, session_factory
    from app.store import Store
    from graders.digest import exercise_version
    from graders.host.errors import SandboxUnavailable
    from graders.report import Verdict

    if args.limit < 1:
        print("gradebox: --limit must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    settings = read_settings()
    exercise = load_exercise(settings, args.slug)
    if exercise is None:
        return EXIT_USAGE
    version = exercise_version(exercise)
    engine = make_engine(settings.sqlalchemy_url, settings.database_timeout_seconds)
    try:
        migrate(engine)  # as the service does at start: the version column may be new
        store = Store(session_factory(engine))
        ids = store.to_regrade(exercise.slug, None if args.all_versions else version, args.limit)
        print(f"{exercise.slug}: {len(ids)} submissions to grade with version {version}")
        changes: Counter[tuple[str, str]] = Counter()
        kept = 0
        step = max(1, -(-len(ids) // 20))  # at most 20 progress lines, whatever the count

        async def work(grader: Grader) -> None:
            nonlocal kept
            for done, submission_id in enumerate(ids, 1):
                stored = await asyncio.to_thread(store.get_submission, submission_id)
                if stored is not None:
                    report = await grader.grade(exercise, stored.code)
                    if report.verdict is Verdict.INTERNAL_ERROR:
                        kept += 1
                    elif await asyncio.to_thread(store.regraded, submission_id, report):
                        changes[(stored.verdict or "pending", str(report.verdict))] += 1
                if done % step == 0 or done == len(ids):
                    print(f"  {done}/{len(ids)} graded", flush=True)

        if ids:
            try:
                with_pool(settings, work)
            except SandboxUnavailable as error:
                print(f"gradebox: the sandbox refuses to grade: {error}", file=sys.stderr)
                return EXIT_NOT_PASSED
    finally:
        engine.dispose()
    regraded = sum(changes.values())
    unchanged = sum(count for (old, new), count in changes.items() if old == new)
    print(f"regraded {regraded}: {unchanged} with the same verdict")
    for (old, new), count in sorted(changes.items()):
        if old != new:
            print(f"  {old} -> {new}: {count}")
    if kept:
        print(f"  {kept} kept their old report: grading them failed on our side (internal_error)")
    return EXIT_NOT_PASSED if kept else EXIT_PASSED
