"""``python -m concombre``: the command line."""

import sys

from concombre.cli import main

sys.exit(main())
