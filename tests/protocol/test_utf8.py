"""graders.protocol.utf8: lone surrogates cross the boundary intact, are shown escaped, or refused."""

from __future__ import annotations

import pytest

from graders.protocol import utf8

TEXTS = {
    "empty": "",
    "ascii": "loss = 0.25",
    "two-byte": "café",
    "four-byte": "🎉 done",
    "lone-surrogate": "bad \ud800 here",
    "low-surrogate-at-the-end": "end\udfff",
    "a-surrogate-pair-as-two-code-points": "\ud83d\ude00",
}


@pytest.mark.parametrize("text", TEXTS.values(), ids=TEXTS.keys())
def test_encoded_text_decodes_to_the_same_text(text: str) -> None:
    assert utf8.decode(utf8.encode(text)) == text


@pytest.mark.parametrize(
    ("text", "size"),
    [("", 0), ("abc", 3), ("é", 2), ("日", 3), ("😀", 4), ("\ud800", 3), ("a\udc80b", 5)],
)
def test_byte_length_counts_utf8_bytes_a_lone_surrogate_as_three(text: str, size: int) -> None:
    assert utf8.byte_length(text) == size


@pytest.mark.parametrize(
    ("text", "shown"),
    [
        ("", ""),
        ("café 🎉", "café 🎉"),
        ("bad \ud800 here", "bad \\ud800 here"),
        ("end\udfff", "end\\udfff"),
        ("\ud83d\ude00", "\\ud83d\\ude00"),
    ],
)
def test_escaping_shows_lone_surrogates_and_keeps_the_rest(text: str, shown: str) -> None:
    escaped = utf8.escape_lone_surrogates(text)
    assert escaped == shown
    assert not utf8.has_lone_surrogates(escaped)


@pytest.mark.parametrize(
    ("text", "lone"),
    [("", False), ("café", False), ("😀", False), ("x\ud800", True), ("\udc80", True)],
)
def test_has_lone_surrogates(text: str, lone: bool) -> None:
    assert utf8.has_lone_surrogates(text) is lone


def test_bytes_that_are_not_utf8_are_refused() -> None:
    with pytest.raises(UnicodeDecodeError):
        utf8.decode(b"\xff\xfe")
