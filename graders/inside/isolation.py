"""Process isolation for one learner child: namespaces, mounts, rlimits, Landlock, seccomp.

Applied, in this order, in the freshly forked child before it reads its job:

| layer       | what it does                                                        | if missing |
|-------------|---------------------------------------------------------------------|------------|
| session     | own session and process group, so the parent can kill the group     | never      |
| fds         | every inherited descriptor closed but the result channel; 0-2 null  | never      |
| user        | uid/gid nobody (65534), then a new user namespace mapping 0 to it   | required   |
| namespaces  | new PID, network (no interfaces but lo, down), mount, IPC, UTS      | required   |
| tmpfs       | a private 1 MiB tmpfs on /tmp is the working directory              | required   |
| rlimits     | CPU, address space, processes, open files, file size, core          | never      |
| landlock    | read only Python + NumPy + system libs; write only the tmpfs; no TCP | required   |
| seccomp     | no sockets, exec, fork, ptrace, mount, bpf, io_uring, keyctl, ...   | required   |
| environment | empty; BLAS/OpenMP threads pinned to 1 before NumPy was imported    | never      |

"required" layers are checked by the start-up self-test; a missing one makes the pool refuse
to grade unless the loudly logged development setting `allow_weak_sandbox` is on.
"""

from __future__ import annotations

import ctypes
import errno
import math
import os
import resource
import signal
import sys
from dataclasses import dataclass, field

from graders.protocol import procfs
from graders.protocol.limits import Limits

NOBODY = 65534
libc = ctypes.CDLL(None, use_errno=True)
# Looked up once here, in the zygote, so each child does not resolve them again.
for _name in ("prctl", "syscall", "mount", "unshare", "setns", "mallopt"):
    getattr(libc, _name)

CLONE_NEWNS = 0x00020000
CLONE_NEWUTS = 0x04000000
CLONE_NEWIPC = 0x08000000
CLONE_NEWUSER = 0x10000000
CLONE_NEWPID = 0x20000000
CLONE_NEWNET = 0x40000000
MS_NOSUID, MS_NODEV, MS_NOEXEC = 2, 4, 8
MS_REC, MS_PRIVATE = 0x4000, 1 << 18
PR_SET_NO_NEW_PRIVS, PR_SET_DUMPABLE = 38, 4
_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER = 22, 2
_PR_SET_PDEATHSIG = 1


@dataclass
class LayerReport:
    """What the child managed to apply; the self-test checks it against the attacks."""

    applied: dict[str, bool] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)

    def mark(self, layer: str, ok: bool, note: str = "") -> None:
        self.applied[layer] = ok
        if note:
            self.notes[layer] = note


def _check(result: int, what: str) -> None:
    if result != 0:
        code = ctypes.get_errno()
        raise OSError(code, f"{what}: {os.strerror(code)}")


def die_with_parent() -> None:
    """SIGKILL when the parent dies: a dead zygote (or first process) leaves no orphans."""
    _check(libc.prctl(_PR_SET_PDEATHSIG, signal.SIGKILL, 0, 0, 0), "prctl(pdeathsig)")


def enter_session(*keep: int) -> None:
    """New session + process group; every descriptor but `keep` closed; stdio to /dev/null."""
    os.setsid()
    null = os.open(os.devnull, os.O_RDWR)
    for target in (0, 1, 2):
        if null != target:
            os.dup2(null, target)
    start = 3
    for fd in sorted(keep):
        os.closerange(start, fd)
        os.set_inheritable(fd, False)
        start = fd + 1
    os.closerange(start, 65536)


def drop_privileges_and_unshare(report: LayerReport, new_pid_namespace: bool = True) -> bool:
    """Become nobody, then root of fresh user/net/mount/IPC/UTS (and PID) namespaces.

    `new_pid_namespace=False` is for a child that is already PID 1 of a PID namespace the zygote
    made for it (`new_pid_namespace_for_children`).
    """
    try:
        if os.getuid() == 0:
            os.setgroups([])
            os.setgid(NOBODY)
            os.setuid(NOBODY)
            _check(libc.prctl(PR_SET_DUMPABLE, 1, 0, 0, 0), "prctl(dumpable)")
        uid, gid = os.getuid(), os.getgid()
        report.mark("user", uid != 0, f"uid {uid}")
        flags = CLONE_NEWUSER | CLONE_NEWNS | CLONE_NEWNET | CLONE_NEWIPC | CLONE_NEWUTS
        _check(libc.unshare(flags | (CLONE_NEWPID if new_pid_namespace else 0)), "unshare")
        procfs.write("self/setgroups", "deny")
        procfs.write("self/uid_map", f"0 {uid} 1")
        procfs.write("self/gid_map", f"0 {gid} 1")
        if not new_pid_namespace and os.getpid() != 1:
            raise OSError(errno.EPERM, "not the first process of a fresh PID namespace")
        forks = "two forks" if new_pid_namespace else "one fork"
        report.mark("namespaces", True, f"user pid net mount ipc uts; {forks} per child")
        return True
    except OSError as error:
        report.mark("namespaces", False, str(error))
        return False


def own_pid_namespace() -> int | None:
    """A descriptor on our PID namespace if we may give each child a new one ourselves.

    That needs CAP_SYS_ADMIN (the zygote runs as root): then one fork per child suffices, the
    child being PID 1 of its namespace. Without it, a child must unshare and fork again.
    """
    try:
        namespace = procfs.open_namespace("pid")
    except OSError:
        return None
    try:
        new_pid_namespace_for_children()
        restore_pid_namespace_for_children(namespace)
        return namespace
    except OSError:
        os.close(namespace)
        return None


def new_pid_namespace_for_children() -> None:
    """The next child we fork is PID 1 of a new PID namespace (we stay where we are)."""
    _check(libc.unshare(CLONE_NEWPID), "unshare(CLONE_NEWPID)")


def restore_pid_namespace_for_children(namespace: int) -> None:
    """Children forked from now on are born in our own PID namespace again."""
    _check(libc.setns(namespace, CLONE_NEWPID), "setns(CLONE_NEWPID)")


def private_tmpfs(report: LayerReport) -> None:
    """A private, size-capped tmpfs over /tmp as the only writable place and the cwd."""
    try:
        _check(libc.mount(None, b"/", None, MS_REC | MS_PRIVATE, None), "mount private")
        _check(
            libc.mount(
                b"tmpfs", b"/tmp", b"tmpfs", MS_NOSUID | MS_NODEV | MS_NOEXEC, b"size=1m,mode=0700"
            ),
            "mount tmpfs",
        )
        os.chdir("/tmp")
        report.mark("tmpfs", True, "1 MiB at /tmp")
    except OSError as error:
        os.chdir("/")
        report.mark("tmpfs", False, str(error))


def _rlimits(limits: Limits) -> dict[int, int]:
    return {
        # soft = hard: the kernel's SIGKILL at the hard limit also reaches PID 1 of a namespace.
        resource.RLIMIT_CPU: max(1, math.ceil(limits.cpu_seconds)),
        resource.RLIMIT_AS: limits.memory_bytes,
        resource.RLIMIT_NOFILE: limits.open_files,
        resource.RLIMIT_FSIZE: limits.file_bytes,
        resource.RLIMIT_CORE: 0,
        resource.RLIMIT_NPROC: limits.processes,
    }


def apply_rlimits(ceilings: Limits) -> None:
    """The service's ceilings, set in every child before it reads a job."""
    for kind, value in _rlimits(ceilings).items():
        resource.setrlimit(kind, (value, value))


def lower_rlimits(limits: Limits) -> None:
    """A job's own limits, where they are below the ceilings (a limit is never raised)."""
    for kind, value in _rlimits(limits).items():
        _, hard = resource.getrlimit(kind)
        if hard == resource.RLIM_INFINITY or value < hard:
            resource.setrlimit(kind, (value, value))


# --- Landlock ------------------------------------------------------------------------------
_SYS_LANDLOCK_CREATE_RULESET, _SYS_LANDLOCK_ADD_RULE, _SYS_LANDLOCK_RESTRICT_SELF = 444, 445, 446
_FS_EXECUTE, _FS_WRITE_FILE, _FS_READ_FILE, _FS_READ_DIR = 1, 2, 4, 8
_FS_ALL_BY_ABI = {1: (1 << 13) - 1, 2: (1 << 14) - 1, 3: (1 << 15) - 1, 5: (1 << 16) - 1}
_NET_BIND_TCP, _NET_CONNECT_TCP = 1, 2
_SCOPE_ABSTRACT_UNIX_SOCKET, _SCOPE_SIGNAL = 1, 2


class _RulesetAttr(ctypes.Structure):
    _fields_ = [
        ("handled_access_fs", ctypes.c_uint64),
        ("handled_access_net", ctypes.c_uint64),
        ("scoped", ctypes.c_uint64),
    ]


class _PathBeneathAttr(ctypes.Structure):
    _pack_ = 1
    _fields_ = [("allowed_access", ctypes.c_uint64), ("parent_fd", ctypes.c_int32)]


def landlock_abi() -> int:
    abi = libc.syscall(_SYS_LANDLOCK_CREATE_RULESET, None, 0, 1)
    return max(0, int(abi))


def readable_roots() -> list[str]:
    """What Python and NumPy need to read after start-up: the interpreter and system libs."""
    roots = {
        sys.prefix,
        sys.base_prefix,
        sys.exec_prefix,
        "/usr/lib",
        "/lib",
        "/lib64",
        "/usr/lib64",
    }
    roots |= {os.path.dirname(path) for path in sys.path if path.endswith("site-packages")}
    return sorted(root for root in roots if os.path.isdir(root))


def apply_landlock(report: LayerReport, writable: str = "/tmp") -> None:
    abi = landlock_abi()
    if abi < 1:
        report.mark("landlock", False, "kernel has no Landlock")
        return
    fs_all = _FS_ALL_BY_ABI[max(key for key in _FS_ALL_BY_ABI if key <= abi)]
    attr = _RulesetAttr(
        fs_all,
        (_NET_BIND_TCP | _NET_CONNECT_TCP) if abi >= 4 else 0,
        (_SCOPE_ABSTRACT_UNIX_SOCKET | _SCOPE_SIGNAL) if abi >= 6 else 0,
    )
    size = ctypes.sizeof(_RulesetAttr) if abi >= 6 else (16 if abi >= 4 else 8)
    ruleset = libc.syscall(_SYS_LANDLOCK_CREATE_RULESET, ctypes.byref(attr), size, 0)
    if ruleset < 0:
        report.mark("landlock", False, os.strerror(ctypes.get_errno()))
        return
    try:
        read = _FS_EXECUTE | _FS_READ_FILE | _FS_READ_DIR
        for root in readable_roots():  # as the child sees them: it may not reach every one
            _add_path_rule(ruleset, root, read)
        if os.path.isdir(writable):
            _add_path_rule(ruleset, writable, fs_all & ~_FS_EXECUTE)
        _check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
        _check(libc.syscall(_SYS_LANDLOCK_RESTRICT_SELF, ruleset, 0), "landlock_restrict_self")
        report.mark("landlock", True, f"ABI {abi}")
    except OSError as error:
        report.mark("landlock", False, str(error))
    finally:
        os.close(ruleset)


def _add_path_rule(ruleset: int, path: str, access: int) -> None:
    fd = os.open(path, os.O_PATH | os.O_CLOEXEC)
    try:
        rule = _PathBeneathAttr(access, fd)
        _check(libc.syscall(_SYS_LANDLOCK_ADD_RULE, ruleset, 1, ctypes.byref(rule), 0), path)
    finally:
        os.close(fd)


class _SockFprog(ctypes.Structure):
    _fields_ = [("len", ctypes.c_ushort), ("filter", ctypes.c_void_p)]


class SeccompProgram:
    """A compiled filter laid out for the kernel once (in the zygote); each child only loads it."""

    def __init__(self, program: bytes) -> None:
        self.valid = bool(program) and len(program) % 8 == 0
        self.instructions = len(program) // 8
        self._buffer = ctypes.create_string_buffer(program, max(1, len(program)))
        self._fprog = _SockFprog(len(program) // 8, ctypes.cast(self._buffer, ctypes.c_void_p))
        self.reference = ctypes.byref(self._fprog)


def apply_seccomp(report: LayerReport, program: SeccompProgram) -> None:
    """Load a compiled filter (no_new_privs first, as the kernel requires)."""
    try:
        if not program.valid:
            raise ValueError("no compiled seccomp program")
        _check(libc.prctl(PR_SET_NO_NEW_PRIVS, 1, 0, 0, 0), "no_new_privs")
        _check(
            libc.prctl(_PR_SET_SECCOMP, _SECCOMP_MODE_FILTER, program.reference, 0, 0), "seccomp"
        )
        report.mark("seccomp", True, f"{program.instructions} BPF instructions")
    except Exception as error:
        report.mark("seccomp", False, f"{type(error).__name__}: {error}")
