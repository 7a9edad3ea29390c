"""The `gradebox` command line: serve, worker, migrate, grade, validate, regrade, doctor, new.

Each command imports only what it needs, so that `gradebox grade` from a cold shell spends its
time grading: it starts the zygote first (NumPy and the policy load there while this process
loads its own modules, on the other core), then reads the settings and the one exercise.
"""

from __future__ import annotations

import argparse
import logging
import sys
from collections.abc import Awaitable, Callable
from pathlib import Path
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from app.settings import Settings
    from graders.engine import Grader
    from graders.host.process import ZygoteProcess
    from graders.report import Report
    from graders.validate import Validation

EXIT_PASSED, EXIT_NOT_PASSED, EXIT_USAGE = 0, 1, 2
T = TypeVar("T")
_ICONS = {
    "passed": "PASS",
    "failed": "FAIL",
    "error": "ERROR",
    "timed_out": "TIMEOUT",
    "skipped": "SKIP",
}


def main(argv: list[str] | None = None) -> int:
    parser = _parser()
    args = parser.parse_args(argv)
    if not getattr(args, "command", None):
        parser.print_help()
        return EXIT_USAGE
    if args.command not in ("serve", "worker"):
        # The operator's line for each sandbox death is for a service's logs; here the report
        # itself says how the run ended.
        logging.getLogger("gradebox.sandbox").setLevel(logging.ERROR)
    code: int = args.run(args)
    return code


def _settings() -> Settings:
    from app.settings import get_settings

    return get_settings()


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gradebox", description="Auto-graded NumPy exercises.")
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="serve the practice page and the API")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(run=_serve)
    worker = commands.add_parser(
        "worker", help="grade submissions sent over Redis (the distributed mode's grading host)"
    )
    worker.add_argument("--name", help="this worker's name in Redis (default: host-pid-random)")
    worker.set_defaults(run=_worker)
    migrate = commands.add_parser("migrate", help="bring the database schema up to date")
    migrate.set_defaults(run=_migrate)
    grade = commands.add_parser("grade", help="grade one file against an exercise")
    grade.add_argument("slug")
    grade.add_argument("file", type=Path)
    grade.add_argument("--json", action="store_true", help="print the JSON report")
    grade.set_defaults(run=_grade)
    validate = commands.add_parser("validate", help="prove exercise folders (default: all)")
    validate.add_argument("folders", nargs="*", type=Path)
    validate.add_argument(
        "--fill-examples",
        action="store_true",
        help="write the reference's values into statement.md's pycon examples that differ",
    )
    validate.add_argument(
        "--write-fails",
        action="store_true",
        help="write each mistake's observed catches into its `fails` in exercise.toml",
    )
    validate.set_defaults(run=_validate)
    regrade = commands.add_parser(
        "regrade", help="grade stored submissions again against an exercise's current version"
    )
    regrade.add_argument("slug")
    regrade.add_argument(
        "--all-versions",
        action="store_true",
        help="also the submissions the current version already graded",
    )
    regrade.add_argument(
        "--limit",
        type=int,
        default=10_000,
        help="at most this many submissions, oldest first (default 10000; run again for more)",
    )
    regrade.set_defaults(run=_regrade)
    doctor = commands.add_parser("doctor", help="run the sandbox self-test and show each layer")
    doctor.set_defaults(run=_doctor)
    new = commands.add_parser("new", help="scaffold a new exercise folder")
    new.add_argument("slug")
    new.set_defaults(run=_new)
    return parser


def _serve(args: argparse.Namespace) -> int:
    """Serve with JSON logs, on the bounded h11 protocol (app/protocol.py, which says why h11),
    with enough file descriptors for `max_connections`, answering only the allowed Hosts."""
    import resource
    from functools import partial

    import uvicorn

    from app.logs import configure_logging
    from app.main import create_app
    from app.memory import return_large_blocks
    from app.protocol import protocol_for
    from app.settings import host_names, is_wildcard

    configure_logging()
    return_large_blocks()  # large arrays freed go back to the kernel (app/memory.py)
    settings = _settings()
    settings.require_shared_secret()
    if is_wildcard(args.host) and not settings.allowed_hosts:
        allowed = sorted(host_names(""))
        logging.getLogger("gradebox").warning(
            "listening on every interface (%s) with GRADEBOX_ALLOWED_HOSTS unset: only requests "
            "for %s are answered, any other Host gets 400; set it to the names clients use",
            args.host,
            ", ".join(allowed),
            extra={"allowed_hosts": allowed},
        )
    # Each connection is a descriptor; the zygotes' pipes, the database and the log need some
    # more (a few per zygote; 256 is plenty of margin).
    wanted = settings.max_connections + 8 * settings.pool_size + 256
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
        if raised < wanted:
            logging.getLogger("gradebox").warning(
                "open files are limited to %d: max_connections=%d may not fit",
                raised,
                settings.max_connections,
                extra={"rlimit_nofile": raised, "wanted": wanted},
            )
    uvicorn.run(
        partial(create_app, bind_host=args.host),
        factory=True,
        host=args.host,
        port=args.port,
        http=protocol_for(settings),
        ws="none",  # no route speaks WebSocket; an upgrade would leave the protocol's limits
        # uvicorn would believe X-Forwarded-* from 127.0.0.1 and rewrite the client's address:
        # app.edge.client_address reads them, from the `trusted_proxies` setting only.
        proxy_headers=False,
        log_config=None,  # configure_logging above: JSON lines on stderr
        log_level="info",
        access_log=False,  # the edge middleware writes one line per request, with its id
        server_header=False,
    )
    return EXIT_PASSED


def _worker(args: argparse.Namespace) -> int:
    """Grade what the API replicas send over Redis, until SIGTERM."""
    from app.logs import configure_logging
    from app.memory import return_large_blocks
    from app.worker import run_worker

    configure_logging()
    return_large_blocks()  # large arrays freed go back to the kernel (app/memory.py)
    logging.getLogger("gradebox.sandbox").setLevel(logging.INFO)
    return run_worker(_settings(), args.name)


def _migrate(args: argparse.Namespace) -> int:
    """Run the schema migrations (a server also runs them at start-up, one at a time)."""
    from app.db import make_engine, migrate

    settings = _settings()
    engine = make_engine(settings.sqlalchemy_url, settings.database_timeout_seconds)
    try:
        migrate(engine)
    finally:
        engine.dispose()
    print("database schema up to date")
    return EXIT_PASSED


def with_pool(
    settings: Settings,
    work: Callable[[Grader], Awaitable[T]],
    zygote: ZygoteProcess | None = None,
) -> T:
    """Start a one-zygote sandbox pool (on `zygote`, if one was started ahead), run `work`
    with a grader on it, stop the pool."""
    import asyncio

    from graders.engine import Grader
    from graders.host.pool import SandboxPool

    async def run() -> T:
        started = [zygote] if zygote else []
        pool = SandboxPool(1, settings.limits, settings.allow_weak_sandbox, prestarted=started)
        await pool.start()
        try:
            return await work(Grader(pool))
        finally:
            await pool.close()

    return asyncio.run(run())


def _grade(args: argparse.Namespace) -> int:
    from graders.host.process import ZygoteProcess

    zygote = ZygoteProcess()  # imports NumPy and the policy while we load the rest
    try:
        return _grade_on(args, zygote)
    finally:
        zygote.kill()


def _grade_on(args: argparse.Namespace, zygote: ZygoteProcess) -> int:
    import json

    from graders.catalog import Catalog, UnknownExercise
    from graders.exercise_file import ExerciseError
    from graders.host.errors import SandboxUnavailable
    from graders.report import Verdict

    settings = _settings()
    catalog = Catalog(settings.exercises_dir, settings.limits)
    try:
        exercise = catalog.load_one(args.slug)
    except UnknownExercise:
        known = ", ".join(catalog.slugs()) or "none"
        print(f"gradebox: unknown exercise '{args.slug}' (known: {known})", file=sys.stderr)
        return EXIT_USAGE
    except ExerciseError as error:  # the folder is there but broken
        where = f"{error.path.name}: {error.field_name}: {error.problem}"
        print(f"gradebox: exercise '{args.slug}' is broken: {where}", file=sys.stderr)
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


def _validate(args: argparse.Namespace) -> int:
    from graders.validate import format_matrix
    from graders.validate_run import validate_folder

    settings = _settings()
    folders = args.folders or sorted(
        folder for folder in settings.exercises_dir.iterdir() if (folder / "exercise.toml").exists()
    )
    missing = [str(folder) for folder in folders if not folder.is_dir()]
    if missing:
        print(f"gradebox: no such folder: {', '.join(missing)}", file=sys.stderr)
        return EXIT_USAGE

    async def work(grader: Grader) -> list[Validation]:
        results = []
        for folder in folders:
            result = await validate_folder(folder, grader)  # problems, never a traceback
            if _apply_tools(args, result):  # the folder changed: prove it again as it is now
                result = await validate_folder(folder, grader)
            results.append(result)
        return results

    results = with_pool(settings, work)
    failed = 0
    for result in results:
        status = "ok" if result.ok else "FAILED"
        print(f"\n== {result.path.name}: {status}")
        if matrix := format_matrix(result):
            print(matrix)
        for warning in result.warnings:
            print(f"  warning: {warning}")
        for problem in result.problems:
            print(f"  problem: {problem}")
        failed += not result.ok
    print(f"\n{len(results) - failed} of {len(results)} exercises valid")
    return EXIT_PASSED if not failed else EXIT_NOT_PASSED


def _regrade(args: argparse.Namespace) -> int:
    """Grade the stored submissions of one exercise again, through one sandbox as `validate`
    does, and store each new report (its version with it; created_at kept). A grading that
    fails on our side (internal_error) keeps the old report: a regrade never replaces a
    learner's result with our own failure. Run it again to finish an interrupted run."""
    import asyncio
    from collections import Counter

    from app.db import make_engine, migrate, session_factory
    from app.store import Store
    from graders.catalog import Catalog, UnknownExercise
    from graders.digest import exercise_version
    from graders.exercise_file import ExerciseError
    from graders.host.errors import SandboxUnavailable
    from graders.report import Verdict

    if args.limit < 1:
        print("gradebox: --limit must be at least 1", file=sys.stderr)
        return EXIT_USAGE
    settings = _settings()
    catalog = Catalog(settings.exercises_dir, settings.limits)
    try:
        exercise = catalog.load_one(args.slug)
    except UnknownExercise:
        known = ", ".join(catalog.slugs()) or "none"
        print(f"gradebox: unknown exercise '{args.slug}' (known: {known})", file=sys.stderr)
        return EXIT_USAGE
    except ExerciseError as error:
        where = f"{error.path.name}: {error.field_name}: {error.problem}"
        print(f"gradebox: exercise '{args.slug}' is broken: {where}", file=sys.stderr)
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


def _apply_tools(args: argparse.Namespace, result: Validation) -> bool:
    """Run the edits asked for (`--fill-examples`, `--write-fails`); whether a file changed."""
    from graders.validate_tools import fill_examples, write_fails

    if result.exercise is None:
        return False
    changed = False
    name = result.path.name
    if args.fill_examples and (lines := fill_examples(result)):
        print(f"{name}: wrote the reference's values into statement.md, lines {lines}")
        changed = True
    if args.write_fails:
        try:
            written = write_fails(result)
        except ValueError as error:
            print(f"{name}: {error}; exercise.toml left as it was", file=sys.stderr)
            written = []
        if written:
            print(f"{name}: wrote `fails` in exercise.toml for {', '.join(written)}")
            changed = True
    return changed


def _doctor(args: argparse.Namespace) -> int:
    from graders.host.errors import SandboxUnavailable
    from graders.host.pool import SandboxPool

    async def work(grader: Grader) -> dict[str, object]:
        pool = grader.runner
        assert isinstance(pool, SandboxPool)
        return pool.state()

    try:
        state = with_pool(_settings(), work)
    except SandboxUnavailable as error:
        print(f"sandbox unavailable: {error}")
        return EXIT_NOT_PASSED
    selftest = state["selftest"]
    assert isinstance(selftest, dict)
    for layer, applied in selftest["layers"].items():
        print(f"  {'ok  ' if applied else 'MISSING'} {layer:12} {selftest['notes'].get(layer, '')}")
    for attack, contained in selftest["contained"].items():
        print(
            f"  {'ok  ' if contained else 'ESCAPED'} {attack:20} {selftest['errors'].get(attack, '')}"
        )
    ready = state["grading"]
    print("sandbox ready" if ready else f"sandbox refuses to grade: {state['refusal']}")
    return EXIT_PASSED if ready else EXIT_NOT_PASSED


def _new(args: argparse.Namespace) -> int:
    settings = _settings()
    from graders.scaffold import scaffold

    try:
        folder = scaffold(settings.exercises_dir, args.slug)
    except ValueError as error:
        print(f"gradebox: {error}", file=sys.stderr)
        return EXIT_USAGE
    program = sys.argv[0] if sys.argv[0].endswith("/gradebox") else "gradebox"
    print(f"created {folder}; fill in the TODOs (checks.py may be deleted if unused), then run:")
    print(f"  {program} validate {folder}")
    return EXIT_PASSED


if __name__ == "__main__":
    sys.exit(main())
