"""Development scripts; a package so that the tests share its helpers (`scripts.browser`)."""
