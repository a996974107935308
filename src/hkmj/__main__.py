"""``python -m hkmj`` runs the ``hkmj`` command line (:mod:`hkmj.launch`)."""

import sys

from hkmj.launch import main

sys.exit(main())
