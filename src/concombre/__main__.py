"""``python -m concombre``: the command line."""

import sys

from concombre.apps.cli import main

sys.exit(main())
