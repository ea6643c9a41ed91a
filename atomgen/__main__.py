"""`python -m atomgen` is the `atomgen` command."""

import sys

from atomgen.cli import main

sys.exit(main())
