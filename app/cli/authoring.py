"""The exercise author's commands: `validate` exercise folders, scaffold a `new` one."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING

from app.cli.common import EXIT_NOT_PASSED, EXIT_PASSED, EXIT_USAGE, read_settings, with_pool

if TYPE_CHECKING:
    from graders.engine import Grader
    from graders.validate import Validation


def validate(args: argparse.Namespace) -> int:
    from graders.validate import format_matrix
    from graders.validate_run import validate_folder

    settings = read_settings()
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


def new(args: argparse.Namespace) -> int:
    settings = read_settings()
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
