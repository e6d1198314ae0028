"""numba, or the ``ImportError`` naming the ``[fast]`` extra: every kernel module imports ``njit`` from here.

Imported only when a kernel runs (``USE_JIT``, whose default is whether numba is installed:
:data:`refboost._extras.HAVE_NUMBA`); without numba the boosters run the numpy reference code.
"""

from __future__ import annotations

from .._extras import require

numba = require("numba", "refboost's compiled kernels (refboost._jit; USE_JIT = False runs the numpy reference)")
njit = numba.njit
