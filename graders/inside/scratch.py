"""The untrusted side of a scratch run: read the learner's call and make its arguments.

A call is the entry point applied to argument expressions: literals (numbers, strings, True,
False, None, lists, tuples), arithmetic on them, and NumPy constructors with their methods
(`np.eye(4)`, `np.arange(12).reshape(3, 4)`, `np.random.default_rng(0).normal(size=(2, 3))`,
`np.linspace(0, 1, 5).astype(np.float32)`). Nothing else is called: not the learner's own
helpers, not builtins beyond a few constructors. The expression is parsed here, in the child,
and the arguments are made under the same restricted policy as the submission (the facade's
NumPy, guarded attribute access), then checked against the exercise's schema.
"""

from __future__ import annotations

import ast
from typing import Any

from graders.inside.policy import OutputBuffer, compile_submission, restricted_globals
from graders.protocol.arguments import ArgumentSpec, bind
from graders.protocol.articles import with_article
from graders.protocol.limits import CALL_CHARS
from graders.protocol.refusals import Refusal, Refused

_MAX_NODES = 400
_MODULES = frozenset({"np", "numpy"})
_BUILTIN_CALLS = frozenset({"range", "list", "tuple", "float", "int", "bool", "abs", "round"})
_ALLOWED_NODES = (
    ast.Constant, ast.List, ast.Tuple, ast.Call, ast.Attribute, ast.Name, ast.Load,
    ast.keyword, ast.BinOp, ast.UnaryOp, ast.Subscript, ast.Slice,
    ast.Add, ast.Sub, ast.Mult, ast.Div, ast.FloorDiv, ast.Mod, ast.Pow, ast.MatMult,
    ast.USub, ast.UAdd,
)  # fmt: skip


class CallRefused(Exception):
    """The call cannot be made: `refusal` says why as an id, the message in words, addressed
    to the learner."""

    def __init__(self, refusal: Refusal, message: str) -> None:
        super().__init__(message)
        self.refusal = refusal

    @classmethod
    def of(cls, refused: Refused) -> CallRefused:
        return cls(refused.refusal, refused.message)


def read_call(text: str, entry: str) -> ast.Call:
    """The call `text` makes of `entry`, its argument expressions checked (CallRefused)."""
    example = f"{entry}(...)"
    if len(text) > CALL_CHARS:
        raise CallRefused(Refusal.CALL_TOO_LONG, f"The call is over {CALL_CHARS:,} characters.")
    if not text.strip():
        raise CallRefused(Refusal.NO_CALL, f"Write a call of your function, such as {example}.")
    try:
        tree = ast.parse(text.strip(), mode="eval")
    except SyntaxError as error:
        raise CallRefused(
            Refusal.NOT_PYTHON, f"The call is not valid Python: {error.msg}."
        ) from None
    except (ValueError, RecursionError, MemoryError):
        raise CallRefused(
            Refusal.NESTED_TOO_DEEPLY, "The call could not be read: it is nested too deeply."
        ) from None
    call = tree.body
    if not (isinstance(call, ast.Call) and isinstance(call.func, ast.Name)):
        raise CallRefused(
            Refusal.NOT_ONE_CALL, f"Write one call of your function, such as {example}."
        )
    if call.func.id != entry:
        raise CallRefused(
            Refusal.WRONG_FUNCTION, f"The call must be of {entry}(), not {call.func.id}()."
        )
    if sum(1 for _ in ast.walk(call)) > _MAX_NODES:
        raise CallRefused(
            Refusal.CALL_TOO_COMPLEX,
            "The call is too long: make large arrays with np.* constructors.",
        )
    for argument in call.args:
        if isinstance(argument, ast.Starred):
            raise CallRefused(Refusal.STAR_ARGS, "Give each argument on its own (no *args).")
        _check_expression(argument)
    for keyword in call.keywords:
        if keyword.arg is None:
            raise CallRefused(Refusal.STAR_KWARGS, "Give each argument on its own (no **kwargs).")
        _check_expression(keyword.value)
    return call


def _check_expression(node: ast.expr) -> None:
    """An argument is made of literals, arithmetic and NumPy: refuse anything else."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Name) and inner.id not in _MODULES | _BUILTIN_CALLS:
            raise CallRefused(
                Refusal.NAMES_A_VARIABLE,
                f"An argument names {inner.id!r}: arguments are literals and NumPy "
                "expressions such as np.arange(6).reshape(2, 3), not variables or your helpers.",
            )
        if isinstance(inner, ast.Attribute) and inner.attr.startswith("_"):
            raise CallRefused(
                Refusal.PRIVATE_ATTRIBUTE,
                f"An argument uses .{inner.attr}, which is not available here.",
            )
        called = inner.func if isinstance(inner, ast.Call) else None
        if isinstance(called, ast.Name) and called.id not in _BUILTIN_CALLS:
            raise CallRefused(
                Refusal.CALLS_UNAVAILABLE,
                f"An argument calls {called.id}(), which is not available.",
            )
        if not isinstance(inner, _ALLOWED_NODES):
            raise CallRefused(
                Refusal.CONSTRUCT_NOT_ALLOWED,
                f"An argument uses {_construct(inner)}: arguments are literals, arithmetic "
                "and NumPy expressions.",
            )


def _construct(node: ast.AST) -> str:
    names = {
        "Lambda": "a lambda", "ListComp": "a comprehension", "GeneratorExp": "a generator",
        "DictComp": "a comprehension", "SetComp": "a comprehension", "Dict": "a dict",
        "Set": "a set", "NamedExpr": "an assignment", "Compare": "a comparison",
        "BoolOp": "and/or", "IfExp": "a conditional", "JoinedStr": "an f-string",
        "Await": "await", "Yield": "yield", "Starred": "*unpacking",
    }  # fmt: skip
    return names.get(type(node).__name__, f"{with_article(type(node).__name__)} expression")


def make_arguments(
    call: ast.Call, specs: list[ArgumentSpec], entry: str, output: OutputBuffer
) -> list[Any]:
    """The call's arguments, made under the policy and checked against `specs` (CallRefused
    for an argument that raises while it is made, or that the exercise cannot take)."""
    positional = ast.List(elts=list(call.args), ctx=ast.Load())
    named = ast.List(
        elts=[
            ast.Tuple(elts=[ast.Constant(keyword.arg), keyword.value], ctx=ast.Load())
            for keyword in call.keywords
        ],
        ctx=ast.Load(),
    )
    module = ast.Module(
        body=[
            ast.Import(names=[ast.alias("numpy", "np")]),
            ast.Import(names=[ast.alias("numpy")]),
            ast.Assign(targets=[ast.Name("scratch_args", ast.Store())], value=positional),
            ast.Assign(targets=[ast.Name("scratch_named", ast.Store())], value=named),
        ],
        type_ignores=[],
    )
    ast.fix_missing_locations(module)
    namespace = restricted_globals(output)
    try:
        exec(compile_submission(module), namespace)  # noqa: S102 - in the sandbox, under the policy
    except BaseException as error:  # the learner's arguments: whatever they raise is theirs
        raise CallRefused(
            Refusal.ARGUMENTS_RAISED, f"Making the arguments raised {_error_text(error)}"
        ) from None
    values, problem = bind(
        specs, namespace["scratch_args"], dict(namespace["scratch_named"]), entry
    )
    if problem is not None:
        raise CallRefused.of(problem)
    return values


def _error_text(error: BaseException) -> str:
    try:
        message = str(error)[:500]
    except BaseException:
        message = ""
    kind = type(error).__name__[:80]
    return f"{kind}: {message}" if message else kind
