"""The checks' core: what a check receives and returns, and how checks, analyses and
tolerances are declared (`@check`, `@analysis`, `@tolerance_for`) and collected."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from graders.probes import Probe
from graders.protocol.counts import CallCounts
from graders.protocol.loops import LoopFinding
from graders.wording import Wording, tolerance_text

CHECK_MARK = "__gradebox_check__"


@dataclass(frozen=True)
class Parameters:
    """The reference's parameters: their names in order and the defaults of those that have one."""

    names: tuple[str, ...] = ()
    defaults: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class Trial:
    """One probe: the call, the learner's return value and the reference's."""

    probe: Probe
    got: Any
    expected: Any
    counts: CallCounts | None = None  # a counted probe's tally (graders.protocol.counts)
    modified: tuple[int, ...] = ()  # the positions of the arguments the call wrote into
    raised: Raised | None = None  # what it raised instead, for a check that expects a raise
    shares_memory: tuple[int, ...] = ()  # the array arguments the returned value is a view of
    parameters: Parameters = field(default_factory=Parameters)

    def arg(self, name: str) -> Any:
        """The call's argument `name`, by the reference's signature: given, or its default.
        KeyError for a name the reference has not, or a parameter the call left out that has
        no default."""
        names = self.parameters.names
        if name not in names:
            raise KeyError(f"the reference has no parameter {name!r} (it has {list(names)})")
        position = names.index(name)
        if position < len(self.probe.args):
            return self.probe.args[position]
        return self.parameters.defaults[name]

    def array(self, name: str) -> np.ndarray[Any, Any]:
        """The call's argument `name` (see `arg`) as a float64 array."""
        return np.asarray(self.arg(name), dtype=np.float64)

    def args(self) -> dict[str, Any]:
        """Every argument by name, in the order of the reference's signature: the call's value
        where the probe gives one, else the parameter's default (a parameter with neither is
        left out)."""
        given = dict(zip(self.parameters.names, self.probe.args, strict=False))
        defaults = self.parameters.defaults
        return {
            name: given[name] if name in given else defaults[name]
            for name in self.parameters.names
            if name in given or name in defaults
        }

    def with_values(self, got: Any, expected: Any) -> Trial:
        """The same call with other values (one item of a tuple, say)."""
        return replace(self, got=got, expected=expected)


@dataclass(frozen=True)
class Raised:
    """What a call raised instead of returning: the exception's type name and message, as the
    sandbox sent them, and the learner's line it came from."""

    type: str
    message: str
    line: int | None = None
    bases: tuple[str, ...] = ()  # the built-in exception classes it is an instance of

    def is_a(self, name: str) -> bool:
        """Raised as `name` or as a subclass of it (a learner's own IndexError subclass)."""
        return self.type == name or name in self.bases


class Failure(Exception):
    """Why a test failed, about one trial (or none, for static checks).

    A check returns it, or raises it from a helper as deep as it likes: either way the test
    fails with this message.
    """

    def __init__(
        self,
        message: str,
        trial: Trial | None = None,
        line: int | None = None,
        message_id: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message, self.trial, self.line = message, trial, line
        # What the message says, stably (the report's `message_id`): a library id
        # (graders.message_ids) or the messages.toml id it was worded from.
        self.message_id = message_id

    def followed_by(self, *notes: Failure | None) -> Failure:
        """This failure, its message followed by each note's on a line of its own (a note that
        is None adds nothing): `context.fail("summary", ...).followed_by(context.fail("why"))`."""
        self.message = "\n".join([self.message, *(note.message for note in notes if note)])
        return self


class NoReference(Exception):
    """`CheckContext.reference` was refused: too large a call, or the CPU budget is spent."""


Reference = Callable[..., Any]
"""`context.reference`, and the first argument of a `@transformation` function: the reference
called with positional arguments and keywords, bound through its own signature."""


def _no_reference(*args: Any, **kwargs: Any) -> Any:
    raise NoReference("this context calls no reference")


@dataclass(frozen=True)
class CheckContext:
    """What a check may consult besides the trials.

    `reference(*args, **kwargs)` calls the exercise's reference on arguments of the check's
    choosing, bound through the reference's signature as Python binds a call (trusted code,
    bounded: it raises `NoReference` past its budget). `fail` and `finding`
    word a result from the exercise's messages.toml (graders.wording), by id.
    """

    tolerance: float
    entry: str
    loops: list[LoopFinding] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)
    wording: Wording = field(default_factory=Wording)
    reference: Reference = _no_reference

    def fail(self, message_id: str, trial: Trial | None = None, /, **values: Any) -> Failure:
        """A failure worded by `[messages] <message_id>`, its placeholders filled from
        `values` (and `tolerance`). `trial` is positional only, so `**values` may be any dict
        (a placeholder may even be named `trial`)."""
        values.setdefault("tolerance", tolerance_text(self.tolerance))
        return Failure(self.wording.message(message_id, values), trial, message_id=message_id)

    def finding(self, finding_id: str, **values: Any) -> Finding:
        """The finding `[findings.<finding_id>]`, its placeholders filled from `values`."""
        title, explanation = self.wording.finding(finding_id, values)
        return Finding(finding_id, title, explanation)


CheckFunction = Callable[[list[Trial], CheckContext], Failure | None]


@dataclass(frozen=True)
class Check:
    name: str
    function: CheckFunction
    static: bool  # looks at the source (the loop scan), not at returned values
    values: bool  # needs the returned values, not only their type, dtype and shape
    raises: bool = False  # its calls should raise: it judges raised calls, without a reference


def check(
    name: str, static: bool = False, values: bool = True, raises: bool = False
) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check under `name` (the `check =` of a test in exercise.toml).

    `values=False` promises the check reads only each result's type, dtype and shape; the
    sandbox then sends a summary instead of the data (the values read as zeros).
    `raises=True` is for calls that should raise: a call that raised becomes a trial (its
    `raised` says what, its `got` is `Unsupported("raised <type>")`, as a known mistake's raise
    reads) instead of ending the test as an error, and the reference is not run
    (`expected` is None).
    """

    def mark(function: CheckFunction) -> CheckFunction:
        setattr(function, CHECK_MARK, Check(name, function, static, values, raises))
        register(function, "check", name)
        return function

    return mark


TrialCheck = Callable[[Trial, CheckContext], Failure | None]


def _require(name: str, trial: Trial, needs: Mapping[str, Any]) -> None:
    if any(np.any(trial.arg(arg) != value) for arg, value in needs.items()):
        wanted = " and ".join(f"{arg} = {value}" for arg, value in needs.items())
        raise ValueError(f"{name} needs probes with {wanted}")


def check_each(
    name: str, values: bool = True, raises: bool = False, needs: Mapping[str, Any] | None = None
) -> Callable[[TrialCheck], CheckFunction]:
    """Register a check of one trial at a time under `name`: the library runs it on each
    trial in order and stops at the first failure, which names its trial (the one checked,
    unless the failure names another).

        >>> @check_each("sums_to_one")
        ... def sums_to_one(trial: Trial, context: CheckContext) -> Failure | None:
        ...     ...

    `needs` holds argument values the check's reasoning assumes (`{"gamma": 1, "beta": 0}`: the
    output is then the normalised x itself): a probe whose argument differs anywhere is the
    author's mistake, and raises ValueError ("... needs probes with gamma = 1 and beta = 0").
    """

    def mark(function: TrialCheck) -> CheckFunction:
        def each(trials: list[Trial], context: CheckContext) -> Failure | None:
            for trial in trials:
                _require(name, trial, needs or {})
                try:
                    failure = function(trial, context)
                except Failure as raised:
                    failure = raised
                if failure is not None:
                    if failure.trial is None:
                        failure.trial = trial
                    return failure
            return None

        each.__name__ = each.__qualname__ = function.__name__
        each.__doc__ = function.__doc__
        setattr(each, CHECK_MARK, Check(name, each, False, values, raises))
        register(function, "check", name)
        return each

    return mark


@dataclass(frozen=True)
class Finding:
    """What an analysis concluded about a wrong answer: a diagnosis id a teacher would accept,
    a title, and an explanation in Markdown addressed to the learner."""

    id: str
    title: str
    explanation: str


ANALYSIS_MARK = "__gradebox_analysis__"
AnalysisFunction = Callable[[list[Trial], CheckContext], Finding | None]


def analysis(function: AnalysisFunction) -> AnalysisFunction:
    """Register an exercise-specific analysis (in checks.py): given a failing test's trials,
    return a `Finding` naming the mistake, or None. Analyses run when no known mistake of the
    exercise matches, before the library's generic ones; one must fit every wrong trial."""
    setattr(function, ANALYSIS_MARK, True)
    register(function, "analysis", function.__name__)
    return function


REGISTERED = "__gradebox_registered__"  # a checks module's global: what it registered, in order


@dataclass(frozen=True)
class Registered:
    """One registration by a decorator: a check's name, an analysis's function name or a
    transformation's finding id, by which function and at which line."""

    kind: str  # "check", "analysis" or "finding"
    key: str
    function: str
    line: int


def register(function: Callable[..., Any], kind: str, key: str) -> None:
    """Note, in the module that defines `function`, that it registered `key` (so that a second
    registration of the same key, which would replace or shadow the first, is refused at load)."""
    namespace = getattr(function, "__globals__", None)
    code = getattr(function, "__code__", None)
    if isinstance(namespace, dict):
        line = code.co_firstlineno if code is not None else 0
        namespace.setdefault(REGISTERED, []).append(Registered(kind, key, function.__name__, line))


_TWICE = {
    "check": "the check `{key}` is registered twice",
    "analysis": "the analysis `{key}` is defined twice",
    "finding": "the finding id `{key}` is registered by two transformations",
}
_WHY = {
    "check": "the second replaces the first, which never runs: give each check its own name",
    "analysis": "the second replaces the first, which never runs: give each its own name",
    "finding": "each transformation names its own finding (one misconception, one id): rename "
    "one, or stack both decorators on one function",
}


def registration_problems(namespace: Mapping[str, Any]) -> list[str]:
    """Each key a module's decorators registered more than once, naming both functions."""
    seen: dict[tuple[str, str], Registered] = {}
    problems = []
    for item in namespace.get(REGISTERED, []):
        first = seen.setdefault((item.kind, item.key), item)
        if first is not item:
            twice = _TWICE[item.kind].format(key=item.key)
            problems.append(
                f"{twice}: by `{first.function}` (line {first.line}) and by `{item.function}` "
                f"(line {item.line}); {_WHY[item.kind]}"
            )
    return problems


TOLERANCE_MARK = "__gradebox_tolerance__"
ToleranceFunction = Callable[[tuple[Any, ...], float], float]


def tolerance_for(function: ToleranceFunction) -> ToleranceFunction:
    """Register the exercise's tolerance per call (in checks.py): given a probe's arguments and
    the exercise's `tolerance`, the absolute tolerance its values are compared with. For values
    whose rounding error grows with the input (sin of a large angle), so a correct float32
    computation passes at the sizes the statement promises while coarser mistakes still fail."""
    setattr(function, TOLERANCE_MARK, True)
    return function


def collect_tolerance(namespace: dict[str, Any]) -> ToleranceFunction | None:
    found = [item for item in namespace.values() if getattr(item, TOLERANCE_MARK, False) is True]
    return found[0] if found else None


def collect_analyses(namespace: dict[str, Any]) -> list[AnalysisFunction]:
    return [item for item in namespace.values() if getattr(item, ANALYSIS_MARK, False) is True]


def collect_checks(namespace: dict[str, Any]) -> dict[str, Check]:
    return {
        value.name: value
        for item in namespace.values()
        if isinstance(value := getattr(item, CHECK_MARK, None), Check)
    }
