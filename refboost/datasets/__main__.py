"""``python -m refboost.datasets``: the ``refboost-data`` command line (:mod:`refboost.datasets.cli`)."""

import sys

from .cli import main

sys.exit(main())
