"""The tools of `gradebox validate`: edit an exercise folder to agree with what it observed.

`--fill-examples` writes the reference's values into statement.md's ```pycon examples;
`--write-fails` writes each known mistake's observed catches into its `fails` in exercise.toml.
Both are targeted text edits: everything the author wrote around them stays as it was.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

from graders.validate import Validation


def _read(path: Path) -> str:
    """The file as written: its line endings kept (they are the author's too)."""
    with path.open(encoding="utf-8", newline="") as file:
        return file.read()


def _lines(text: str) -> list[str]:
    """The lines as markdown-it numbers them (split on \\r\\n, \\r and \\n), each with its end."""
    return re.findall(r"[^\r\n]*(?:\r\n|\r|\n)|[^\r\n]+$", text)


def fill_examples(validation: Validation) -> list[int]:
    """Write the reference's values into statement.md, for each example that shows another
    value or none: only its output lines change (the author's `>>>` and `...` lines stay).
    The lines of the examples written, in order."""
    assert validation.exercise is not None, "fill_examples needs a loaded exercise"
    path = validation.exercise.path / "statement.md"
    lines = _lines(_read(path))
    written = []
    for run in sorted(validation.examples, key=lambda run: -run.example.line):
        if run.agrees or run.shown is None:
            continue
        example = run.example
        first = example.line - 1 + example.prompt_lines  # the first line after its prompt
        ending = re.sub(r"[^\r\n]", "", lines[example.line - 1]) or "\n"
        lines[first : first + example.expected_lines] = [example.indent + run.shown + ending]
        written.append(example.line)
    if written:
        path.write_text("".join(lines), encoding="utf-8", newline="")
    return sorted(written)


def write_fails(validation: Validation) -> list[str]:
    """Write each mistake's observed catches into its `fails` in exercise.toml, where they
    differ from what it says: a targeted edit of that one key (comments, order and layout stay).
    The ids of the mistakes written. Mistakes that did not run to the end, or passed, are left."""
    exercise = validation.exercise
    assert exercise is not None, "write_fails needs a loaded exercise"
    order = [test.id for test in exercise.tests]
    wanted = {
        mistake.id: sorted(caught, key=order.index)
        for mistake in exercise.mistakes
        if (caught := validation.observed_fails.get(mistake.id))
        and set(caught) != set(mistake.fails)
    }
    if not wanted:
        return []
    path = exercise.path / "exercise.toml"
    lines = _lines(_read(path))
    for start, end in reversed(_mistake_tables(lines)):
        mistake_id = _key_value(lines[start:end], "id")
        if mistake_id in wanted:
            lines[start:end] = _with_fails(lines[start:end], wanted[mistake_id])
    text = "".join(lines)
    written = {item["id"]: item["fails"] for item in tomllib.loads(text).get("mistakes", [])}
    if any(written.get(mistake_id) != fails for mistake_id, fails in wanted.items()):
        raise ValueError("exercise.toml: could not find every `fails = [...]` to rewrite")
    path.write_text(text, encoding="utf-8", newline="")
    return list(wanted)


_HEADER = re.compile(r"[ \t]*\[")
_MISTAKES_HEADER = re.compile(r"[ \t]*\[\[[ \t]*mistakes[ \t]*\]\]")


def _mistake_tables(lines: list[str]) -> list[tuple[int, int]]:
    """The [start, end) line ranges of the [[mistakes]] tables (a `[` in a multi-line string
    starts no table)."""
    tables: list[tuple[int, int]] = []
    start: int | None = None
    quoted = False
    for index, line in enumerate(lines):
        if not quoted and _HEADER.match(line):
            if start is not None:
                tables.append((start, index))
            start = index if _MISTAKES_HEADER.match(line) else None
        quoted ^= (line.count('"""') + line.count("'''")) % 2 == 1
    if start is not None:
        tables.append((start, len(lines)))
    return tables


def _key_value(lines: list[str], key: str) -> str | None:
    for line in lines:
        found = re.match(rf"[ \t]*{key}[ \t]*=[ \t]*([\"'])(.*?)\1", line)
        if found:
            return found.group(2)
    return None


def _with_fails(lines: list[str], fails: list[str]) -> list[str]:
    """The table's lines with its `fails = [...]` (on one line or several) set to `fails`."""
    for first, line in enumerate(lines):
        found = re.match(r"([ \t]*)fails[ \t]*=[ \t]*\[", line)
        if not found:
            continue
        rest = "".join(lines[first:])
        close = _closing_bracket(rest, found.end() - 1)
        last, consumed = first, len(lines[first])
        while consumed <= close:  # the line that holds the closing `]`
            last += 1
            consumed += len(lines[last])
        after = rest[close + 1 : consumed]  # a comment after it, and the line's ending
        return [
            *lines[:first],
            f"{found.group(1)}fails = {json.dumps(fails)}{after}",
            *lines[last + 1 :],
        ]
    return lines


def _closing_bracket(text: str, opening: int) -> int:
    """The index of the `]` closing the `[` at `opening`, past strings and comments."""
    depth, index, quote = 0, opening, ""
    while index < len(text):
        char = text[index]
        if quote:
            quote = "" if char == quote else quote
        elif char in "\"'":
            quote = char
        elif char == "#":
            index = text.find("\n", index)
            if index < 0:
                break
        elif char == "[":
            depth += 1
        elif char == "]":
            depth -= 1
            if depth == 0:
                return index
        index += 1
    raise ValueError("exercise.toml: a `fails = [` is never closed")
