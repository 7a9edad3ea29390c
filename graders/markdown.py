"""Render authored Markdown to HTML, leaving math as TeX delimiters for the page to typeset."""

from __future__ import annotations

import html
from functools import lru_cache
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from markdown_it import MarkdownIt


def _math(content: str, options: dict[str, Any]) -> str:
    delimiter = "$$" if options.get("display_mode") else "$"
    return f"{delimiter}{html.escape(content)}{delimiter}"


@lru_cache(maxsize=1)
def _renderer() -> MarkdownIt:
    # Imported on first use: a command that renders nothing (`gradebox grade`) never loads it.
    from markdown_it import MarkdownIt
    from mdit_py_plugins.dollarmath import dollarmath_plugin

    # Raw HTML is off: authored text is rendered, never passed through.
    return (
        MarkdownIt("commonmark", {"html": False})
        .enable("table")
        .use(dollarmath_plugin, double_inline=True, renderer=_math)
    )


def render(markdown: str) -> str:
    return str(_renderer().render(markdown))
