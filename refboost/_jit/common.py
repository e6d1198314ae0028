"""Small numba kernels shared by the compiled solvers (the logistic function, a dense LU solve, back substitution).

Used by :mod:`refboost._jit.entropy` and :mod:`refboost._jit.shen`. numba's on-disk cache is
keyed on the calling module's source: after editing this file, touch those two modules so that their
cached kernels are recompiled.
"""

from __future__ import annotations

import math

from ._numba import njit


@njit(cache=True)
def expit(z):
    """Logistic sigma(z) = 1 / (1 + e^-z) without overflow (``scipy.special.expit``)."""
    if z >= 0.0:
        return 1.0 / (1.0 + math.exp(-z))
    e = math.exp(z)
    return e / (1.0 + e)


@njit(cache=True)
def lu_solve_inplace(A, b, n):
    """``A[:n, :n] x = b[:n]`` by Gaussian elimination with partial pivoting (LAPACK dgesv): A and b are
    overwritten, x is left in ``b[:n]``; False if a pivot is exactly 0."""
    for c in range(n):
        piv, best = c, abs(A[c, c])
        for r in range(c + 1, n):
            if abs(A[r, c]) > best:
                piv, best = r, abs(A[r, c])
        if best == 0.0:
            return False
        if piv != c:
            for k in range(n):
                A[c, k], A[piv, k] = A[piv, k], A[c, k]
            b[c], b[piv] = b[piv], b[c]
        d = A[c, c]
        for r in range(c + 1, n):
            f = A[r, c] / d
            if f != 0.0:
                for k in range(c + 1, n):
                    A[r, k] -= f * A[c, k]
                b[r] -= f * b[c]
    back_substitute(A, b, n)
    return True


@njit(cache=True)
def back_substitute(R, b, n):
    """``R[:n, :n] x = b[:n]`` for the upper triangle of R (its diagonal non-zero): x is left in ``b[:n]``."""
    for c in range(n - 1, -1, -1):
        x = b[c]
        for k in range(c + 1, n):
            x -= R[c, k] * b[k]
        b[c] = x / R[c, c]
