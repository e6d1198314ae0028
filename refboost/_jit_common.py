"""Scalar numba kernels shared by the compiled solvers.

Used by :mod:`refboost._jit_entropy` and :mod:`refboost.boosters._jit_shen`. numba's on-disk cache is
keyed on the calling module's source: after editing this file, touch those two modules so that their
cached kernels are recompiled.
"""

from __future__ import annotations

import math

from numba import njit


@njit(cache=True)
def expit(z):
    """Logistic sigma(z) = 1 / (1 + e^-z) without overflow (``scipy.special.expit``)."""
    if z >= 0.0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)
