"""The protocol: the only code both sides of the sandbox import.

frames  length-prefixed frames and the one incremental decoder
values  return values normalised to plain data (arrays as dtype + shape + bytes)
job     the job a child runs: source, entry point, probe arguments, limits
limits  every limit on one submission, in one typed table
loops   the static loop scan: a pure function of source text, run on both sides
layers  the names of the sandbox layers the self-test proves
procfs  the kernel's /proc, read in this one place (schedstat, children, PSI, namespaces)
"""
