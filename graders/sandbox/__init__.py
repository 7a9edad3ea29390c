"""Run untrusted learner code in a warm, single-use, locked-down process."""
