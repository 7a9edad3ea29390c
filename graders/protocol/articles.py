"""Choose "a" or "an" by how the word after it is said ("an int32", "a uint8", "an 8-D")."""

from __future__ import annotations

import re

# Words that start with a vowel letter but a consonant sound, and the reverse.
_CONSONANT_SOUND = ("uni", "use", "usu", "uti", "ufunc", "uint", "eu", "one", "once", "ura")
_VOWEL_SOUND = ("hour", "honest", "honour", "heir", "nd")  # "an ndarray": en-dee
_VOWEL_LETTER_NAMES = set("aefhilmnorsx")  # "an f", "an MSE", "an RMS"
# Capitals said as a word, not letter by letter.
_SPOKEN_WORDS = frozenset({"NaN", "NUL", "GELU", "ReLU", "SiLU", "ADAM"})


def article(word: str) -> str:
    """ "a" or "an", as `word` is said: `article("int32") == "an"`, `article("uint8") == "a"`,
    `article("8-D") == "an"`, `article("MSE") == "an"`."""
    digits = re.match(r"\d+", word)
    if digits:
        number = digits[0]
        eleven = len(number) % 3 == 2 and number[:2] in ("11", "18")
        return "an" if number[0] == "8" or eleven else "a"
    letters = re.match(r"[A-Za-z]+", word)
    if not letters:
        return "a"
    text = letters[0]
    if (len(text) == 1 or (text.isupper() and len(text) <= 4)) and text not in _SPOKEN_WORDS:
        return "an" if text[0].lower() in _VOWEL_LETTER_NAMES else "a"
    lower = text.lower()
    if lower.startswith(_CONSONANT_SOUND):
        return "a"
    if lower.startswith(_VOWEL_SOUND) or lower[0] in "aeiou":
        return "an"
    return "a"


def with_article(word: str) -> str:
    """`word` after the article it takes: `with_article("int32 array") == "an int32 array"`."""
    return f"{article(word)} {word}"
