"""`python -m kbroker serve ...` runs the same command line as the `kbroker` console script."""

import sys

from kbroker.cli import main

sys.exit(main())
