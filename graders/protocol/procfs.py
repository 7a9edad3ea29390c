"""Read the kernel's /proc: the one module that names its files and knows their formats.

Both sides of the sandbox use it, so it imports nothing but `os`: the zygote and a learner's
child (the namespace files the isolation writes, the processes below a child, each thread's
scheduler accounting, the parent's environment the self-test tries to read) and the host (the
accounting of a child that runs, the kernel's CPU pressure). Each call reads when it is made,
with its caller's privileges and inside its caller's sandbox layers; nothing is cached or read
ahead, so a file read before the child drops its privileges is still read then, and one the
sandbox must refuse is still refused.

A file that is missing (a process gone, a kernel without the feature) or may not be read
raises OSError, as open() does; one not in the expected format raises ValueError. What either
means is the caller's to say.
"""

from __future__ import annotations

import os

PROC = "/proc"  # where procfs is mounted (the tests point it at a folder of their own)


def path(name: str) -> str:
    """The file `name` under /proc: `path("self/ns/pid")`, `path(f"{pid}/stat")`."""
    return f"{PROC}/{name}"


def read(name: str) -> bytes:
    """The whole of one /proc file, in one open and read."""
    with open(path(name), "rb") as handle:
        return handle.read()


def write(name: str, text: str) -> None:
    """Write `text` to one /proc file (a namespace's uid_map) with bare system calls: no io
    stack, since this runs in every freshly forked child."""
    descriptor = os.open(path(name), os.O_WRONLY)
    try:
        os.write(descriptor, text.encode())
    finally:
        os.close(descriptor)


def open_namespace(name: str) -> int:
    """A descriptor on one of our own namespaces (`"pid"`: /proc/self/ns/pid), for setns."""
    return os.open(path(f"self/ns/{name}"), os.O_RDONLY | os.O_CLOEXEC)


def process_ids() -> list[int]:
    """Every process this PID namespace shows."""
    return [int(entry.name) for entry in os.scandir(PROC) if entry.name.isdigit()]


def parent_of(pid: int) -> int:
    """The parent of `pid`, from /proc/<pid>/stat. Its second field, the command name, is in
    parentheses and may hold spaces and parentheses itself: the fields after it start after
    the last ')'."""
    fields = read(f"{pid}/stat").rsplit(b")", 1)[-1].split()
    if len(fields) < 2:
        raise ValueError(f"/proc/{pid}/stat has no parent field")
    return int(fields[1])


def children_of(pid: int) -> list[int]:
    """The processes whose parent is `pid` (the kernel here has no /proc/PID/task/*/children);
    one that ends while they are listed is left out."""
    found = []
    for candidate in process_ids():
        try:
            if parent_of(candidate) == pid:
                found.append(candidate)
        except (OSError, ValueError):
            continue
    return found


def thread_ids(pid: int) -> list[int]:
    """The threads of `pid`, from /proc/<pid>/task."""
    return [int(name) for name in os.listdir(path(f"{pid}/task"))]


def thread_schedstat(pid: int, thread: int) -> tuple[int, int]:
    """One thread's scheduler accounting, /proc/<pid>/task/<thread>/schedstat: nanoseconds on
    a CPU, and nanoseconds runnable on a run queue without one."""
    fields = read(f"{pid}/task/{thread}/schedstat").split()
    if len(fields) < 2:
        raise ValueError(f"/proc/{pid}/task/{thread}/schedstat has {len(fields)} fields")
    return int(fields[0]), int(fields[1])


def pressure(resource: str) -> dict[str, float]:
    """The "some" line of /proc/pressure/<resource> (PSI, where the kernel has it), by key:
    `avg10`, `avg60`, `avg300` (the percentage of the last 10, 60, 300 s in which some task
    waited for the resource) and `total` (microseconds of waiting since boot)."""
    for line in read(f"pressure/{resource}").decode("ascii", "replace").splitlines():
        kind, *items = line.split() or [""]
        if kind == "some":
            pairs = (item.split("=", 1) for item in items if "=" in item)
            return {key: float(value) for key, value in pairs}
    raise ValueError(f"/proc/pressure/{resource} has no 'some' line")
