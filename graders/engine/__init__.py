"""The trusted grading engine: plan probes, run them in the sandbox, check, diagnose, report.

grader     the Grader and the Runner it grades through
reading    the child's frames read into one typed result per probe
early      tests checked while the child still runs
per_test   one test: trials, check, message, diagnosis
diagnosis  which known mistake a failing outcome matches
endings    every way a run ends, whose side it is, its words (the one table)
verdicts   a run's verdict, and every "not run" / "our fault" report in one wording
previews   capped views of arrays for the page
"""

from graders.engine.grader import Grader, Runner, report_for_run, summary_only

__all__ = ["Grader", "Runner", "report_for_run", "summary_only"]
