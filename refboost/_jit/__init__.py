"""Compiled (numba) kernels of the solvers, and the constants they share with the numpy reference code.

* :mod:`~refboost._jit.constants` -- tuning constants of the projection, the Newton method and the
  Shen & Li master; plain Python, imported by the numpy modules too (no numba import);
* :mod:`~refboost._jit._numba` -- numba itself, or the ``ImportError`` naming the ``[fast]`` extra that installs it;
* :mod:`~refboost._jit._numba_bridge` -- the one piece tied to numba's internals: BLAS dgemv through
  numba's ``numba_xxgemv`` bridge to scipy;
* :mod:`~refboost._jit.common` -- small kernels shared by both solvers (logistic function, dense LU solve);
* :mod:`~refboost._jit.entropy` -- ERLPBoost / Binary ERLPBoost: KL projection, objectives, active-set Newton;
* :mod:`~refboost._jit.shen` -- the restricted master of AdaBoost-CG / LogitBoost-CG.

Each kernel is the loop form of a numpy function that stays the readable statement and the reference
(``USE_JIT = False`` in :mod:`refboost.boosters.entropy` / :mod:`refboost.boosters.shen` runs it; the
tests compare both). This package imports nothing on its own: numba loads with the first kernel module. numba is
optional (the ``[fast]`` extra): ``USE_JIT`` defaults to whether it is installed
(:data:`refboost._extras.HAVE_NUMBA`), and without it the numpy reference code runs.
"""
