"""Cut long text to a length, with a visible note of how much was cut."""

from __future__ import annotations

import re

# The note `cut` ends a text with (its default `what`), read back by `uncut_length`.
_NOTE = re.compile(r"\.\.\. \[([\d,]+) more characters\]$")


ERROR_CHARS = 300  # an error's text kept for a log line, /healthz or a refusal


def cut(text: str, limit: int, what: str = "characters", *, note_on_new_line: bool = False) -> str:
    """`text` as it is when it is at most `limit` characters long; else its first `limit`
    characters and a note of how many more there were, `... [1,234 more characters]` (`what`
    names them: "characters printed"), on a line of its own with `note_on_new_line`.

    >>> cut("positional_encoding(4, 8)", 10)
    'positional... [15 more characters]'

    The limit counts characters (code points), never bytes: a cut keeps each character whole
    ("é", "😀"), so what it returns is valid UTF-8 whenever `text` is. The note is added to
    the limit: the result is longer than `limit` when it was cut.
    """
    if limit < 0:
        raise ValueError(f"cannot cut text to {limit} characters")
    if len(text) <= limit:
        return text
    separator = "\n" if note_on_new_line else ""
    return f"{text[:limit]}{separator}... [{len(text) - limit:,} more {what}]"


def uncut_length(text: str) -> int:
    """How many characters `text` had before `cut` cut it (with its default `what`): its own
    length when it ends with no note."""
    note = _NOTE.search(text)
    if note is None:
        return len(text)
    return len(text) - len(note.group(0)) + int(note.group(1).replace(",", ""))
