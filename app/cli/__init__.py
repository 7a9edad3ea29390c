"""The `gradebox` command line: serve, worker, migrate, grade, validate, regrade, doctor, new.

Each command imports only what it needs, so that `gradebox grade` from a cold shell spends its
time grading: it starts the zygote first (NumPy and the policy load there while this process
loads its own modules, on the other core), then reads the settings and the one exercise.

__init__.py    the parser (every command and its arguments, as `--help` lists them) and `main`
operations.py  the operator's: serve, worker, migrate, doctor
grading.py     grade one file (and its terminal rendering), regrade stored submissions
authoring.py   the exercise author's: validate, new
common.py      exit codes, the settings, one exercise by slug, a one-zygote sandbox pool
"""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from app.cli import authoring, grading, operations
from app.cli.common import EXIT_USAGE

__all__ = ["main"]


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


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(prog="gradebox", description="Auto-graded NumPy exercises.")
    commands = parser.add_subparsers(dest="command")
    serve = commands.add_parser("serve", help="serve the practice page and the API")
    serve.add_argument("--host", default="127.0.0.1")
    serve.add_argument("--port", type=int, default=8000)
    serve.set_defaults(run=operations.serve)
    worker = commands.add_parser(
        "worker", help="grade submissions sent over Redis (the distributed mode's grading host)"
    )
    worker.add_argument("--name", help="this worker's name in Redis (default: host-pid-random)")
    worker.set_defaults(run=operations.worker)
    migrate = commands.add_parser("migrate", help="bring the database schema up to date")
    migrate.add_argument(
        "--replace-secret",
        action="store_true",
        help="record this GRADEBOX_SECRET_KEY as the one every server on the database signs "
        "with (stop them all first; every learner is signed out)",
    )
    migrate.set_defaults(run=operations.migrate)
    grade = commands.add_parser("grade", help="grade one file against an exercise")
    grade.add_argument("slug")
    grade.add_argument("file", type=Path)
    grade.add_argument("--json", action="store_true", help="print the JSON report")
    grade.set_defaults(run=grading.grade)
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
    validate.set_defaults(run=authoring.validate)
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
    regrade.set_defaults(run=grading.regrade)
    doctor = commands.add_parser("doctor", help="run the sandbox self-test and show each layer")
    doctor.set_defaults(run=operations.doctor)
    new = commands.add_parser("new", help="scaffold a new exercise folder")
    new.add_argument("slug")
    new.set_defaults(run=authoring.new)
    return parser
