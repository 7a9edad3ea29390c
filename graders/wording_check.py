"""Every id a checks.py words a result with has its text in messages.toml, and the reverse.

Read from checks.py's syntax, so that a missing text is found at load, not the day a learner's
answer first reaches that message: `context.fail("id", ..., name=...)` needs `[messages] id`
with no placeholder the call does not give (the `tolerance` is always given);
`context.finding("id", ...)` and `@transformation("id", ...)` need `[findings.id]`. The id
may be a choice between two, `context.fail("below" if low else "near", ...)`: each needs its
text. A test's
`explain = "id"` (read by a built-in check) names a message too, as does each id of a list
(`explain = ["even", "odd"]`: `row_matches`). A text no check names is
a problem as well: it is prose no learner can ever read. And an id the library gives results
(graders.message_ids) is not the exercise's to take.
"""

from __future__ import annotations

import ast

from graders.exercise import Exercise
from graders.message_ids import RESERVED
from graders.wording import MESSAGES_FILE, placeholders
from graders.wording_style import named_problems

ALWAYS_GIVEN = frozenset({"tolerance"})
MESSAGE_PARAMS = ("explain",)  # test keys whose value is a message id


def wording_problems(exercise: Exercise) -> list[str]:
    messages, findings = _named(exercise)
    wording = exercise.wording
    problems = []
    for message_id, (line, given) in sorted(messages.items()):
        if message_id not in wording.messages:
            problems.append(
                f"{_where(line)}: names message `{message_id}`, which {MESSAGES_FILE} lacks: "
                f"add it under [messages]"
            )
        elif given is not None:
            missing = placeholders(wording.messages[message_id]) - given - ALWAYS_GIVEN
            if missing:
                problems.append(
                    f"{_where(line)}: message `{message_id}` has placeholders "
                    f"{sorted(missing)} that this call does not give"
                )
    for finding_id, line in sorted(findings.items()):
        if finding_id not in wording.findings:
            problems.append(
                f"{_where(line)}: names finding `{finding_id}`, which {MESSAGES_FILE} lacks: "
                f"add a [findings.{finding_id}] table with a title and an explanation"
            )
    for message_id in sorted(set(wording.messages) & RESERVED):
        problems.append(
            f"{MESSAGES_FILE}: [messages] {message_id} takes an id the library gives results "
            "(graders/message_ids.py): choose another, so a program can tell the two apart"
        )
    for message_id in sorted(set(wording.messages) - set(messages)):
        problems.append(f"{MESSAGES_FILE}: [messages] {message_id} is used by no check")
    for finding_id in sorted(set(wording.findings) - set(findings)):
        problems.append(f"{MESSAGES_FILE}: [findings.{finding_id}] is named by no analysis")
    return problems


def _where(line: int | None) -> str:
    return f"checks.py line {line}" if line else "exercise.toml"


Given = frozenset[str] | None  # the keywords of a call, None when it passes **values


def _named(exercise: Exercise) -> tuple[dict[str, tuple[int | None, Given]], dict[str, int]]:
    """The message ids (with the line and the keywords given) and the finding ids (with the
    line) that the exercise names."""
    messages: dict[str, tuple[int | None, Given]] = {}
    findings: dict[str, int] = {}
    for test in exercise.tests:
        for key in MESSAGE_PARAMS:
            value = test.params.get(key)
            named = [value] if isinstance(value, str) else value if isinstance(value, list) else []
            for text_id in (item for item in named if isinstance(item, str)):
                messages.setdefault(text_id, (None, None))
    if not exercise.checks_path.is_file():
        return messages, findings
    tree = ast.parse(exercise.checks_path.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        if not isinstance(node, ast.Call) or not node.args:
            continue
        ids = _ids(node.args[0])
        name = _called_name(node.func)
        if name == "fail":
            keywords = {keyword.arg for keyword in node.keywords}
            given: Given = None if None in keywords else frozenset(k for k in keywords if k)
            messages.update((text_id, (node.lineno, given)) for text_id in ids)
        elif name in ("finding", "transformation"):
            findings.update((text_id, findings.get(text_id, node.lineno)) for text_id in ids)
    return messages, findings


def _ids(node: ast.expr) -> list[str]:
    """The ids a call's first argument names: a string, or `"a" if ... else "b"` of them."""
    if isinstance(node, ast.IfExp):
        body, orelse = _ids(node.body), _ids(node.orelse)
        return body + orelse if body and orelse else []
    return [node.value] if isinstance(node, ast.Constant) and isinstance(node.value, str) else []


def _called_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Attribute):
        return func.attr
    if isinstance(func, ast.Name):
        return func.id
    return None


def style_problems(exercise: Exercise) -> list[str]:
    """Where the exercise's words break a rule of graders.wording_style: its messages and
    findings as templates, its prose (the statement, the hints, the tests' and the mistakes'
    texts) as prose. `gradebox validate` warns of each."""
    wording = exercise.wording
    templates = [
        (f"{MESSAGES_FILE} [messages] {key}", text) for key, text in wording.messages.items()
    ]
    templates += [
        (f"{MESSAGES_FILE} [findings.{key}]", text)
        for key, finding in wording.findings.items()
        for text in (finding.title, finding.explanation)
    ]
    texts = [("statement.md", exercise.statement)]
    texts += [
        (f"hints.md `{hint.title}`", f"{hint.title}\n\n{hint.markdown}") for hint in exercise.hints
    ]
    texts += [
        (f"exercise.toml test `{test.id}`", text)
        for test in exercise.tests
        for text in (test.title, test.description)
    ]
    texts += [
        (f"exercise.toml mistake `{mistake.id}`", text)
        for mistake in exercise.mistakes
        for text in (mistake.title, mistake.explanation, mistake.tip)
    ]
    return named_problems(templates, templates=True) + named_problems(texts, templates=False)
