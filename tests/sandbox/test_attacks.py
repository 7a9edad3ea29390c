"""Hostile submissions, one test each, graded by the real sandbox pool.

Every attack must (1) not pass, (2) leave nothing on the host (no secret in the report, no
file created), and (3) leave the platform grading a correct solution correctly afterwards:
checked once, after the module's last attack (`reference_passes_afterwards`), on the pool
every attack shares; an attack that broke it fails the attacks after it too.

Most attacks follow one pattern that makes "not passed" a real detector: the escape step
comes first and the function then returns the *correct* table. If the step is ever allowed
to complete (an import goes through, a guard lets an attribute by, an allocation is not
refused), the submission passes and the test fails. Spoofing attacks return a wrong or
disguised value instead, so that only a grader that trusted the sandbox could pass them.

Sources may use three placeholders: CANARY_PATH (a world-readable secret file on the host),
ESCAPE_PATH (a host file the attack tries to create) and SECRET_NAME (the environment
variable holding a secret in the test process).
"""

from __future__ import annotations

import json
import textwrap
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from graders.exercise import Exercise
from graders.report import Report
from tests.conftest import TEST_LIMITS, SyncGrader
from tests.sandbox.conftest import (
    REFERENCE,
    SECRET_VARIABLE,
    HostSecrets,
    assert_reference_passes,
)

BLOCKED = frozenset({"error", "failed"})  # refused at load time, or the call raised
# Killed at the CPU or wall-clock limit, during a call or while the module loads.
TIMED_OUT = frozenset({"timed_out"})
LOAD_TIMED_OUT = TIMED_OUT
# Memory growth that may reach the CPU limit first on a loaded machine.
BLOCKED_OR_TIMED_OUT = BLOCKED | TIMED_OUT
SMALL_REPORT = 100_000  # characters of JSON: learner output never makes a report large


def in_call(step: str) -> str:
    """The escape step runs inside the entry point; the correct table is returned after it."""
    body = textwrap.indent(textwrap.dedent(step).strip("\n"), "    ")
    return (
        REFERENCE
        + "\ndef positional_encoding(max_len, d_model):\n"
        + body
        + "\n    return reference_table(max_len, d_model)\n"
    )


def at_module(step: str) -> str:
    """The escape step runs at module level, before a correct entry point is defined."""
    return (
        REFERENCE
        + textwrap.dedent(step).strip("\n")
        + "\n\npositional_encoding = reference_table\n"
    )


def returning(expression: str, setup: str = "") -> str:
    """A spoof: the entry point returns `expression` (which may use `reference`)."""
    lines = textwrap.indent(textwrap.dedent(setup).strip("\n"), "    ")
    return (
        REFERENCE
        + "\ndef positional_encoding(max_len, d_model):\n"
        + "    reference = reference_table(max_len, d_model)\n"
        + (lines + "\n" if lines else "")
        + f"    return {expression}\n"
    )


Extra = Callable[[Report], None]


def small_report(report: Report) -> None:
    assert len(json.dumps(report.to_dict())) < SMALL_REPORT


def stdout_capped(report: Report) -> None:
    assert report.stdout_truncated
    assert len(report.stdout) <= TEST_LIMITS.output_bytes
    small_report(report)


def utf8_report(report: Report) -> None:
    """Whatever the learner printed or raised, the report encodes as UTF-8 JSON."""
    json.dumps(report.to_dict(), ensure_ascii=False).encode("utf-8")


@dataclass(frozen=True)
class Attack:
    name: str
    source: str
    expect: frozenset[str] = BLOCKED  # the verdicts that mean "stopped the intended way"
    extra: Extra | None = None


ATTACKS = [
    # --- imports ------------------------------------------------------------------------------
    Attack("import_os", at_module("import os\nprint(os.environ['SECRET_NAME'])")),
    Attack("import_sys", at_module("import sys\nprint(sys.modules['os'].environ)")),
    Attack(
        "import_subprocess",
        at_module("import subprocess\nsubprocess.run(['touch', 'ESCAPE_PATH'])"),
    ),
    Attack("import_importlib", at_module("import importlib\nimportlib.import_module('os')")),
    Attack("dunder_import_call", at_module("os = __import__('os')")),
    Attack(
        "import_builtins_open",
        at_module("import builtins\nprint(builtins.open('CANARY_PATH').read())"),
    ),
    Attack(
        "import_ctypes", at_module("import ctypes\nctypes.CDLL(None).system(b'touch ESCAPE_PATH')")
    ),
    Attack("import_posix", at_module("import posix\nposix.system('touch ESCAPE_PATH')")),
    Attack("from_import_underscore_module", at_module("from _posixsubprocess import fork_exec")),
    Attack(
        "from_numpy_import_testing",
        at_module("from numpy import testing\ntesting.runstring('import os', {})"),
    ),
    Attack("import_numpy_submodule", at_module("import numpy.f2py\nprint(numpy.f2py.os)")),
    Attack("from_numpy_lib_import_npyio", at_module("from numpy.lib import npyio")),
    Attack("relative_import", at_module("from . import solution")),
    Attack("import_inside_function", in_call("import os\nos.getcwd()")),
    # --- builtins and attribute escapes ---------------------------------------------------------
    Attack("subclasses_walk", at_module("().__class__.__bases__[0].__subclasses__()")),
    Attack("getattr_with_string", at_module("getattr((), '__cl' + 'ass__')")),
    Attack(
        "gi_frame_walk",
        in_call(
            """
            def gen():
                yield 1
            frame = gen().gi_frame
            print(frame.f_back.f_globals)
            """
        ),
    ),
    Attack(
        "gi_code_consts",
        in_call(
            """
            def gen():
                yield 'CANARY_PATH'
            print(gen().gi_code.co_consts)
            """
        ),
    ),
    Attack(
        "generator_yieldfrom_frame",
        in_call(
            """
            def inner():
                yield 1
            def outer():
                yield from inner()
            walker = outer()
            next(walker)
            print(walker.gi_yieldfrom.gi_frame)
            """
        ),
    ),
    Attack(
        "traceback_tb_frame",
        in_call(
            """
            try:
                1 / 0
            except ZeroDivisionError as error:
                print(error.__traceback__.tb_frame.f_globals)
            """
        ),
    ),
    Attack("sys_getframe", at_module("import sys\nprint(sys._getframe(0).f_builtins)")),
    Attack("format_string_attribute", at_module("print('{0.__class__.__mro__}'.format(1))")),
    Attack(
        "format_on_numpy_str", at_module("print(np.array(['{0.__class__}'])[0].format(np.sin))")
    ),
    Attack("format_unbound_str_method", at_module("print(str.format('{0.__class__}', 1))")),
    Attack("format_map", at_module("print('{x.__class__}'.format_map({'x': 1}))")),
    Attack(
        "format_string_denied_attribute",
        in_call(
            """
            def gen():
                yield 1
            print('{0.gi_frame.f_globals}'.format(gen()))
            """
        ),
    ),
    Attack("format_string_item_walk", in_call("print('{0[0].__class__}'.format([np.sin]))")),
    Attack("fstring_attribute", at_module("print(f'{np.sin.__class__}')")),
    Attack(
        "attribute_error_obj",
        in_call(
            """
            try:
                np.zeros(1).no_such_attribute
            except AttributeError as error:
                print(error.obj)
            """
        ),
    ),
    # `type(x)` answers; the classes it hands out build nothing past the guards.
    Attack(
        "type_of_array_builds_from_a_buffer",
        at_module("raw = type(np.zeros(1))((2,), np.int64, buffer=np.zeros(2, dtype=object))"),
    ),
    Attack(
        "type_builds_a_class", at_module("Evil = type('Evil', (), {'__array_interface__': {}})")
    ),
    Attack("vars_builtin", at_module("print(vars(np))")),
    Attack("globals_builtin", at_module("print(globals())")),
    Attack("locals_builtin", in_call("print(locals())")),
    Attack("dir_builtin", at_module("print(dir(np))")),
    Attack("dunder_builtins_name", at_module("print(__builtins__['open']('CANARY_PATH').read())")),
    Attack("eval_exec_compile", at_module("exec('import os')")),
    Attack("print_self_builtins_module", at_module("print(print.__self__)")),
    Attack(
        # GHSA-ffg3-p8fm-mjx2 (fixed in RestrictedPython 8.3): positional-only parameters
        # were not name-checked, so a function could shadow a guard hook in its scope.
        "positional_only_guard_shadowing",
        in_call(
            """
            def walk(obj, _getattr_=lambda obj, name: obj, /):
                return obj.gi_frame
            def gen():
                yield 1
            print(walk(gen()))
            """
        ),
    ),
    Attack("keyword_only_guard_shadowing", in_call("def f(*, _write_=None):\n    return 1\nf()")),
    Attack("walrus_guard_shadowing", in_call("print([(_getiter_ := 1) for x in [1]])")),
    Attack(
        # GHSA-hp3v-5vw7-fx9w (fixed in 8.4): string.Formatter field resolution.
        "string_formatter_fields",
        at_module("import string\nprint(string.Formatter().get_field('0.__class__', [1], {}))"),
    ),
    Attack(
        # CVE-2025-22153: except* trusts what an exception group's split() returns (CPython
        # 3.11); graded code may use except*, never a group whose split is its own. (Each
        # step here is harmless if allowed, so that allowing it passes: the detector.)
        "exception_group_subclass_split",
        in_call(
            """
            class Evil(ExceptionGroup):
                def split(self, condition):
                    return ExceptionGroup.split(self, condition)
            try:
                raise Evil('x', [ValueError(1)])
            except* ValueError:
                pass
            """
        ),
    ),
    Attack(
        "exception_group_type_of_a_caught_group_subclassed",
        in_call(
            """
            try:
                raise ValueError(1)
            except* ValueError as group:
                class Evil(type(group)):
                    pass
            """
        ),
    ),
    Attack(
        "exception_group_split_written_on_the_instance",
        in_call(
            """
            group = ExceptionGroup('x', [ValueError(1)])
            group.split = group.split
            try:
                raise group
            except* ValueError:
                pass
            """
        ),
    ),
    Attack(
        "cython_function_globals",
        at_module("print(np.random.default_rng.func_globals['np'].testing)"),
    ),
    Attack(
        "cython_function_dict_poisoning",
        at_module("np.random.default_rng.func_dict['seed'] = 1"),
    ),
    Attack("mro_of_ndarray", at_module("print(np.ndarray.mro())")),
    Attack("coroutine_frame", at_module("async def f():\n    pass\nprint(f().cr_frame)")),
    Attack("global_guard_rebinding", in_call("global _getattr_\n_getattr_ = None")),
    Attack("match_capture_guard", in_call("match 1:\n    case _write_:\n        pass")),
    # --- NumPy escapes ------------------------------------------------------------------------
    Attack("np_testing_runstring", at_module("np.testing.runstring('import os', {})")),
    Attack(
        "np_ma_core_builtins",
        at_module("print(np.ma.core.builtins.open('CANARY_PATH').read())"),
    ),
    Attack("np_f2py_os", at_module("np.f2py.os.system('touch ESCAPE_PATH')")),
    Attack("np_ctypeslib", at_module("print(np.ctypeslib.ctypes.CDLL(None))")),
    Attack("np_load_allow_pickle", at_module("print(np.load('CANARY_PATH', allow_pickle=True))")),
    Attack(
        "np_fromfile_environ",
        at_module("print(np.fromfile('/proc/self/environ', dtype=np.uint8).tobytes())"),
    ),
    Attack("np_loadtxt_url", at_module("print(np.loadtxt('http://127.0.0.1:9/table.txt'))")),
    Attack("np_genfromtxt_file", at_module("print(np.genfromtxt('CANARY_PATH', dtype=str))")),
    Attack("np_memmap_file", at_module("print(np.memmap('CANARY_PATH', mode='r'))")),
    Attack("ndarray_ctypes", in_call("print(np.zeros(3).ctypes.data)")),
    Attack("array_interface", in_call("print(np.zeros(3).__array_interface__)")),
    Attack("np_lib", at_module("print(np.lib.npyio)")),
    Attack("np_core", at_module("print(np.core.multiarray)")),
    Attack("np_dunder_dict", at_module("print(np.__dict__)")),
    Attack("ndarray_tofile", in_call("np.zeros(3).tofile('ESCAPE_PATH')")),
    Attack("ndarray_dump", in_call("np.zeros(3).dump('ESCAPE_PATH')")),
    Attack(
        # Learner-chosen bits as object pointers: one step from a fake object.
        "ndarray_object_dtype_over_buffer",
        in_call("fake = np.ndarray((1,), dtype=np.dtype('O'), buffer=np.ones(1))"),
    ),
    Attack(
        "ndarray_structured_object_field_over_buffer",
        in_call("fake = np.ndarray((1,), dtype=np.dtype([('a', 'O')]), buffer=np.ones(1))"),
    ),
    Attack(
        # The other way round: an object array's pointers as writable floats.
        "ndarray_float_view_of_object_pointers",
        in_call(
            """
            boxes = np.array([1.5, 2.5], dtype=np.dtype('O'))
            raw = np.ndarray((2,), dtype=np.float64, buffer=boxes)
            raw[0] = raw[1] + 8.0
            """
        ),
    ),
    Attack(
        "memoryview_cast_of_object_pointers",
        in_call(
            """
            boxes = np.array([1.5, 2.5], dtype=np.dtype('O'))
            raw = np.asarray(boxes.data.cast('B'))
            print(raw[:8])
            """
        ),
    ),
    Attack("numpy_scalar_memoryview", in_call("print(np.float64(1.0).data.obj)")),
    Attack(
        # With refcheck=False the old buffer is freed while `view` still points into it.
        "resize_use_after_free",
        in_call(
            """
            table = np.ones(10**6)
            view = table[:]
            table.resize(1, refcheck=False)
            """
        ),
    ),
    Attack("ndarray_offset_past_the_end", in_call("fake = np.ndarray((3,), offset=10**9)")),
    Attack("dtype_swap_to_object", in_call("table = np.zeros(2)\ntable.dtype = np.dtype('O')")),
    Attack(
        "dtype_overlapping_object_fields",
        in_call("np.dtype({'names': ['a', 'b'], 'formats': ['O', 'i8'], 'offsets': [0, 0]})"),
    ),
    Attack(
        "strides_out_of_bounds",
        in_call("table = np.zeros(4)\ntable.strides = (10**9,)\nprint(table[3])"),
    ),
    Attack(
        "ndarray_buffer_overread",
        in_call("print(np.ndarray((10**6,), dtype=np.float64, buffer=np.zeros(1)).sum())"),
    ),
    Attack(
        "frompyfunc_with_builtins",
        at_module("print(np.frompyfunc(str.format, 2, 1)('{0.__class__}', 1))"),
    ),
    Attack(
        "bit_generator_ctypes",
        at_module("print(np.random.default_rng().bit_generator.ctypes.next_uint64)"),
    ),
    Attack("bit_generator_cffi", at_module("print(np.random.default_rng().bit_generator.cffi)")),
    # --- filesystem ---------------------------------------------------------------------------
    Attack("open_etc_passwd", at_module("print(open('/etc/passwd').read())")),
    Attack("open_canary", in_call("print(open('CANARY_PATH').read())")),
    Attack("write_host_file", at_module("open('ESCAPE_PATH', 'w').write('escaped')")),
    Attack("pathlib_write", at_module("import pathlib\npathlib.Path('ESCAPE_PATH').touch()")),
    Attack("np_save_to_host", at_module("np.save('ESCAPE_PATH', np.zeros(3))")),
    Attack("np_savetxt_to_host", in_call("np.savetxt('ESCAPE_PATH', np.zeros(3))")),
    # --- network ------------------------------------------------------------------------------
    Attack(
        "tcp_connect",
        at_module("import socket\nsocket.create_connection(('127.0.0.1', 22), timeout=1)"),
    ),
    Attack(
        "udp_send",
        at_module(
            "import socket\n"
            "udp = socket.socket(socket.AF_INET, socket.SOCK_DGRAM)\n"
            "udp.sendto(b'x', ('10.0.0.1', 53))"
        ),
    ),
    Attack(
        "unix_socket",
        at_module(
            "import socket\n"
            "unix = socket.socket(socket.AF_UNIX)\n"
            "unix.connect('/run/systemd/private')"
        ),
    ),
    Attack("dns_lookup", at_module("import socket\nprint(socket.gethostbyname('example.com'))")),
    Attack("urllib_fetch", at_module("import urllib.request\nurllib.request.urlopen('http://x')")),
    # --- processes ----------------------------------------------------------------------------
    Attack("fork_bomb", at_module("import os\nwhile True:\n    os.fork()")),
    Attack("exec_shell", in_call("import os\nos.system('touch ESCAPE_PATH')")),
    Attack("kill_the_parent", in_call("import os\nos.kill(os.getppid(), 9)")),
    Attack("daemonise", at_module("import os\nif os.fork() == 0:\n    os.setsid()")),
    Attack(
        "thread_outlives_call",
        in_call(
            """
            import threading
            def spin():
                while True:
                    pass
            threading.Thread(target=spin, daemon=True).start()
            """
        ),
    ),
    Attack("multiprocessing_pool", at_module("import multiprocessing\nmultiprocessing.Pool(64)")),
    Attack("os_exit", in_call("import os\nos._exit(0)")),
    # --- CPU ----------------------------------------------------------------------------------
    Attack("busy_loop", in_call("while True:\n    pass"), TIMED_OUT),
    Attack("busy_loop_at_module_level", at_module("while True:\n    pass"), LOAD_TIMED_OUT),
    Attack(
        # A reduction in C over 10**12 elements of a zero-stride view: no bytecode to interrupt.
        "numpy_c_level_spin",
        in_call("np.broadcast_to(np.ones(1), (10**12,)).sum()"),
        TIMED_OUT,
    ),
    Attack("bigint_c_level_spin", in_call("x = 7 ** (10**8)"), TIMED_OUT),
    Attack(
        # Only a signal-based timeout could be caught; the sandbox's kill cannot.
        "catch_the_timeout",
        in_call(
            """
            try:
                while True:
                    pass
            except BaseException:
                pass
            """
        ),
        TIMED_OUT,
    ),
    Attack("sleep", in_call("import time\ntime.sleep(100)")),
    # --- memory -------------------------------------------------------------------------------
    Attack("huge_allocation", in_call("np.ones(10**9)")),
    Attack("lazy_allocation", in_call("np.zeros((10**6, 10**6))")),
    Attack("lazy_allocation_touched", in_call("table = np.empty((2**14, 2**14))\ntable[:] = 1.0")),
    Attack(
        "list_growth",
        in_call("items = [0] * 10**7\nwhile True:\n    items = items * 4"),
        BLOCKED_OR_TIMED_OUT,
    ),
    Attack("string_growth", in_call("text = 'a' * 10**10")),
    Attack(
        "deep_tuple_hash_overflows_c_stack",
        in_call("nested = ()\nfor i in range(10**6):\n    nested = (nested,)\nhash(nested)"),
        # the first call is counted (traced): its million-step loop may meet the CPU limit first
        frozenset({"internal_error", "failed", "timed_out"}),
    ),
    # --- output -------------------------------------------------------------------------------
    Attack(
        "print_flood",
        returning("np.zeros((max_len, d_model))", "for i in range(5000):\n    print('x' * 1000)"),
        extra=stdout_capped,
    ),
    Attack("print_one_huge_line", returning("None", "print('y' * 10**7)"), extra=stdout_capped),
    Attack("huge_return_array", returning("np.zeros(10**7)"), extra=small_report),
    Attack(
        # Over the element cap: refused after one conversion; the 14 probes together may use
        # up the CPU budget first.
        "huge_return_list",
        returning("[0.5] * (4 * 10**6 + 1)"),
        BLOCKED_OR_TIMED_OUT,
        extra=small_report,
    ),
    Attack("huge_exception_message", in_call("raise ValueError('z' * 10**7)"), extra=small_report),
    Attack(
        "huge_exception_repr",
        in_call("raise KeyError(list(range(2 * 10**5)))"),
        extra=small_report,
    ),
    Attack(
        "huge_load_error_message",
        at_module("raise ValueError('w' * 10**7)"),
        extra=small_report,
    ),
    Attack(
        "lone_surrogate_in_stdout",
        returning("None", "print('bad ' + chr(0xD800))"),
        extra=utf8_report,
    ),
    Attack(
        "lone_surrogate_in_exception",
        in_call("raise ValueError('bad ' + chr(0xDFFF))"),
        extra=utf8_report,
    ),
    # --- grader tampering ---------------------------------------------------------------------
    Attack(
        "monkeypatch_allclose",
        at_module("np.allclose = lambda *args, **kwargs: True")
        + "\npositional_encoding = np.zeros\n",
    ),
    Attack("monkeypatch_sin_in_facade", at_module("np.sin = np.cos")),
    Attack("setattr_on_facade", at_module("setattr(np, 'isclose', np.equal)")),
    Attack("tamper_math_facade", at_module("import math\nmath.pi = 3")),
    Attack("tamper_linalg_facade", at_module("np.linalg.norm = np.sum")),
    Attack(
        "tamper_timer", at_module("import time\ntime.perf_counter = lambda: 0.0\ntime.time = None")
    ),
    Attack(
        "ignore_cpu_signal",
        at_module("import signal\nsignal.signal(signal.SIGXCPU, signal.SIG_IGN)"),
    ),
    Attack("atexit_hook", at_module("import atexit\natexit.register(print, 'CANARY_PATH')")),
    Attack("raise_system_exit_at_load", at_module("raise SystemExit(0)")),
    Attack("raise_system_exit_in_call", in_call("raise SystemExit(0)")),
    Attack("raise_keyboard_interrupt", in_call("raise KeyboardInterrupt")),
    Attack("raise_base_exception", in_call("raise BaseException('stop the grader')")),
    Attack("raise_generator_exit", in_call("raise GeneratorExit")),
    Attack("raise_stop_iteration", in_call("raise StopIteration")),
    # --- result spoofing ----------------------------------------------------------------------
    Attack("object_dtype_correct_values", returning("reference.astype(np.dtype('O'))"), BLOCKED),
    Attack(
        "structured_dtype_correct_values",
        returning("reference.view(np.dtype([('v', np.float64)]))"),
    ),
    Attack("longdouble_correct_values", returning("reference.astype(np.dtype('g'))")),
    Attack("complex_correct_values", returning("reference.astype(np.dtype('c16'))")),
    Attack("datetime_dtype", returning("reference.astype(np.int64).astype(np.dtype('M8[ns]'))")),
    Attack("list_of_correct_values", returning("reference.tolist()")),
    Attack(
        "ndarray_subclass_correct_values",
        REFERENCE
        + "class Table(np.ndarray):\n    pass\n\n"
        + "def positional_encoding(max_len, d_model):\n"
        + "    return reference_table(max_len, d_model).view(Table)\n",
    ),
    Attack(
        "lying_eq_class",
        REFERENCE
        + "class Liar:\n    def __eq__(self, other):\n        return True\n\n"
        + "def positional_encoding(max_len, d_model):\n    return Liar()\n",
    ),
    Attack("masked_array", returning("np.ma.masked_array(reference, mask=True)")),
    # Leftover bytes: freed buffers (NumPy caches small ones) from the zygote's warm-up.
    Attack("uninitialised_memory", returning("np.empty((max_len, d_model))")),
    Attack("uninitialised_memory_like", returning("np.empty_like(np.zeros((max_len, d_model)))")),
    Attack("nan_everywhere", returning("np.full((max_len, d_model), np.nan)")),
    Attack("inf_everywhere", returning("np.full((max_len, d_model), np.inf)")),
    Attack(
        "broadcast_row_zero",
        returning("np.broadcast_to(np.tile([0.0, 1.0], d_model // 2), (max_len, d_model))"),
    ),
    Attack(
        "gc_finds_expected_array",
        in_call(
            """
            import gc
            for item in gc.get_objects():
                print(item)
            """
        ),
    ),
    # --- grading integrity: a Python loop the vectorised check does not see -----------------
    Attack(
        # find_loops() only scans a FunctionDef named like the entry point.
        "entry_point_alias_hides_loops",
        REFERENCE
        + "def build(max_len, d_model):\n"
        + "    pe = reference_table(max_len, d_model)\n"
        + "    for pos in range(max_len):\n"
        + "        pe[pos] = pe[pos] * 1.0\n"
        + "    return pe\n\n"
        + "positional_encoding = build\n",
    ),
    Attack(
        # LOOP_CALLS matches call names, so `m = map; m(...)` goes unseen.
        "aliased_map_hides_loop",
        REFERENCE
        + "each = map\n\n"
        + "def positional_encoding(max_len, d_model):\n"
        + "    pe = reference_table(max_len, d_model)\n"
        + "    return np.array(list(each(lambda row: row * 1.0, pe)))\n",
    ),
    # --- denial of service on the compiler ----------------------------------------------------
    Attack("nested_parentheses", "x = " + "(" * 100_000 + "1" + ")" * 100_000 + "\n"),
    Attack("unary_minus_chain", "x = " + "-" * 100_000 + "1\n"),
    Attack("long_addition_chain", "x = " + "+".join(["1"] * 100_000) + "\n"),
    Attack("deep_attribute_chain", "x = np" + ".real" * 50_000 + "\n"),
    Attack("deeply_nested_list_literal", "x = " + "[" * 5_000 + "]" * 5_000 + "\n"),
    Attack(
        "many_nested_functions",
        "".join("    " * depth + f"def f{depth}():\n" for depth in range(100))
        + "    " * 100
        + "pass\n",
    ),
    Attack(
        "huge_source_slow_to_compile",
        REFERENCE + "x = 1\n" * 400_000 + "positional_encoding = reference_table\n",
        BLOCKED_OR_TIMED_OUT,
    ),
    Attack(
        # Over Limits.source_bytes: the grader refuses it itself (SourceTooLarge), not only the
        # HTTP route, so a correct solution padded to 200 KB fails through the CLI or a worker.
        "huge_source_over_the_size_limit",
        "# " + "x" * 200_000 + "\n" + REFERENCE + "positional_encoding = reference_table\n",
    ),
    Attack("null_byte_in_source", REFERENCE + "x = 1\0\npositional_encoding = reference_table\n"),
    Attack(
        "lone_surrogate_in_source",
        REFERENCE + "x = '\udcff'\npositional_encoding = reference_table\n",
        extra=utf8_report,
    ),
]


def _prepared(source: str, secrets: HostSecrets, escape: Path) -> str:
    return (
        source.replace("CANARY_PATH", str(secrets.canary_path))
        .replace("ESCAPE_PATH", str(escape))
        .replace("SECRET_NAME", SECRET_VARIABLE)
    )


def _params() -> list[object]:
    return [pytest.param(attack, id=attack.name) for attack in ATTACKS]


def test_the_suite_has_one_uniquely_named_test_per_attack() -> None:
    names = [attack.name for attack in ATTACKS]
    assert len(names) == len(set(names))
    assert len(names) >= 60


@pytest.fixture(scope="module")
def reference_passes_afterwards(grade: SyncGrader, flagship: Exercise) -> Iterator[None]:
    """After the module's attacks (at its teardown), the platform still grades the reference."""
    yield
    assert_reference_passes(grade, flagship)


@pytest.mark.parametrize("attack", _params())
@pytest.mark.usefixtures("reference_passes_afterwards")
def test_attack_is_contained(
    attack: Attack,
    grade: SyncGrader,
    flagship: Exercise,
    host_secrets: HostSecrets,
    escape_path: Path,
) -> None:
    report = grade(flagship, _prepared(attack.source, host_secrets, escape_path))
    described = json.dumps(report.to_dict(), indent=1)[:3000]
    assert report.verdict != "passed", described
    assert str(report.verdict) in attack.expect, described
    assert host_secrets.leaked_into(report) == [], described
    assert not escape_path.exists()
    if attack.extra is not None:
        attack.extra(report)
