"""`gradebox new`: scaffold a complete exercise folder with TODOs saying what to fill in."""

from __future__ import annotations

import re
from pathlib import Path

SLUG = re.compile(r"^[a-z0-9]+(-[a-z0-9]+)*$")

TEMPLATES: dict[str, str] = {
    "exercise.toml": '''# TODO: describe the exercise. Every field is explained in docs/authoring.md.
title = "TODO: Title shown in the list"
difficulty = "medium"          # easy | medium | hard
tags = ["numpy"]
summary = "TODO: one line, shown in the exercise list"
section = "TODO: course section"
# order = 1                    # optional: its place in the list; exercises without one come last
tolerance = 1e-4               # absolute tolerance for every value comparison
# rtol = 1e-6                  # optional: + rtol x the call's largest |reference value|

[entry]
function = "solve"
signature = "solve(x: np.ndarray) -> np.ndarray"

# [limits]                     # optional overrides of graders/protocol/limits.py, e.g.
# wall_seconds = 4.0

# "Try your own call" on the practice page: what a learner's call may pass, argument by argument.
[scratch]
example = "solve(np.arange(6.0).reshape(2, 3))"
args = [{ name = "x", array = { ndim = [1, 2] } }]

[[tests]]
id = "shape"
title = "Returns an array of the right shape"
description = "TODO: one line a learner reads before running"
check = "shape"
probes = [[{ random = [3, 4], seed = 1 }]]

[[tests]]
id = "values"
title = "Matches the reference on random inputs"
description = "TODO: one line"
check = "matches_reference"
generate = { count = 5, seed = 0, args = [{ random = [{ int = [1, 8] }, { int = [1, 8] }] }] }

[[tests]]
id = "vectorised"
title = "No Python-level loops"
description = "Whole-array NumPy operations only."
check = "no_python_loops"
# Called twice, the second time with every size (ints, array axes) four times larger: the
# Python steps counted in the learner's code must not grow. `params = { sizes = [0] }` names
# which arguments are sizes when others are ints of another meaning.
probes = [[{ random = [4, 4], seed = 2 }]]

[[mistakes]]
id = "example-mistake"         # the file mistakes/example-mistake.py
title = "TODO: short name of the misconception"
fails = ["values"]             # exactly the tests it fails
# hint = 1                     # optional: the hint that addresses it
explanation = """TODO: what the learner's output shows, and the fix."""
''',
    "statement.md": """<!-- TODO: write the statement in your own words. -->

## What you'll build

TODO

## Formula

TODO: $y = f(x)$

## Inputs and output

TODO

## Example

```pycon
>>> solve(np.array([[1.0, 2.0]]))
[[1.0, 2.0]]
```
""",
    "hints.md": """<!-- One `## Title` section per hint, from a nudge to a near-solution. -->

## TODO: first nudge

TODO
""",
    "starter.py": '''import numpy as np


def solve(x):
    """TODO: the docstring the learner starts from."""
    # Your code here
    pass
''',
    "solution.py": '''import numpy as np


def solve(x):
    """TODO: the reference solution (never shown to learners)."""
    return x.copy()
''',
    "solution.md": """# Editorial: TODO title

<!-- What learners read once they have passed the exercise. `gradebox validate`
grades every ```python block that defines the entry function: it must pass every test. -->

## The model solution

```python
import numpy as np


def solve(x):
    return x.copy()
```

## Step by step

TODO: each step of the model solution, and why it is the right one.

## Why it is vectorised and stable

TODO: what makes it whole-array NumPy, and what keeps its values exact or finite.
""",
    "mistakes/example-mistake.py": """import numpy as np


def solve(x):
    # TODO: a realistic wrong solution, named in exercise.toml [[mistakes]]
    return x * 2.0
""",
    "checks.py": '''"""Exercise-specific checks (optional): see docs/authoring.md. TODO: delete if unused."""
''',
    "messages.toml": """# The words of checks.py's checks and analyses, by id (docs/authoring.md, "Checks and
# analyses as data"). checks.py returns ids and values; {{name}} is a placeholder it fills.
# A text no check names is refused at load, so these examples are comments until used:
#
# [messages]
# not-a-row = "Row {{row}} sums to {{total}}, not 1."    # context.fail("not-a-row", row=..., total=...)
#
# [findings.clips-inputs]                                # context.finding("clips-inputs", low=...)
# title = "Clipping the inputs"
# explanation = "Your values are the reference's on x clipped into [{{low}}, {{high}}]."

[messages]
""",
}


def scaffold(exercises_dir: Path, slug: str) -> Path:
    """Create exercises_dir/slug with every file of an exercise; refuse to overwrite."""
    if not SLUG.match(slug):
        raise ValueError(f"'{slug}' is not a slug: use lowercase words joined by hyphens")
    folder = exercises_dir / slug
    if folder.exists():
        raise ValueError(f"{folder} already exists")
    for name, text in TEMPLATES.items():
        path = folder / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
    return folder
