"""graders.protocol.text: the one way long text is cut, with a note of how much."""

from __future__ import annotations

import pytest

from graders.protocol.text import cut, uncut_length


@pytest.mark.parametrize(
    ("text", "limit", "expected"),
    [
        pytest.param("", 5, "", id="empty"),
        pytest.param("", 0, "", id="empty-at-zero"),
        pytest.param("abcde", 5, "abcde", id="exact-fit"),
        pytest.param("abcdef", 5, "abcde... [1 more characters]", id="one-over"),
        pytest.param("abc", 0, "... [3 more characters]", id="cut-to-nothing"),
        pytest.param("x" * 1_250, 250, "x" * 250 + "... [1,000 more characters]", id="thousands"),
        # Each of these takes two to four bytes in UTF-8: the cut falls between characters.
        pytest.param("ééééé", 2, "éé... [3 more characters]", id="inside-two-byte-characters"),
        pytest.param("a😀b😀", 2, "a😀... [2 more characters]", id="inside-a-four-byte-character"),
        pytest.param("日本語", 3, "日本語", id="three-byte-characters-exact-fit"),
    ],
)
def test_cut_keeps_the_limit_and_says_how_many_more(text: str, limit: int, expected: str) -> None:
    assert cut(text, limit) == expected


@pytest.mark.parametrize("text", ["é" * 300, "😀" * 300, "a\u0301" * 150])
def test_a_cut_text_is_valid_utf8(text: str) -> None:
    cut_text = cut(text, 201)
    cut_text.encode("utf-8")  # raises for a split character (a lone surrogate)
    assert cut_text.startswith(text[:201])


def test_the_note_names_what_was_cut_on_a_line_of_its_own() -> None:
    printed = cut("x" * 2_500, 2_000, "characters printed", note_on_new_line=True)
    assert printed == "x" * 2_000 + "\n... [500 more characters printed]"


def test_a_negative_limit_is_refused() -> None:
    with pytest.raises(ValueError, match="-1 characters"):
        cut("abc", -1)


@pytest.mark.parametrize(
    ("text", "length"),
    [
        pytest.param("", 0, id="empty"),
        pytest.param("short", 5, id="never-cut"),
        pytest.param(cut("x" * 900, 200), 900, id="cut"),
        pytest.param(cut("y" * 12_345, 200), 12_345, id="cut-past-a-thousand"),
        pytest.param("ends like ... [3 more things]", 29, id="another-note"),
    ],
)
def test_uncut_length_reads_the_note_back(text: str, length: int) -> None:
    assert uncut_length(text) == length
