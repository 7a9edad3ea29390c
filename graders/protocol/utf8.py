"""UTF-8 at the sandbox boundary: lone surrogates travel intact, are shown escaped, or refused.

Python text may hold a lone surrogate (`chr(0xD800)`, `"\\udc80"`), which UTF-8 cannot encode.
Learner code can print or return one, and a submission's source can contain one; every consumer
of a report (the HTTP response, the database, a terminal) needs valid UTF-8. So the child's
text crosses the boundary as it is (`encode`, `decode`) and is escaped before anything shows it
(`escape_lone_surrogates`); the routes refuse source that holds one (`has_lone_surrogates`).
"""

from __future__ import annotations


def encode(text: str) -> bytes:
    """`text` as UTF-8 bytes, a lone surrogate kept (as the three bytes `surrogatepass` gives
    it): `decode` returns the very same text."""
    return text.encode("utf-8", "surrogatepass")


def decode(data: bytes) -> str:
    """Text from `encode`'s bytes, lone surrogates included; UnicodeDecodeError for bytes that
    are not UTF-8."""
    return data.decode("utf-8", "surrogatepass")


def byte_length(text: str) -> int:
    """How many bytes `text` takes in UTF-8, a lone surrogate counted as the three `encode`
    gives it (so that no text is under a byte limit it would be over once sent)."""
    return len(encode(text))


def escape_lone_surrogates(text: str) -> str:
    """`text` as valid UTF-8: each lone surrogate shown as its escape (`\\ud800`), every other
    character kept."""
    return text.encode("utf-8", "backslashreplace").decode("utf-8")


def has_lone_surrogates(text: str) -> bool:
    """Whether `text` holds a lone surrogate: the one thing that keeps text from being UTF-8."""
    try:
        text.encode("utf-8")
    except UnicodeEncodeError:
        return True
    return False
