"""``python -m hkmj`` runs the ``hkmj`` command line."""

import sys

from hkmj.cli import main

sys.exit(main())
