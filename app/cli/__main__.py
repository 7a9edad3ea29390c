"""`python -m app.cli`: the `gradebox` command, as the tests and the live server run it."""

import sys

from app.cli import main

sys.exit(main())
