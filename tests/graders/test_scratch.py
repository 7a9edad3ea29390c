"""Scratch runs: the learner's own calls, made in the sandbox, checked twice, shown with the reference.

The calls below are written the way learners write them (keywords, NumPy constructors and their
methods, seeded random arrays, NumPy scalars for ints). Each call's arguments as the sandbox made
them are compared with the same expression evaluated here by plain NumPy.
"""

from __future__ import annotations

import ast
from dataclasses import replace
from typing import Any

import numpy as np
import pytest

from graders.catalog import Catalog
from graders.engine.scratch import NoScratch, run_scratch, value_text
from graders.exercise import Exercise
from graders.host.exchange import RunOutcome, RunStatus
from graders.host.pool import SandboxPool
from graders.protocol import frames, values
from graders.protocol.frames import FrameType
from graders.protocol.limits import Limits
from graders.protocol.refusals import Refusal
from graders.scratch import ReferenceMissing, ScratchRun, ScratchStatus
from tests.conftest import EXERCISES, FLAGSHIP, LoopThread

LEARNER_CALLS = [
    (FLAGSHIP, "positional_encoding(4, 6)"),
    (FLAGSHIP, "positional_encoding(max_len=4, d_model=6)"),
    (FLAGSHIP, "positional_encoding(10, d_model=16)"),
    (FLAGSHIP, "  positional_encoding( 3 , 4 )  "),
    (FLAGSHIP, "positional_encoding(np.int64(5), 2)"),
    (FLAGSHIP, "positional_encoding(2**3, 4 * 2)"),
    (FLAGSHIP, "positional_encoding(int(np.sqrt(16)), 2)"),
    (FLAGSHIP, "positional_encoding(2048, 2)"),
    ("stable-softmax", "softmax(np.array([1.0, 2.0, 3.0]))"),
    ("stable-softmax", "softmax(np.arange(6.0).reshape(2, 3), axis=0)"),
    ("stable-softmax", "softmax(np.array([[1, 2], [3, 4]]))"),
    ("stable-softmax", "softmax(np.random.default_rng(0).normal(size=(2, 5)))"),
    ("stable-softmax", "softmax(np.linspace(-5, 5, 11))"),
    ("stable-softmax", "softmax(np.array([1000.0, 1001.0, 1002.0]))"),
    ("stable-softmax", "softmax(np.zeros(4), -1)"),
    ("stable-softmax", "softmax(np.eye(3) * 10)"),
    ("stable-softmax", "softmax(np.array([1.0, 2.0, 3.0]).astype(np.float32))"),
    ("stable-softmax", "softmax(np.ones((2, 3, 4)))"),
    ("stable-softmax", "softmax(x=np.array([-1e9, 0.0]))"),
    ("stable-softmax", "softmax(np.arange(12.0).reshape(3, 4)[:, ::2])"),
    ("stable-softmax", "softmax(-np.arange(5.0) / 2)"),
    ("scaled-dot-product-attention", "attention(np.eye(3), np.eye(3), np.arange(9.0).reshape(3, 3), causal=True)"),
    ("scaled-dot-product-attention", "attention(np.ones((2, 4)), np.ones((3, 4)), np.ones((3, 2)), True)"),
    ("layer-norm", "layer_norm(np.arange(8.0).reshape(2, 4), np.ones(4), np.zeros(4), eps=1e-5)"),
    ("layer-norm", "layer_norm(np.array([[1.0, 2.0, 3.0]]), np.ones(3), np.zeros(3), 0.0)"),
    ("learned-position-embedding", "position_embedding(np.array([0, 2, 2]), np.arange(12.0).reshape(4, 3))"),
    ("learned-position-embedding", "position_embedding(np.arange(3), np.eye(5))"),
    ("multi-head-attention", "multi_head_attention(np.random.default_rng(1).standard_normal((5, 8)), np.eye(8), np.eye(8), np.eye(8), np.eye(8), n_heads=2)"),
    ("temperature-top-k-sampling", "sample(np.log(np.array([[0.5, 0.3, 0.2]])), 0.5, 2, np.array([0.9]))"),
    ("mse-linear-gradient", "mse_loss_and_grad(np.eye(3), np.array([1.0, 2.0, 3.0]), np.zeros(3))"),
    ("softmax-cross-entropy", "softmax_cross_entropy(np.array([[2.0, 1.0, 0.1], [0.5, 0.5, 3.0]]), np.array([0, 2]))"),
    ("rotary-positional-embedding", "apply_rope(np.arange(12.0).reshape(3, 4))"),
    ("causal-mask", "causal_mask(np.zeros((3, 3)))"),
    ("causal-mask", "causal_mask(np.ones((2, 4, 4)))"),
    ("rms-norm", "rms_norm(np.array([[3.0, 4.0]]), np.array([1.0, 2.0]), eps=0.0)"),
    ("gelu-feed-forward", "feed_forward(np.ones((2, 4)), np.eye(4), np.zeros(4), np.eye(4), np.full(4, 0.5))"),
    ("pre-norm-residual-block", "pre_norm_block(np.arange(8.0).reshape(2, 4), np.ones(4), np.zeros(4), np.eye(4), np.zeros(4), np.eye(4), np.zeros(4))"),
]  # fmt: skip

# (call, why it is refused, the facts its message names); None: the call is made
REFUSED_CALLS: list[tuple[str, Refusal | None, tuple[str, ...]]] = [
    ("positional_encoding(5000, 4)", Refusal.OUT_OF_RANGE, ("max_len", "1 to 2048", "5000")),
    ("positional_encoding(4.0, 6)", Refusal.WRONG_TYPE, ("float", "4.0")),
    ("positional_encoding(True, 6)", Refusal.WRONG_TYPE, ("bool", "True")),
    ("positional_encoding(4)", Refusal.ARGUMENT_MISSING, ("d_model",)),
    ("positional_encoding(4, 6, 8)", Refusal.TOO_MANY_ARGUMENTS, ("takes 2", "gives 3")),
    ("positional_encoding(4, dmodel=6)", Refusal.UNKNOWN_ARGUMENT, ("'dmodel'", "max_len, d_model")),
    ("positional_encoding(4, max_len=6)", Refusal.ARGUMENT_TWICE, ("max_len",)),
    ("pe(4, 6)", Refusal.WRONG_FUNCTION, ("positional_encoding()", "pe()")),
    ("positional_encoding", Refusal.NOT_ONE_CALL, ("positional_encoding(...)",)),
    ("positional_encoding(4, 6", Refusal.NOT_PYTHON, ()),
    ("positional_encoding(4, 6); import os", Refusal.NOT_PYTHON, ()),
    ("positional_encoding(n, 6)", Refusal.NAMES_A_VARIABLE, ("'n'",)),
    ("positional_encoding(*[4, 6])", Refusal.STAR_ARGS, ("*args",)),
    ("positional_encoding(**{'max_len': 4})", Refusal.STAR_KWARGS, ("**kwargs",)),
    ("positional_encoding(len([1]), 6)", Refusal.CALLS_UNAVAILABLE, ("len()",)),
    ("positional_encoding((lambda: 4)(), 6)", Refusal.CONSTRUCT_NOT_ALLOWED, ("a lambda",)),
    ("positional_encoding([i for i in range(3)], 6)", Refusal.CONSTRUCT_NOT_ALLOWED, ("a comprehension",)),
    ("positional_encoding(np.__dict__, 6)", Refusal.PRIVATE_ATTRIBUTE, (".__dict__",)),
    ("positional_encoding(__import__('os'), 6)", Refusal.CALLS_UNAVAILABLE, ("__import__()",)),
    ("positional_encoding(np.arange(3).reshape(5), 6)", Refusal.ARGUMENTS_RAISED, ("ValueError",)),
    ("positional_encoding(np.load('/etc/passwd'), 6)", Refusal.ARGUMENTS_RAISED, ()),
    ("positional_encoding(np.arange(4), 6)", Refusal.WRONG_TYPE, ("1-D array",)),
    ("", Refusal.NO_CALL, ("positional_encoding(...)",)),
    ("positional_encoding(" + "-" * 1900 + "4, 6)", Refusal.CALL_TOO_COMPLEX, ("np.*",)),
    ("positional_encoding(" + "(" * 300 + "4" + ")" * 300 + ", 6)", Refusal.NOT_PYTHON, ("nested",)),
    ("positional_encoding(" + "1 + " * 600 + "1, 6)", Refusal.CALL_TOO_LONG, ("2,000",)),
    ("positional_encoding(" + "(" * 150 + "4" + ")" * 150 + ", 6)", None, ()),  # deep, but fine
]  # fmt: skip


@pytest.fixture(scope="module")
def exercises() -> dict[str, Exercise]:
    catalog = Catalog(EXERCISES, Limits(cpu_seconds=2.0, wall_seconds=8.0)).load()
    return {exercise.slug: exercise for exercise in catalog.in_learning_order()}


def scratch(
    pool: SandboxPool, loop_thread: LoopThread, exercise: Exercise, source: str, call: str
) -> ScratchRun:
    return loop_thread.run(run_scratch(pool, exercise, source, call))


def plain_arguments(call: str) -> list[Any]:
    """The call's arguments as plain NumPy makes them (our own strings: eval is fine here)."""
    tree = ast.parse(call.strip(), mode="eval").body
    assert isinstance(tree, ast.Call)
    scope = {"np": np, "numpy": np}
    made = [eval(ast.unparse(argument), scope) for argument in tree.args]
    named = {k.arg: eval(ast.unparse(k.value), scope) for k in tree.keywords}
    return [*made, *named.values()]


@pytest.mark.parametrize(("slug", "call"), LEARNER_CALLS)
def test_a_learner_style_call_of_the_reference_returns_its_own_answer(
    pool: SandboxPool, loop_thread: LoopThread, exercises: dict[str, Exercise], slug: str, call: str
) -> None:
    exercise = exercises[slug]
    run = scratch(pool, loop_thread, exercise, exercise.solution_path.read_text(), call)
    assert run.status is ScratchStatus.RETURNED, run.message
    assert run.comparison is not None
    assert run.comparison.matches, run.comparison
    assert run.result is not None
    assert run.reference is not None
    given = plain_arguments(call)
    shown = {argument.name: argument.value for argument in run.arguments}
    for value in given:  # each argument the sandbox made reads as NumPy makes it
        text = value_text(int(value) if isinstance(value, np.integer) else value)
        assert any(item.text == text for item in shown.values()), (text, shown)


@pytest.mark.parametrize(("call", "refusal", "facts"), REFUSED_CALLS)
def test_a_call_the_exercise_cannot_take_is_refused_with_the_reason(
    pool: SandboxPool,
    loop_thread: LoopThread,
    exercises: dict[str, Exercise],
    call: str,
    refusal: Refusal | None,
    facts: tuple[str, ...],
) -> None:
    exercise = exercises[FLAGSHIP]
    solution = exercise.solution_path.read_text()
    run = scratch(pool, loop_thread, exercise, solution, call)
    if refusal is None:  # deeply nested parentheses are still one plain call
        assert run.status is ScratchStatus.RETURNED
        assert run.refusal is None
        return
    assert (run.status, run.refusal) == (ScratchStatus.REFUSED, refusal), run.message
    for fact in facts:
        assert fact in run.message
    assert run.result is None
    assert run.reference is None


ARRAY_REFUSALS = [
    ("softmax([1.0, 2.0])", Refusal.LIST_NOT_ARRAY, ("np.array([...])",)),
    ("softmax(np.ones((300, 2)))", Refusal.ARRAY_TOO_LARGE, ("(300, 2)",)),
    ("softmax(np.array(['a', 'b']))", Refusal.WRONG_DTYPE, ("str32",)),
    ("softmax(np.ones(3), axis=5)", Refusal.OUT_OF_RANGE, ("axis", "-3 to 2", "5")),
    ("softmax(np.ones((2, 2, 2, 2)))", Refusal.WRONG_NDIM, ("4-D",)),
]


@pytest.mark.parametrize(("call", "refusal", "facts"), ARRAY_REFUSALS)
def test_an_array_argument_is_checked_for_kind_size_and_dtype(
    pool: SandboxPool,
    loop_thread: LoopThread,
    exercises: dict[str, Exercise],
    call: str,
    refusal: Refusal,
    facts: tuple[str, ...],
) -> None:
    exercise = exercises["stable-softmax"]
    run = scratch(pool, loop_thread, exercise, exercise.solution_path.read_text(), call)
    assert (run.status, run.refusal) == (ScratchStatus.REFUSED, refusal), run.message
    for fact in facts:
        assert fact in run.message


def test_every_refusal_is_met_by_a_call_above() -> None:
    met = {refusal for _, refusal, _ in [*REFUSED_CALLS, *ARRAY_REFUSALS]}
    # a RecursionError while parsing: within CALL_CHARS the parser's own limits come first
    assert set(Refusal) - met == {Refusal.NESTED_TOO_DEEPLY}


def test_a_wrong_answer_is_shown_beside_the_reference_with_where_they_differ(
    pool: SandboxPool, loop_thread: LoopThread, exercises: dict[str, Exercise]
) -> None:
    exercise = exercises[FLAGSHIP]
    wrong = (exercise.path / "mistakes" / "concatenated-halves.py").read_text()
    run = scratch(pool, loop_thread, exercise, wrong, "positional_encoding(3, 4)")
    assert run.status is ScratchStatus.RETURNED
    assert run.comparison is not None
    assert not run.comparison.matches
    assert "Row 0, column 1" in run.comparison.message
    assert run.result is not None
    assert run.result.preview is not None
    assert run.reference is not None
    assert run.reference.preview is not None
    position = np.arange(3)[:, None]
    angle = position / 10000 ** (np.arange(0, 4, 2) / 4)
    expected = np.empty((3, 4))
    expected[:, 0::2], expected[:, 1::2] = np.sin(angle), np.cos(angle)
    np.testing.assert_allclose(run.reference.preview.values, expected, atol=1e-6)
    halves = np.concatenate([np.sin(angle), np.cos(angle)], axis=1)
    np.testing.assert_allclose(run.result.preview.values, halves, atol=1e-6)


# (source, status, the error's type and line, whether the call was made, facts named)
RUNS: list[tuple[str, ScratchStatus, str, int | None, bool, tuple[str, ...]]] = [
    (
        "def positional_encoding(max_len, d_model):\n    raise ValueError('not yet')\n",
        ScratchStatus.RAISED, "ValueError", 2, True, ("ValueError", "line 2", "not yet"),
    ),
    ("def positional_encoding(max_len, d_model:\n", ScratchStatus.ERROR, "SyntaxError", 1, False, ()),
    (
        "def positional_encoding(max_len, d_model):\n    while True:\n        pass\n",
        ScratchStatus.TIMED_OUT, "TimeoutError", None, True, ("2 s", "CPU"),
    ),
    ("x = 1\nwhile True:\n    x += 1\n", ScratchStatus.TIMED_OUT, "TimeoutError", None, False, ("2 s",)),
    ("import os\n", ScratchStatus.ERROR, "ImportError", 1, False, ()),
    ("def other(a, b):\n    return 1\n", ScratchStatus.ERROR, "MissingFunction", None, False, ()),
]  # fmt: skip


@pytest.mark.parametrize(("source", "status", "error", "line", "called", "facts"), RUNS)
def test_how_the_call_ended_is_told_by_its_status_and_error(
    pool: SandboxPool,
    loop_thread: LoopThread,
    exercises: dict[str, Exercise],
    source: str,
    status: ScratchStatus,
    error: str,
    line: int | None,
    called: bool,
    facts: tuple[str, ...],
) -> None:
    run = scratch(pool, loop_thread, exercises[FLAGSHIP], source, "positional_encoding(2, 2)")
    assert run.status is status, run.message
    assert run.error is not None
    assert (run.error.type, run.error.line) == (error, line)
    assert bool(run.arguments) is called  # stopped in the call, or before it: while loading
    for fact in facts:
        assert fact in run.message
    assert run.refusal is None


def test_printed_output_is_returned_and_capped_with_a_note(
    pool: SandboxPool, loop_thread: LoopThread, exercises: dict[str, Exercise]
) -> None:
    exercise = exercises[FLAGSHIP]
    flood = (
        "import numpy as np\nprint('loading')\n"
        "def positional_encoding(max_len, d_model):\n"
        "    for _ in range(100_000):\n        print('x' * 50)\n"
        "    return np.zeros((max_len, d_model))\n"
    )
    run = scratch(pool, loop_thread, exercise, flood, "positional_encoding(2, 2)")
    assert run.status is ScratchStatus.RETURNED
    assert run.stdout.startswith("loading\nxxx")
    assert run.stdout_truncated
    assert len(run.stdout) <= exercise.limits.output_bytes


def test_an_argument_the_call_writes_into_is_shown_as_it_was_given(
    pool: SandboxPool, loop_thread: LoopThread, exercises: dict[str, Exercise]
) -> None:
    exercise = exercises["stable-softmax"]
    source = "import numpy as np\ndef softmax(x, axis=-1):\n    x[:] = 0\n    return x\n"
    run = scratch(pool, loop_thread, exercise, source, "softmax(np.array([1.0, 2.0]))")
    assert run.arguments[0].value.text == "[1. 2.]"
    assert run.arguments[1].name == "axis"
    assert run.arguments[1].value.text == "-1"


def test_an_exercise_may_keep_the_reference_answer_to_itself(
    pool: SandboxPool, loop_thread: LoopThread, exercises: dict[str, Exercise]
) -> None:
    exercise = exercises[FLAGSHIP]
    assert exercise.scratch is not None
    hidden = replace(exercise, scratch=replace(exercise.scratch, reference=False))
    run = scratch(
        pool, loop_thread, hidden, exercise.solution_path.read_text(), "positional_encoding(2, 2)"
    )
    assert run.status is ScratchStatus.RETURNED
    assert run.reference is None
    assert run.comparison is None
    assert "reference" in run.reference_note  # why it is not shown
    assert run.reference_missing is ReferenceMissing.HIDDEN


def test_an_exercise_without_scratch_takes_no_calls(
    pool: SandboxPool, loop_thread: LoopThread, exercises: dict[str, Exercise]
) -> None:
    none = replace(exercises[FLAGSHIP], scratch=None)
    with pytest.raises(NoScratch):
        scratch(pool, loop_thread, none, "", "positional_encoding(2, 2)")


class LyingChild:
    """A runner whose child says it made arguments the schema refuses (a child the learner's
    module-level code took over): the grader must not hand them to the reference."""

    def __init__(self, argument: Any) -> None:
        self.argument = argument

    async def run(self, job: bytes, limits: Limits, on_frames: object = None) -> RunOutcome:
        sent = [frames.encode({"t": FrameType.COMPILING}), frames.encode({"t": FrameType.COMPILED})]
        sent.append(frames.encode({"t": FrameType.LOADED, "loops": []}))
        for index, value in enumerate([self.argument, 4]):
            header, payload = values.pack_value(value, 1 << 30, 1 << 30)
            sent.append(frames.encode({"t": FrameType.ARGUMENT, "index": index, **header}, payload))
        sent.append(frames.encode({"t": FrameType.CALL, "count": 2}))
        sent.append(frames.encode({"t": FrameType.START, "probe": 0}))
        result, payload = values.pack_value(np.zeros((2, 2)), 1 << 30, 1 << 30)
        sent.append(frames.encode({"t": FrameType.RESULT, "probe": 0, **result}, payload))
        done = {"t": FrameType.DONE, "stdout": "", "stdout_truncated": False, "cpu_ms": 1}
        sent.append(frames.encode(done))
        return RunOutcome(RunStatus.OK, frames.decode(b"".join(sent)), 5.0, 1.0)


@pytest.mark.parametrize("argument", [10**9, 2.5, "4", np.ones(3)])
def test_arguments_a_child_sends_are_checked_again_before_the_reference_sees_them(
    loop_thread: LoopThread, exercises: dict[str, Exercise], argument: Any
) -> None:
    run = loop_thread.run(
        run_scratch(LyingChild(argument), exercises[FLAGSHIP], "", "positional_encoding(2, 4)")
    )
    assert run.status is ScratchStatus.INTERNAL_ERROR
    assert run.reference is None
    assert "our fault" in run.message


def _mistakes() -> list[tuple[str, str]]:
    catalog = Catalog(EXERCISES, Limits()).load()
    return [
        (exercise.slug, mistake.id)
        for exercise in catalog.in_learning_order()
        for mistake in exercise.mistakes
    ]


@pytest.mark.parametrize(("slug", "mistake_id"), _mistakes())
def test_a_known_mistake_answering_the_example_wrongly_is_named(
    pool: SandboxPool,
    loop_thread: LoopThread,
    exercises: dict[str, Exercise],
    slug: str,
    mistake_id: str,
) -> None:
    exercise = exercises[slug]
    assert exercise.scratch is not None
    mistake = next(item for item in exercise.mistakes if item.id == mistake_id)
    run = scratch(pool, loop_thread, exercise, mistake.path.read_text(), exercise.scratch.example)
    if run.status is not ScratchStatus.RETURNED or run.comparison is None:
        return  # it raised, or loops only: nothing to compare on this call
    if run.comparison.matches:
        assert run.comparison.diagnosis is None
        return
    named = run.comparison.diagnosis
    assert named is not None, run.comparison.message
    if named.id != mistake_id:  # another known mistake gives the same answer to this call
        assert run.result is not None
        assert run.result.preview is not None
        other = next(item for item in exercise.mistakes if item.id == named.id)
        again = scratch(pool, loop_thread, exercise, other.path.read_text(), run.call)
        assert again.result is not None
        assert again.result.preview is not None
        np.testing.assert_allclose(
            np.asarray(again.result.preview.values, dtype=float),
            np.asarray(run.result.preview.values, dtype=float),
            atol=run.comparison.tolerance,
        )
