"""What a check found, as the placeholders of its message in messages.toml.

A check that explains a value mismatch words it with the same few values every time: where
(the index, or its row and column), what came back, what was expected and the largest error.
`mismatch_values` gives them by the names the messages use, so that the check adds only what
it explains:

    if (mismatch := value_mismatch(trial, context.tolerance)) is not None:
        return context.fail("not-gelu", **mismatch_values(mismatch), z=...)
"""

from __future__ import annotations

from typing import Any

from graders.check_values import Mismatch


def mismatch_values(mismatch: Mismatch) -> dict[str, Any]:
    """`index` (the first element not within the tolerance), `got` and `expected` (the two
    values there), `largest` (the largest error), and with a 2-D index `row` and `column`."""
    index = mismatch.index
    values = {
        "index": index,
        "got": float(mismatch.got[index]),
        "expected": float(mismatch.expected[index]),
        "largest": mismatch.largest,
    }
    if len(index) == 2:
        values |= {"row": index[0], "column": index[1]}
    return values
