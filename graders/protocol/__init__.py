"""The protocol: the only code both sides of the sandbox import.

frames  length-prefixed frames and the one incremental decoder
values  return values normalised to plain data (arrays as dtype + shape + bytes): the types
        (value_types), the child's packing (packing), the trusted side's unpacking (unpacking)
job     the job a child runs: source, entry point, probe arguments, limits
limits  every limit on one submission, in one typed table
loops   the static loop scan: a pure function of source text, run on both sides
layers  the names of the sandbox layers the self-test proves
text    long text cut with a note of how much was cut (`cut`)
utf8    UTF-8 at the boundary: lone surrogates kept on the wire, escaped for display, refused
procfs  the kernel's /proc, read in this one place (schedstat, children, PSI, namespaces)
"""
