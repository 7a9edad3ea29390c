"""The children's seccomp filter, compiled here in the grader by libseccomp.

The zygote receives the raw BPF program and never loads libseccomp: every library it does not
load is a few mappings fewer to copy on each fork. Each child loads the program as its last
layer (graders.inside.isolation.apply_seccomp).
"""

from __future__ import annotations

import errno
import logging
import tempfile

log = logging.getLogger("gradebox.sandbox")

CLONE_THREAD = 0x00010000

# Syscalls a grader never needs; each fails with EPERM so Python raises a readable error.
DENIED_SYSCALLS = [
    "socket",
    "socketpair",
    "connect",
    "bind",
    "listen",
    "accept",
    "accept4",
    "execve",
    "execveat",
    "fork",
    "vfork",
    "ptrace",
    "process_vm_readv",
    "process_vm_writev",
    "io_uring_setup",
    "io_uring_enter",
    "io_uring_register",
    "mount",
    "umount2",
    "pivot_root",
    "chroot",
    "move_mount",
    "open_tree",
    "fsopen",
    "fsmount",
    "fsconfig",
    "fspick",
    "bpf",
    "keyctl",
    "add_key",
    "request_key",
    "personality",
    "unshare",
    "setns",
    "kexec_load",
    "kexec_file_load",
    "init_module",
    "finit_module",
    "delete_module",
    "perf_event_open",
    "userfaultfd",
    "open_by_handle_at",
    "name_to_handle_at",
    "quotactl",
    "reboot",
    "swapon",
    "swapoff",
    "syslog",
    "acct",
    "settimeofday",
    "clock_settime",
    "adjtimex",
    "iopl",
    "ioperm",
    "kill",
    "mknod",
    "mknodat",
    "pidfd_open",
    "pidfd_send_signal",
    "pidfd_getfd",
    "memfd_create",
    "process_madvise",
    "setuid",
    "setgid",
    "setreuid",
    "setregid",
    "setresuid",
    "setresgid",
    "setgroups",
    "landlock_create_ruleset",
    "landlock_add_rule",
    "landlock_restrict_self",
]


def compile_seccomp() -> bytes:
    """The filter as raw BPF (deny-listed syscalls fail with EPERM, so Python raises a readable
    error; threads may start, new processes may not)."""
    import pyseccomp as seccomp  # here, not at the top: only the grader ever needs it

    denied = seccomp.ERRNO(errno.EPERM)
    syscall_filter = seccomp.SyscallFilter(defaction=seccomp.ALLOW)
    for name in DENIED_SYSCALLS:
        try:
            syscall_filter.add_rule(denied, name)
        except (OSError, ValueError, RuntimeError):
            continue  # not a syscall on this architecture
    syscall_filter.add_rule(denied, "clone", seccomp.Arg(0, seccomp.MASKED_EQ, CLONE_THREAD, 0))
    syscall_filter.add_rule(seccomp.ERRNO(errno.ENOSYS), "clone3")
    with tempfile.TemporaryFile() as program:
        syscall_filter.export_bpf(program)
        program.seek(0)
        return program.read()


def seccomp_program() -> bytes:
    """The compiled filter; empty (so the layer reports missing, and the pool fails closed) if
    libseccomp cannot build it."""
    try:
        return compile_seccomp()
    except Exception as error:  # a missing or broken libseccomp: the self-test says so
        log.error("cannot compile the seccomp filter: %s", error)
        return b""
