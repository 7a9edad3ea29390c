"""The docs are true of the tree (issue 28, item 4): every file they or a docstring name exists,
every relative link resolves, and the README's counts and layout match what is here."""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
README = ROOT / "README.md"
DOCS = [README, *sorted((ROOT / "docs").glob("*.md"))]
SOURCES = sorted(
    path for folder in ("app", "graders", "scripts") for path in (ROOT / folder).rglob("*.py")
)
SKIPPED = {".git", ".venv", "node_modules", "__pycache__", ".mypy_cache", ".ruff_cache"}

# A file named in prose: `design.md`, `docs/operations.md`, `scripts/bench.py`.
NAMED_FILE = re.compile(r"(?<![\w/.-])((?:[\w-]+/)*[\w-]+\.(?:md|toml|json|sh|yml))(?![\w/-])")
LINK = re.compile(r"\]\(([^)\s]+)\)")


@cache
def _basenames() -> frozenset[str]:
    names = set()
    for path in ROOT.rglob("*"):
        if not SKIPPED.intersection(path.relative_to(ROOT).parts):
            names.add(path.name)
    return frozenset(names)


def _exists(name: str, near: Path) -> bool:
    """A path from the root or from the naming file's folder, or a file of that name somewhere
    (`solution.md` names every exercise's, `report.json` every golden report). A bare name
    other than a document's is what a command writes (`> before.json`), not a citation."""
    if "/" not in name and not name.endswith(".md"):
        return True
    return (
        (ROOT / name).exists() or (near.parent / name).exists() or Path(name).name in _basenames()
    )


@pytest.mark.parametrize("path", DOCS + SOURCES, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_file_a_doc_or_docstring_names_exists(path: Path) -> None:
    text = path.read_text(encoding="utf-8")
    text = re.sub(r"https?://\S+", "", text)  # addresses are not files of ours
    missing = sorted({name for name in NAMED_FILE.findall(text) if not _exists(name, path)})
    assert missing == [], f"{path.relative_to(ROOT)} names files that are not in the tree"


@pytest.mark.parametrize("path", DOCS, ids=lambda path: str(path.relative_to(ROOT)))
def test_every_relative_link_of_a_doc_resolves(path: Path) -> None:
    prose = re.sub(r"```.*?```", "", path.read_text(encoding="utf-8"), flags=re.DOTALL)
    targets = [target.split("#")[0] for target in LINK.findall(prose)]
    relative = [target for target in targets if target and "://" not in target]
    assert [target for target in relative if not (path.parent / target).exists()] == []


def _section(title: str) -> str:
    text = README.read_text(encoding="utf-8")
    start = text.index(f"## {title}\n")
    end = text.find("\n## ", start + 1)
    return text[start : end if end != -1 else None]


def test_the_readme_layout_names_only_folders_and_modules_that_exist() -> None:
    block = _section("Layout: the trust boundary is the folder layout").split("```")[1]
    folders = re.findall(r"^\s*(\w+)/", block, flags=re.MULTILINE)
    assert {"app", "graders", "exercises", "static", "tests", "engine", "inside"} <= set(folders)
    for folder in folders:
        if folder == "exercises" or folder in {"app", "graders", "static", "tests"}:
            assert (ROOT / folder).is_dir(), folder
        else:
            assert (ROOT / "graders" / folder).is_dir(), folder
    modules = re.findall(r"\b([a-z_]+\.py)\b", block)
    assert modules, "the layout names the library's modules"
    assert [module for module in modules if not (ROOT / "graders" / module).is_file()] == []


def _count(pattern: str, text: str) -> int:
    found = re.search(pattern, text)
    assert found is not None, f"the README no longer says {pattern!r}"
    return int(found.group(1))


def test_the_readme_counts_the_exercises_and_the_corpus_as_they_are() -> None:
    text = README.read_text(encoding="utf-8")
    exercises = [
        path for path in (ROOT / "exercises").iterdir() if (path / "exercise.toml").is_file()
    ]
    assert _count(r"holds (\d+) exercises", text) == len(exercises)
    corpus = ROOT / "tests" / "corpus"
    correct, wrong = len(list(corpus.glob("*/*.py"))), len(list(corpus.glob("*/wrong/*.py")))
    # "over 400": the hundreds below the count
    assert _count(r"over (\d+) correct", text) == correct // 100 * 100
    assert _count(r"over (\d+) wrong", text) == wrong // 100 * 100
