"""What checks and analyses tell the learner, kept as data: `messages.toml`, addressed by id.

A check or an analysis in checks.py returns ids and values; the words live in the exercise's
`messages.toml`, with named placeholders in double braces:

    [messages]
    not-a-probability = "The value at {{where}} is {{value}}: a probability lies in [0, 1]."

    [findings.clips-inputs]
    title = "Clipping the inputs to avoid overflow"
    explanation = "Your values are the softmax of x clipped into [{{low}}, {{high}}]. ..."

Double braces, because the Markdown holds LaTeX (`$e^{x_i}$`). A value is written as the
learner reads numbers everywhere else (`number`, `row_text`), unless the placeholder gives a
format spec of its own, as Python's `format` reads it: `{{variance:.4g}}` (4 significant
digits, where `number`'s 4 decimals would show 0.003226 and 0.003235 alike), `{{eps:g}}`.
validate checks that every id a checks.py names exists and that every placeholder of a text is
given.
"""

from __future__ import annotations

import re
import tomllib
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

PLACEHOLDER = re.compile(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)(?::([^{}]*?))?\s*\}\}")
MESSAGES_FILE = "messages.toml"


def number(value: float) -> str:
    """A number as the learner reads it: 4 decimals, or scientific when tiny or huge; NaN and
    inf by their names."""
    if np.isnan(value):
        return "NaN"
    if not np.isfinite(value):
        return str(value)
    if value != 0 and (abs(value) < 1e-3 or abs(value) >= 1e5):
        return f"{value:.3e}"
    return f"{value:.4f}"


def tolerance_text(tolerance: float) -> str:
    """A tolerance as the learner reads it, here and on the page (static/src/dom.js
    `formatTolerance` writes the same figure): a power of ten as `1e-4`, a tiny one with two
    significant digits, `1.1e-4` (a call's tolerance grown by `rtol` is not `0.000105841`),
    others with three, `0.005`.

    >>> [tolerance_text(value) for value in (1e-4, 0.000100358, 0.000105841, 0.005, 0.0)]
    ['1e-4', '1e-4', '1.1e-4', '0.005', '0']
    """
    if tolerance == 0 or not np.isfinite(tolerance):
        return f"{tolerance:g}"
    exponent = np.log10(abs(tolerance))
    if exponent == int(exponent) and abs(exponent) >= 3:
        return f"1e{int(exponent)}"
    if abs(tolerance) < 1e-3 or abs(tolerance) >= 1e6:
        mantissa, power = f"{tolerance:.1e}".split("e")
        return f"{mantissa.removesuffix('.0')}e{int(power)}"
    return f"{float(f'{tolerance:.3g}'):g}"


# Capitalised words that stay so after a colon: names, not sentence starts.
PROPER_WORDS = frozenset({"Python", "NumPy", "GELU", "Adam", "Gaussian", "I"})


def joined(lead: str, message: str) -> str:
    """`lead: message` as one sentence: the message's first word in lower case, unless it is a
    name (NumPy, ValueError, `x`).

    >>> joined("Item 0 of the tuple", "The value is 0.5000 but 1.0000 was expected.")
    'Item 0 of the tuple: the value is 0.5000 but 1.0000 was expected.'
    """
    first = re.match(r"[A-Z][a-z]+\b(?![\w(-])", message)
    if first and first[0] not in PROPER_WORDS:
        message = message[0].lower() + message[1:]
    return f"{lead}: {message}"


def row_text(values: np.ndarray[Any, Any], shown: int = 6) -> str:
    """A row of numbers as the learner reads it, the first `shown` of them:

    >>> row_text(np.array([0.0, 1.0, 0.5]))
    '[0.0000, 1.0000, 0.5000]'
    >>> row_text(np.arange(10.0), shown=2)
    '[0.0000, 1.0000, ...]'
    """
    flat = np.ravel(values)
    listed = ", ".join(number(float(value)) for value in flat[:shown])
    return f"[{listed}{', ...' if flat.size > shown else ''}]"


def as_text(value: Any) -> str:
    """A placeholder's value as the learner reads it: a float as `number` writes it, an array
    as a row, an index (a tuple of ints) as `[1, 2]`, anything else as `str` does."""
    if isinstance(value, bool | np.bool_):
        return str(bool(value))
    if isinstance(value, int | np.integer):
        return str(int(value))
    if isinstance(value, float | np.floating):
        return number(float(value))
    if isinstance(value, np.ndarray):
        return row_text(value) if value.ndim else as_text(value.item())
    if isinstance(value, tuple) and all(isinstance(item, int | np.integer) for item in value):
        return f"[{', '.join(str(int(item)) for item in value)}]"
    return str(value)


def placeholders(text: str) -> set[str]:
    """The names of the text's placeholders (`{{name}}`, `{{name:spec}}`)."""
    return {match[1] for match in PLACEHOLDER.finditer(text)}


def format_specs(text: str) -> set[str]:
    """The format specs the text's placeholders give (`.4g` for `{{variance:.4g}}`)."""
    return {match[2] for match in PLACEHOLDER.finditer(text) if match[2] is not None}


def render(text: str, values: Mapping[str, Any]) -> str:
    """`text` with each `{{name}}` replaced by `values[name]` (KeyError if one is missing),
    `{{name:spec}}` by `format(values[name], spec)`."""
    return PLACEHOLDER.sub(lambda match: _filled(values[match[1]], match[2]), text)


def _filled(value: Any, spec: str | None) -> str:
    if spec is None:
        return as_text(value)
    return format(value.item() if isinstance(value, np.generic) else value, spec)


@dataclass(frozen=True)
class FindingText:
    """[findings.<id>]: what an analysis that names a misconception tells the learner."""

    title: str
    explanation: str  # Markdown: what the values show; the fix


class WordingError(ValueError):
    """An id with no text, or a text whose placeholders were not all given."""


@dataclass(frozen=True)
class Wording:
    """An exercise's messages and findings."""

    messages: Mapping[str, str] = field(default_factory=dict)
    findings: Mapping[str, FindingText] = field(default_factory=dict)

    def message(self, message_id: str, values: Mapping[str, Any]) -> str:
        if message_id not in self.messages:
            raise WordingError(f"messages.toml has no [messages] {message_id}")
        return _rendered(self.messages[message_id], values, message_id)

    def finding(self, finding_id: str, values: Mapping[str, Any]) -> tuple[str, str]:
        """The finding's title and explanation, placeholders filled."""
        if finding_id not in self.findings:
            raise WordingError(f"messages.toml has no [findings.{finding_id}]")
        text = self.findings[finding_id]
        return (
            _rendered(text.title, values, finding_id),
            _rendered(text.explanation, values, finding_id),
        )


def _rendered(text: str, values: Mapping[str, Any], text_id: str) -> str:
    missing = placeholders(text) - set(values)
    if missing:
        raise WordingError(f"{text_id} needs {sorted(missing)}, which the check did not give")
    return render(text, values)


def read_wording(folder: Path) -> Wording:
    """The folder's messages.toml (none: no words of its own). ValueError says what is wrong."""
    path = folder / MESSAGES_FILE
    if not path.is_file():
        return Wording()
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as error:
        raise ValueError(f"does not parse: {error}") from None
    unknown = sorted(set(data) - {"messages", "findings"})
    if unknown:
        raise ValueError(f"unknown tables {unknown}: it holds [messages] and [findings.<id>]")
    messages = data.get("messages", {})
    if not isinstance(messages, dict) or not all(
        isinstance(text, str) and text.strip() for text in messages.values()
    ):
        raise ValueError("[messages] maps each id to a text that is not blank")
    findings = {}
    for finding_id, table in data.get("findings", {}).items():
        if not isinstance(table, dict) or set(table) != {"title", "explanation"}:
            raise ValueError(f"[findings.{finding_id}] has exactly a title and an explanation")
        if not all(isinstance(text, str) and text.strip() for text in table.values()):
            raise ValueError(f"[findings.{finding_id}]: its title and explanation are texts")
        findings[finding_id] = FindingText(table["title"], table["explanation"])
    texts = [*messages.values(), *(t for f in findings.values() for t in (f.title, f.explanation))]
    for spec in sorted({spec for text in texts for spec in format_specs(text)}):
        try:
            format(0.5, spec)
        except ValueError:
            raise ValueError(f"`:{spec}` is not a format spec for a number (`.4g`, `g`)") from None
    return Wording(messages, findings)
