"""Rudin, Daubechies & Schapire (2003): the maximum margin rho as two generic cvxpy programs.

A second path (cvxpy + Clarabel) next to the HiGHS LP (2.1) of :func:`refboost.truth.hard_margin_lp`,
written as the paper's definition reads (Rudin, Daubechies & Schapire 2003, §1)::

    rho = max_{lambda in Delta_n} min_i (M lambda)_i = min_{d in Delta_m} max_j (d^T M)_j

(von Neumann's minimax theorem; closed simplices). Nothing in :mod:`refboost.boosters` uses this.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from .._validation import check_U
from ._solvers import _conic_solve, _simplex_clean

#: Clarabel tolerances for the hard-margin cross-check: first strict, then Clarabel's usual 1e-8
#: (on degenerate instances Clarabel reports "inaccurate" at 1e-10 for the same iterate).
RUDIN_CLARABEL_TOLS = (1e-10, 1e-8)

#: Statuses the cross-check accepts: only "optimal" (an inaccurate optimum is tried again at 1e-8).
RUDIN_ACCEPT = ("optimal",)


@dataclass
class HardMarginCVX:
    """Solution of one side of the minimax definition of rho (cvxpy + Clarabel).

    ``value`` is rho as this side computes it; ``lam`` / ``d`` the primal solution of this side
    and the multipliers of its inequality constraints (the other side's solution); ``status`` is
    cvxpy's status string.
    """

    value: float
    lam: np.ndarray
    d: np.ndarray
    status: str = ""


def max_margin_rudin_cvx(U) -> HardMarginCVX:
    """``rho = max_{lambda in Delta_n} min_i (U lambda)_i`` (Rudin et al. 2003, §1), epigraph form::

        max_{lambda, t}  t   s.t.  U lambda >= t 1,  lambda >= 0,  1^T lambda = 1.

    ``d`` = multipliers of ``U lambda >= t 1`` (a minimiser of the max edge, by LP duality).
    """
    import cvxpy as cp

    U = check_U(U)
    lam = cp.Variable(U.shape[1], nonneg=True)
    t = cp.Variable()
    margin_con = U @ lam >= t
    prob = cp.Problem(cp.Maximize(t), [margin_con, cp.sum(lam) == 1])
    st = _conic_solve(prob, "max_lambda min_i (U lambda)_i", tols=RUDIN_CLARABEL_TOLS, accept=RUDIN_ACCEPT)
    return HardMarginCVX(
        value=float(prob.value), lam=_simplex_clean(lam.value), d=_simplex_clean(margin_con.dual_value), status=st
    )


def min_max_edge_rudin_cvx(U) -> HardMarginCVX:
    """``rho = min_{d in Delta_m} max_j (d^T U)_j`` (Rudin et al. 2003, §1), epigraph form::

        min_{d, gamma}  gamma   s.t.  U^T d <= gamma 1,  d >= 0,  1^T d = 1.

    ``lam`` = multipliers of the edge constraints (a maximum-margin combination).
    """
    import cvxpy as cp

    U = check_U(U)
    d = cp.Variable(U.shape[0], nonneg=True)
    gamma = cp.Variable()
    edge_con = U.T @ d <= gamma
    prob = cp.Problem(cp.Minimize(gamma), [edge_con, cp.sum(d) == 1])
    st = _conic_solve(prob, "min_d max_j (d^T U)_j", tols=RUDIN_CLARABEL_TOLS, accept=RUDIN_ACCEPT)
    return HardMarginCVX(
        value=float(prob.value), lam=_simplex_clean(edge_con.dual_value), d=_simplex_clean(d.value), status=st
    )
