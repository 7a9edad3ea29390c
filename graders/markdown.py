"""Authored Markdown: rendered to HTML (math left as TeX delimiters for the page to typeset),
and read into its parts (the hints of hints.md, the examples of a statement).

One parser configuration serves both, so what is a heading or a code block on the page is one
when the parts are read.
"""

from __future__ import annotations

import doctest
import html
import re
from dataclasses import dataclass
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from markdown_it import MarkdownIt


@dataclass(frozen=True)
class Hint:
    title: str
    markdown: str


@dataclass(frozen=True)
class Example:
    """A ```pycon example from the statement: an expression (or a statement such as
    `x = np.arange(4)`, continued on `... ` lines), the literal it shows, its line."""

    expression: str
    expected: str
    line: int  # the 1-based line of its `>>>`
    prompt_lines: int = 1  # the `>>>` line and its `... ` lines
    expected_lines: int = 0  # the lines of the literal shown after them (0: it shows nothing)
    indent: str = ""  # what precedes its `>>>` on the line


def _math(content: str, options: dict[str, Any]) -> str:
    delimiter = "$$" if options.get("display_mode") else "$"
    return f"{delimiter}{html.escape(content)}{delimiter}"


@lru_cache(maxsize=1)
def _parser() -> MarkdownIt:
    # Imported on first use: a command that reads no Markdown never loads it.
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    # Raw HTML is off: authored text is rendered, never passed through.
    return (
        MarkdownIt("commonmark", {"html": False})
        .enable("table")
        .use(dollarmath_plugin, double_inline=True, renderer=_math)
    )


_RELATIVE_IMAGE = re.compile(r"^(?:\./)?images/([^/?#]+)$")


def render(markdown: str, images: str | None = None) -> str:
    """HTML for authored Markdown. With `images` (a URL path), an image written relative to the
    exercise folder, `![...](images/plot.png)`, points there instead: the file previews beside
    the statement in an editor, and the page loads it from the API."""
    parser = _parser()
    if images is None:
        return str(parser.render(markdown))
    tokens = parser.parse(markdown)
    for token in tokens:
        for child in token.children or []:
            source = str(child.attrGet("src") or "") if child.type == "image" else ""
            if found := _RELATIVE_IMAGE.match(source):
                child.attrSet("src", f"{images.rstrip('/')}/{found.group(1)}")
    return str(parser.renderer.render(tokens, parser.options, {}))


_DOCTEST = doctest.DocTestParser()


def _source_lines(markdown: str) -> list[str]:
    """The lines markdown-it numbers in `Token.map` (it splits on \\r\\n, \\r and \\n only)."""
    return re.split(r"\r\n?|\n", markdown)


def parse_hints(markdown: str) -> list[Hint]:
    """hints.md: each level-2 heading starts a hint, whose Markdown is its section's source.

    A `## ` line in a fenced code block is code, not a heading; text before the first heading
    belongs to no hint.
    """
    tokens = _parser().parse(markdown)
    headings = [
        (token.map, tokens[index + 1].content.strip())
        for index, token in enumerate(tokens)
        if token.type == "heading_open" and token.tag == "h2" and token.level == 0 and token.map
    ]
    lines = _source_lines(markdown)
    ends = [start for (start, _), _ in headings[1:]] + [len(lines)]
    return [
        Hint(title, "\n".join(lines[body:end]).strip())
        for ((_, body), title), end in zip(headings, ends, strict=True)
    ]


def parse_examples(markdown: str) -> list[Example]:
    """The statement's ```pycon blocks, read as doctest reads them: every `>>>` example (with
    its `...` lines), the literal it shows, and its line in the file.

    ValueError when a block is not doctest-shaped (a `>>>` without a space after it, say).
    """
    examples: list[Example] = []
    for token in _parser().parse(markdown):
        if token.type != "fence" or token.info.strip() != "pycon" or not token.map:
            continue
        first_line = token.map[0] + 2  # the 1-based line after the opening fence
        name = f"the ```pycon block on line {token.map[0] + 1}"
        examples += [
            Example(
                example.source.strip(),
                example.want.strip(),
                first_line + example.lineno,
                prompt_lines=example.source.count("\n"),
                expected_lines=example.want.count("\n"),
                indent=" " * example.indent,
            )
            for example in _DOCTEST.get_examples(token.content, name)
        ]
    return examples
