# ruff: noqa: F401  (this package re-exports the names of its modules)
"""Shen & Li (2010), "On the dual formulation of boosting algorithms" (IEEE TPAMI 32(12)).

Boosters
--------
* :func:`adaboost_cg`   — Algorithm 2 (AdaBoost-CG): column generation on AdaBoost_l1 (5).
* :func:`logitboost_cg` — Algorithm 2 with (31) in place of (15): l1-constrained logistic loss (32).
* :func:`adaboost_qp`   — AdaBoost-QP (41) over a fixed pool (totally corrective).
* :func:`lpboost_hinge` — soft-margin LPBoost with the generalised hinge loss (21)/(22) for
  p = 1 (reuses :func:`refboost.lpboost`) and the Tsallis-entropy dual (28) for p > 1.

Modules
-------
* :mod:`~refboost.boosters.shen.cg`     -- column generation: AdaBoost-CG, LogitBoost-CG (the driver of Algorithm 2);
* :mod:`~refboost.boosters.shen.master` -- their restricted master: objectives (6) / (32) in the margins,
  :class:`_Master` (numpy, the reference) and :class:`_JitMaster` (compiled hot path);
* :mod:`~refboost.boosters.shen.qp`     -- AdaBoost-QP (41);
* :mod:`~refboost.boosters.shen.hinge`  -- generalised-hinge LPBoost (21)/(22), (28) and the Tsallis /
  binary entropy utilities;
* ``_common`` -- master tolerances, the temperature check, the certified result.

Every name is importable from this package (``from refboost.boosters.shen import ...``); :data:`USE_JIT`
is read here at each run.

Notation (Shen & Li 2010): ``U[i, j] = y_i H_ij`` (the matrix ``V = diag(y) H``), the
weights ``w >= 0`` with ``1^T w = 1/T`` and the normalised weights ``lambda = T w`` on the simplex;
normalised margins ``varrho = U lambda`` (34); edges ``U^T u``.

Numerics: the duals (10)/(15) are solved *nowhere* here. At the optimum
``u_i ∝ exp(-varrho_i / T)``, so ``u_max / u_min`` reaches ``e^{2/T}`` (``e^{1000}`` at T = 1/500).
Every restricted master is solved in the **primal** in the normalised form (6),
``min_{lambda in simplex} F(lambda) = T lse(-U lambda / T)``, each master written as a concave
function of the margins ``m = U lambda`` with a curvature vector, and ``u`` is recovered by a stable
softmax (24). The column-generation masters (AdaBoost-CG, LogitBoost-CG) use :class:`_Master`: the
columns in a growing buffer, the margins and edges kept between rounds, warm-started chord-Newton steps
on the support face from a Cholesky factor of an earlier curvature model that each new column borders in
O(N t + t^2) (refreshed only when a step is weak), each master solved only to a fraction (0.5) of the
current certificate (:data:`INNER_GAP_FRACTION`; usually one step), with the shared
:func:`refboost.boosters._newton.maximize` as fallback; AdaBoost-QP and the hinge LPBoost use the shared
solver directly. The hot path of that master (border, face direction, chord point, line search, margin and
edge update: ~56 numpy/LAPACK calls per column) runs as two compiled numba calls per column in
:class:`_JitMaster` (kernels in :mod:`refboost._jit.shen`); :data:`USE_JIT` = False runs the numpy
:class:`_Master`, which stays the readable reference (same iterates to round-off: ``tests/test_shen_jit.py``,
``benchmarks/check_shen_iterates.py jit``). ``benchmarks/results/bench_shen.txt``: one compiled master costs
0.22-0.72 stump-oracle calls in CPU time on the nine benchmark sets, the numpy master 0.41-1.73 in the same run.
The minimiser ``lambda`` *is* the multiplier vector of the edge constraints of (15), so
``w = lambda / T`` is the paper's "w from the dual multipliers" (Theorem 3.1).

Certificates. With ``g = grad F = -U^T u`` the Frank-Wolfe gap ``max_j edge_j - lambda^T edges``
equals the duality gap between the T-scaled primal and (15) at ``(lambda, u(lambda))``
(proof: ``T sum u log u = -u^T varrho - F``). With an exact pricing oracle, the same expression with
the maximum over the *whole* class bounds ``T (lse(-U w) - Opt(5))`` over the class. That is the
``gap`` of every CG result, in the units of eps (T-scaled; ``extra["gap_unscaled"] = gap / T`` bounds the
excess of (5) itself). Every booster recomputes its statement from the returned weights with
:mod:`refboost.certify.shen` (``extra["certificate"]``) and reports ``converged=True`` only when the
stopping rule fired *and* that certificate confirms it.
"""

from __future__ import annotations

from ..._extras import HAVE_NUMBA
from ..._jit.constants import EXACT_EVERY, LS_ITERS, LS_WOLFE, TRIAL_ACCEPT
from ..._jit.constants import LSE_TINY as _LSE_TINY
from ._common import ACTIVE_TOL, MASTER_MAX_ITER, MASTER_TOL, ShenLiError, _certified, check_T
from .cg import _CG_CONSTRAINTS, _column_generation, _pricing_distribution, adaboost_cg, logitboost_cg
from .hinge import (
    HINGE_HESS_FLOOR,
    _hinge_rho,
    _hinge_u,
    binary_entropy_sum,
    hinge_master,
    lpboost_hinge,
    q_log,
    tsallis_coefficient,
    tsallis_entropy,
)
from .master import (
    CHORD_RATE,
    FAST_MAX_ITER,
    FW_FIRST_STEP,
    INNER_GAP_FRACTION,
    MODEL_MAX_AGE,
    _generic_line,
    _JitMaster,
    _Master,
    exp_master,
    logistic_master,
)
from .qp import _Pool, _pool_matrix, adaboost_qp, qp_master, qp_terms

#: Run the column-generation masters of adaboost_cg / logitboost_cg through the compiled kernels of
#: :mod:`refboost._jit.shen` (:class:`_JitMaster`); False runs the numpy reference :class:`_Master`.
#: Both take the same steps; the iterates agree to round-off (tests/test_shen_jit.py). Default: whether
#: numba (the ``[fast]`` extra) is installed (:data:`refboost._extras.HAVE_NUMBA`).
USE_JIT = HAVE_NUMBA

__all__: list[str] = [
    "adaboost_cg",
    "adaboost_qp",
    "binary_entropy_sum",
    "check_T",
    "logitboost_cg",
    "lpboost_hinge",
    "q_log",
    "tsallis_coefficient",
    "tsallis_entropy",
]
