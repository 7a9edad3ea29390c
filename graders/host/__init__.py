"""The host: the trusted side of the sandbox, in the grading process.

pool           warm zygotes, admission (queue depth, refusal), one job at a time each
process        starts a zygote process (standard library only: a caller may do it first thing)
zygote_client  configures one zygote and takes the spare children it offers
exchange       one job with one child: write the job, read its frames, learn how it ended
selftest       the start-up self-test's findings, and the decision to refuse to grade
seccomp        the children's seccomp filter, compiled here so the zygote never loads libseccomp

It imports `graders.protocol`, never `graders.inside`: the zygote is started as a process.
"""
