"""Probes drawn at every grading: hard-coding every call the learner has seen cannot pass."""

from __future__ import annotations

from dataclasses import replace

from graders import trusted
from graders.catalog import Catalog
from graders.engine import Grader
from graders.exercise import Exercise
from graders.host.pool import SandboxPool
from graders.probes import make_probe
from tests.conftest import LoopThread, SyncGrader

# Right for every call the exercise's fixed probes make (and for the statement's examples),
# zeros for any other size: the learner who copied what they were shown.
HARD_CODED = """
import numpy as np

KNOWN = {known}


def positional_encoding(max_len, d_model):
    if (max_len, d_model) not in KNOWN:
        return np.zeros((max_len, d_model))
    pos = np.arange(max_len)[:, None]
    angles = pos / 10000 ** (np.arange(0, d_model, 2) / d_model)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2], pe[:, 1::2] = np.sin(angles), np.cos(angles)
    return pe
"""


def test_each_grading_draws_fresh_probes_from_its_own_seed(flagship: Exercise) -> None:
    first, second = flagship.with_fresh_probes(1), flagship.with_fresh_probes(2)
    fixed = {probe.key for probe in flagship.all_probes()}
    drawn = [
        [probe for probe in exercise.all_probes() if probe.key not in fixed and not probe.counted]
        for exercise in (first, second)  # (the counted calls' sizes are drawn from a few)
    ]
    assert all(len(probes) == 2 and all(probe.fresh for probe in probes) for probes in drawn)
    assert [p.key for p in drawn[0]] != [p.key for p in drawn[1]]
    assert [p.key for p in flagship.with_fresh_probes(1).all_probes()] == [
        p.key for p in first.all_probes()
    ]


def test_hard_coding_every_call_shown_fails_on_the_fresh_probes(
    catalog: Catalog, grade: SyncGrader
) -> None:
    exercise = catalog.get("sinusoidal-positional-encoding")
    known = sorted({tuple(probe.args) for probe in exercise.all_probes()})
    known += [(3, 4), (1, 6), (4, 8)]  # the statement's examples
    report = grade(exercise, HARD_CODED.format(known=set(known)))
    interleaving = next(test for test in report.tests if test.id == "interleaving")
    assert interleaving.status == "failed", interleaving.message
    statuses = {test.id: test.status for test in report.tests if test.id != "interleaving"}
    assert set(statuses.values()) == {"passed"}, statuses


def test_fresh_outputs_are_kept_only_up_to_a_byte_bound(flagship: Exercise) -> None:
    outputs = trusted._outputs
    for size in range(400):
        probe = make_probe(flagship.entry, [64 + size, 256])  # 64 × 256 float64s and more each
        trusted.reference_value(flagship, replace(probe, fresh=True))
    assert 0 < outputs.fresh_bytes <= trusted._Outputs.FRESH_BYTES
    assert outputs.fresh_bytes == sum(size for _, size in outputs.fresh.values())
    assert len(outputs.fresh) < 400  # the oldest went


def test_a_large_fresh_output_is_computed_but_not_kept(flagship: Exercise) -> None:
    probe = replace(make_probe(flagship.entry, [2048, 512]), fresh=True)  # 8 MiB
    assert trusted.reference_value(flagship, probe).shape == (2048, 512)
    assert probe.key not in {key[3] for key in trusted._outputs.fresh}


def _calls_failed(exercise: Exercise, grader: Grader, loop_thread: LoopThread) -> list[str]:
    known = sorted({tuple(probe.args) for probe in exercise.all_probes()})
    report = loop_thread.run(grader.grade(exercise, HARD_CODED.format(known=set(known))))
    return [test.message or "" for test in report.tests if test.status == "failed"]


def test_a_seeded_grader_draws_the_same_fresh_probes_at_every_grading(
    flagship: Exercise, pool: SandboxPool, loop_thread: LoopThread
) -> None:
    seeded = Grader(pool).seeded(11)
    first, again = (_calls_failed(flagship, seeded, loop_thread) for _ in range(2))
    assert first
    assert first == again
    # An unseeded grader draws anew each time: the failing call differs between gradings.
    drawn = {tuple(_calls_failed(flagship, Grader(pool), loop_thread)) for _ in range(3)}
    assert len(drawn) > 1, drawn
