"""Where the new author of adam-step found the library short (issue 26, item 7 "The guide is
enough"): each fix, pinned.

2. a transformation's arguments come in the reference's signature order, and
   `reference(...)` takes keywords, bound through the reference's signature;
5. a second transformation (or analysis, or check) registering an id in use is refused at load;
7. `Reference`, the type of `context.reference`, is exported;
8. the right values in another container (a list for a tuple, a tuple for a dict) are named;
9. `item_matches` refuses another container than the reference's, and words a missing key;
13. `inputs_unchanged` names an argument by the reference's parameter name, and its `names`
    are checked at load against the reference's parameters.
"""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders import CheckContext, Trial, transformation
from graders.check_builtins import check_inputs_unchanged
from graders.check_numeric import check_item_matches
from graders.engine.analyses import analyse
from graders.exercise import Exercise, load_exercise
from graders.load_check import load_problems
from graders.probes import make_probe
from graders.reference_calls import ReferenceCalls, parameters
from graders.wording import FindingText, Wording
from tests.conftest import EXERCISES

ADAM = "adam-step"


@pytest.fixture(scope="module")
def adam() -> Exercise:
    return load_exercise(EXERCISES / ADAM)


def _state(seed: int = 0) -> list[Any]:
    rng = np.random.default_rng(seed)
    return [rng.normal(size=(2, 3)), rng.normal(size=(2, 3)), np.zeros((2, 3)), np.zeros((2, 3)), 1]


def _trial(exercise: Exercise, args: list[Any], got: Any = None, **fields: Any) -> Trial:
    probe = make_probe(exercise.entry, args)
    expected = ReferenceCalls(exercise, 10**6)(*args)
    got = expected if got is None else got
    return Trial(probe, got, expected, parameters=parameters(exercise), **fields)


# --- 2. arguments by name, in the signature's order; keywords for `reference` ---------------


def test_a_trials_arguments_come_in_the_reference_signatures_order(adam: Exercise) -> None:
    trial = _trial(adam, _state())
    assert list(trial.args()) == ["param", "grad", "m", "v", "t", "lr", "beta1", "beta2", "eps"]
    assert trial.args()["lr"] == 1e-3


def test_a_transformation_gets_the_call_in_signature_order_and_calls_reference_by_keyword(
    adam: Exercise,
) -> None:
    seen: list[list[str]] = []

    @transformation("lr-times", grid={"factor": [10.0]})
    def lr_times(reference: Any, *, factor: float, **call: Any) -> Any:
        seen.append(list(call))
        param, grad, m, v, t = (call[name] for name in ("param", "grad", "m", "v", "t"))
        return reference(param, grad, m, v, t, lr=call["lr"] * factor)

    reference = ReferenceCalls(adam, 10**6)
    args = _state()
    wrong = reference(*args, 1e-2)  # the learner's: ten times the default lr
    context = CheckContext(
        1e-9,
        adam.entry,
        wording=Wording(findings={"lr-times": FindingText("lr", "times {{factor}}")}),
        reference=reference,
    )
    found = lr_times([_trial(adam, args, got=wrong)], context)
    assert seen[0] == ["param", "grad", "m", "v", "t", "lr", "beta1", "beta2", "eps"]
    assert found is not None
    assert found.id == "lr-times"


def test_reference_binds_keywords_through_its_signature(adam: Exercise) -> None:
    reference = ReferenceCalls(adam, 10**6)
    args = _state(1)
    by_keyword = reference(*args, lr=0.1, eps=0.0)
    positional = reference(*args, 0.1, 0.9, 0.999, 0.0)
    assert all(np.array_equal(a, b) for a, b in zip(by_keyword, positional, strict=True))
    everything = dict(zip(("param", "grad", "m", "v", "t"), args, strict=True))
    assert np.array_equal(reference(**everything)[0], reference(*args)[0])
    with pytest.raises(TypeError, match="learning_rate"):
        reference(*args, learning_rate=0.1)


# --- 5. an id registered twice is refused at load ---------------------------------------------

SECOND_BETAS = """

@transformation("wrong-betas", grid={"b1": (0.5,), "b2": (0.9,)})
def betas_again(reference: Any, *, b1: float, b2: float, **call: Any) -> Any:
    return _with(reference, call, beta1=b1, beta2=b2)
"""

SECOND_ANALYSIS = """

from graders import analysis


@analysis
def first_look(trials, context):
    return None


@analysis
def first_look(trials, context):  # noqa: F811
    return None
"""


def _adam_copy(tmp_path: Path, appended: str = "", toml: tuple[str, str] | None = None) -> Path:
    folder = tmp_path / ADAM
    shutil.copytree(EXERCISES / ADAM, folder, ignore=shutil.ignore_patterns("__pycache__"))
    checks = folder / "checks.py"
    checks.write_text(checks.read_text(encoding="utf-8") + appended, encoding="utf-8")
    if toml is not None:
        path = folder / "exercise.toml"
        text = path.read_text(encoding="utf-8")
        assert toml[0] in text
        path.write_text(text.replace(toml[0], toml[1]), encoding="utf-8")
    return folder


def test_a_second_transformation_with_an_id_in_use_is_refused_naming_both(tmp_path: Path) -> None:
    problems = load_problems(load_exercise(_adam_copy(tmp_path, SECOND_BETAS)))
    assert len(problems) == 1, problems
    assert "finding id `wrong-betas`" in problems[0]
    assert "`other_betas` (line" in problems[0]
    assert "`betas_again` (line" in problems[0]


def test_an_analysis_defined_twice_is_refused(tmp_path: Path) -> None:
    problems = load_problems(load_exercise(_adam_copy(tmp_path, SECOND_ANALYSIS)))
    assert any("analysis `first_look` is defined twice" in problem for problem in problems)


def test_a_stack_of_transformations_with_their_own_ids_is_one_registration() -> None:
    assert load_problems(load_exercise(EXERCISES / "sinusoidal-positional-encoding")) == []


# --- 7. the type of `reference` --------------------------------------------------------------


def test_reference_is_exported_as_a_type_alias() -> None:
    import graders

    assert "Reference" in graders.__all__
    assert graders.Reference == Callable[..., Any]  # what `context.reference` is


# --- 8. the right values in the wrong container ---------------------------------------------


@pytest.mark.parametrize(("container", "named"), [(list, "a list"), (dict, "a dict")])
def test_the_right_values_in_another_container_are_named(
    adam: Exercise, container: type, named: str
) -> None:
    trials = []
    for seed in (0, 1):
        args = _state(seed)
        right = ReferenceCalls(adam, 10**6)(*args)
        got = list(right) if container is list else dict(zip("pmv", right, strict=True))
        trials.append(_trial(adam, args, got=got))
    found = analyse(adam, trials, 1e-9, values=True)
    assert found is not None
    assert found.id == "wrong-container"
    assert f" {named} " in found.title  # the container that came back
    assert found.title.endswith(" a tuple")  # and the reference's
    assert "`return a, b`" in found.explanation


def test_a_tuple_where_a_dict_is_expected_is_named_with_the_keys(adam: Exercise) -> None:
    probe = make_probe("f", [1.0])
    expected = {"loss": 0.5, "grad": np.array([1.0, 2.0])}
    trial = Trial(probe, (0.5, np.array([1.0, 2.0])), expected)
    found = analyse(adam, [trial], 1e-9, values=True)
    assert found is not None
    assert found.id == "wrong-container"
    assert "`'loss'`, `'grad'`" in found.explanation


def test_another_container_with_a_wrong_value_is_not_named_as_only_the_container(
    adam: Exercise,
) -> None:
    args = _state()
    right = ReferenceCalls(adam, 10**6)(*args)
    trial = _trial(adam, args, got=[right[0] + 1.0, right[1], right[2]])
    found = analyse(adam, [trial], 1e-9, values=True)
    assert found is None or found.id != "wrong-container"


# --- 9. item_matches: the reference's container, and a missing key ----------------------------


def _item_context(**params: Any) -> CheckContext:
    return CheckContext(1e-9, "f", params=params)


def test_item_matches_refuses_a_list_where_a_tuple_is_expected(adam: Exercise) -> None:
    args = _state()
    right = ReferenceCalls(adam, 10**6)(*args)
    trial = _trial(adam, args, got=list(right))
    failure = check_item_matches([trial], _item_context(item=0, item_name="new_param"))
    assert failure is not None
    assert failure.message_id == "wrong-container"
    returned, expected = failure.message.split("; ")
    assert returned.startswith("It returned a list")  # what came back
    assert "list of 3 items (" in returned
    assert expected.startswith("a tuple of 3 items (")  # the reference's container
    assert expected.endswith("with new_param as item 0.")
    assert check_item_matches([_trial(adam, args)], _item_context(item=0)) is None


def test_item_matches_words_a_missing_key_plainly() -> None:
    probe = make_probe("f", [1.0])
    expected = {"new_param": np.zeros(2), "new_m": np.zeros(2)}
    trial = Trial(probe, {"param": np.zeros(2), "new_m": np.zeros(2)}, expected)
    failure = check_item_matches([trial], _item_context(item="new_param", item_name="new_param"))
    assert failure is not None
    assert failure.message_id == "item-missing"
    assert "keys 'param', 'new_m'," in failure.message  # what came back
    assert "no key 'new_param';" in failure.message  # the key missing
    assert "keys 'new_param', 'new_m' was" in failure.message  # the reference's keys
    assert failure.message.endswith("under key 'new_param'.")


# --- 13. inputs_unchanged: the real parameter names; `names` checked at load ------------------


def test_inputs_unchanged_names_the_argument_by_its_parameter_name(adam: Exercise) -> None:
    trial = _trial(adam, _state(), modified=(2,))
    failure = check_inputs_unchanged([trial], CheckContext(1e-9, adam.entry))
    assert failure is not None
    assert failure.message_id == "input-changed"
    assert failure.message.startswith("It changed its input `m` ")  # the parameter's name


def test_inputs_unchanged_watches_the_names_it_is_given(adam: Exercise) -> None:
    trial = _trial(adam, _state(), modified=(2,))
    watched = CheckContext(1e-9, adam.entry, params={"names": ["param", "grad"]})
    assert check_inputs_unchanged([trial], watched) is None


def test_names_that_are_not_the_references_parameters_are_refused_at_load(tmp_path: Path) -> None:
    swap = ('names = ["param", "grad", "m", "v"]', 'names = ["x", "grad"]')
    problems = load_problems(load_exercise(_adam_copy(tmp_path, toml=swap)))
    assert len(problems) == 1, problems
    assert "test `inputs-unchanged`: `names = ['x', 'grad']`" in problems[0]
    assert "adam_step(param, grad, m, v, t, lr, beta1, beta2, eps)" in problems[0]
    assert "'x' is not one" in problems[0]


def test_every_shipped_names_list_is_the_references_parameters() -> None:
    for folder in sorted(EXERCISES.iterdir()):
        exercise = load_exercise(folder)
        assert not [p for p in load_problems(exercise) if "`names" in p], folder.name
