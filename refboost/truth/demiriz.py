"""Demiriz, Bennett & Shawe-Taylor (2002): LPBoost's LP with the trade-off C given.

Primal (over unnormalised hypothesis weights a and slacks xi)::

    min_{a, xi}  sum_q a_q + C sum_n xi_n   s.t.  U a + xi >= 1,  a >= 0,  xi >= 0

Dual::

    max_u  sum_n u_n   s.t.  U^T u <= 1,  0 <= u <= C

Relation to Glocer's (2009) nu-form (2.2)/(2.3): when the soft margin gamma* at nu is positive,
C = 1/(nu gamma*) gives u* = d*/gamma* and the optimum 1/gamma*; with C given directly the two are
different parametrisations (the nu that corresponds to C depends on the solution).
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from .._validation import check_choice, check_real, check_U
from ._solvers import LP_METHODS, _solve


@dataclass
class DemirizLP:
    """Solution of Demiriz et al.'s LP at a given C (HiGHS, primal with its multipliers).

    Attributes
    ----------
    value : float
        The optimum ``sum a + C sum xi`` (= ``sum u`` by LP duality).
    a, xi : ndarray
        An optimal primal point (unnormalised weights, slacks).
    u : ndarray
        HiGHS's multipliers of ``U a + xi >= 1``: an optimal dual point.
    method : str
        The HiGHS method used.
    """

    value: float
    a: np.ndarray
    xi: np.ndarray
    u: np.ndarray
    method: str = "highs-ds"
    duals: dict = field(default_factory=dict)


def check_C_demiriz(C, name: str = "C") -> float:
    """The trade-off C of the LP of Demiriz et al. (2002): a finite real > 0."""
    return check_real(C, name, low=0.0, low_open=True)


def demiriz_lp(U, C: float, *, method: str = "highs-ds") -> DemirizLP:
    """Solve the LPBoost LP of Demiriz et al. (2002) at trade-off ``C`` over all columns of U with HiGHS.

    Parameters
    ----------
    U : array_like, shape (N, K), entries in [-1, 1]
    C : float > 0
    method : {"highs", "highs-ds", "highs-ipm"}
    """
    U = check_U(U)
    N, K = U.shape
    C = check_C_demiriz(C)
    method = check_choice(method, "method", LP_METHODS)
    # variables x = [a (K), xi (N)]; -U a - xi <= -1
    c = np.r_[np.ones(K), np.full(N, C)]
    A_ub = sp.hstack([sp.csr_matrix(-U), -sp.identity(N, format="csr")]).tocsr()
    res = _solve(c, A_ub, -np.ones(N), None, None, [(0.0, None)] * (K + N), method,
                 "Demiriz et al.'s LP (primal)")
    a = np.maximum(res.x[:K], 0.0)
    xi = np.maximum(res.x[K:], 0.0)
    u = np.clip(-res.ineqlin.marginals, 0.0, C)
    return DemirizLP(value=float(res.fun), a=a, xi=xi, u=u, method=method)


def demiriz_dual_cvx(U, C: float):
    """The dual ``max sum u  s.t.  U^T u <= 1, 0 <= u <= C`` written in cvxpy and solved by Clarabel:
    ``(value, u, status)`` (a second formulation and solver for :func:`demiriz_lp`; Demiriz et al. (2002),
    the dual LP)."""
    import cvxpy as cp

    from ._solvers import _conic_solve

    U = check_U(U)
    C = check_C_demiriz(C)
    N = U.shape[0]
    u = cp.Variable(N)
    prob = cp.Problem(cp.Maximize(cp.sum(u)), [U.T @ u <= 1, u >= 0, u <= C])
    st = _conic_solve(prob, "the dual of Demiriz et al.'s LP", tols=(1e-11, 1e-9, None))
    return float(prob.value), np.clip(np.asarray(u.value, dtype=float), 0.0, C), st
