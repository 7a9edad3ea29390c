"""The inside: code that runs next to learner code, in the zygote and its children.

zygote     the warm parent: holds NumPy and the policy, offers spares, obeys releases
spawner    forks one isolated child per job (one fork or two) and reports how it ended
warmup     touches every path a child uses before the clock runs
isolation  namespaces, mounts, rlimits, Landlock, seccomp, applied in each fresh child
child      loads one submission under the policy, calls it on each probe, sends plain data
policy     the RestrictedPython language policy and the names learner code may use
facade     the NumPy and math facades learner code sees instead of the real modules
numpy_denied   the NumPy names left out, each with its reason
numpy_wrapped  NumPy functions wrapped to refuse object memory and raw buffers
stdlib     the pure standard-library modules, as filtered facades
classes    classes built through the policy, and which objects are the learner's own
transformer  the compile-time policy (RestrictedPython's transformer, made generous)
match_statement  `match` rewritten as calls that match through the guards
patterns   those calls: PEP 634's matching, every attribute read through the guard
attacks    the start-up self-test's escape attempts, run inside a real child

It imports only `graders.protocol` (and the standard library, NumPy, RestrictedPython); the
trusted side never imports it, and starts it only as a separate process.
"""
