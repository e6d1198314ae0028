"""``python -m refboost.conformance build|verify`` (see :mod:`refboost.conformance.build`)."""

import sys

from .build import main

sys.exit(main())
