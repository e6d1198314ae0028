"""Glocer (2009): the soft-margin LP and the entropy-regularised problems of chapters 3 and 4.

* The LPs (2.1)-(2.3) are solved with HiGHS through :func:`scipy.optimize.linprog`, in both the
  d-domain (2.3) and the w-domain (2.2), independently (their values agree by LP duality).
* The entropy-regularised problems (ERLPBoost (3.6), SoftBoost (3.1), the unnormalised (3.18),
  the binary-entropy (3.25), the corrective (4.6) and (4.12)) are solved with cvxpy + Clarabel
  (exponential cone), written in the d-domain exactly as the equations read. The objective is
  multiplied by eta (or left as is for SoftBoost) so that the exponential cone is well
  conditioned; values and duals are divided back. For very large eta (>~1e4) the relative entropy
  term is tiny next to ``eta * gamma`` and the conic solver's accuracy degrades: compare the
  specialised solvers against these on moderate eta only.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np
import scipy.sparse as sp

from .._validation import check_array, check_choice, check_eta, check_nu, check_nu_binary, check_U, check_weights
from ._solvers import ENTROPY_CONIC, LP_METHODS, _conic_solve, _simplex_clean, _solve


@dataclass
class SoftMarginLP:
    """Solution of the soft-margin LP in both domains (Glocer 2009, (2.2) and (2.3)).

    Attributes
    ----------
    value : float
        P_LP from the d-domain LP (2.3).
    value_w : float
        Optimum of the w-domain LP (2.2), solved independently; equals ``value`` by LP duality.
    d, gamma : primal solution of (2.3).
    w, psi, rho : primal solution of (2.2).
    duals : dict
        Multipliers of each LP: ``w``, ``psi``, ``rho`` from (2.3); ``d`` from (2.2).
    method : str
        The HiGHS method used (degenerate LPs have non-unique solutions, so a trajectory can depend
        on it; it is recorded for that reason).
    """

    value: float
    value_w: float
    d: np.ndarray
    gamma: float
    w: np.ndarray
    psi: np.ndarray
    rho: float
    duals: dict = field(default_factory=dict)
    method: str = "highs"

    @property
    def duality_gap(self) -> float:
        """|value of (2.3) - value of (2.2)|: zero up to solver tolerance."""
        return abs(self.value - self.value_w)


def soft_margin_lp(U, nu: float = 1.0, *, method: str = "highs-ds") -> SoftMarginLP:
    """Solve the soft-margin LP over all columns of U with HiGHS, in both domains.

    d-domain, Glocer (2009) eq. (2.3)::

        min_{d, gamma} gamma  s.t.  U^T d <= gamma 1,  1^T d = 1,  0 <= d <= 1/nu

    w-domain, eq. (2.2)::

        max_{w, psi, rho} rho - (1/nu) 1^T psi  s.t.  U w + psi >= rho 1,  w in S^K,  psi >= 0

    nu = 1 is the hard-margin LP (2.1).

    Parameters
    ----------
    U : array_like, shape (N, K), entries in [-1, 1]
    nu : float, 1 <= nu <= N
    method : {"highs", "highs-ds", "highs-ipm"}
    """
    U = check_U(U)
    N, K = U.shape
    nu = check_nu(nu, N)
    method = check_choice(method, "method", LP_METHODS)

    # (2.3): variables x = [d (N), gamma]
    c = np.r_[np.zeros(N), 1.0]
    A_ub = np.hstack([U.T, -np.ones((K, 1))])
    A_eq = np.r_[np.ones(N), 0.0][None, :]
    bounds = [(0.0, 1.0 / nu)] * N + [(None, None)]
    rd = _solve(c, A_ub, np.zeros(K), A_eq, [1.0], bounds, method, "the d-domain LP (2.3)")
    d = np.clip(rd.x[:N], 0.0, 1.0 / nu)
    duals = {
        "w": -rd.ineqlin.marginals,
        "rho": float(rd.eqlin.marginals[0]),
        "psi": -rd.upper.marginals[:N],
    }

    # (2.2): variables x = [w (K), psi (N), rho]; minimise -(rho - 1/nu sum psi)
    c2 = np.r_[np.zeros(K), np.full(N, 1.0 / nu), -1.0]
    A_ub2 = sp.hstack([sp.csr_matrix(-U), -sp.identity(N, format="csr"), sp.csr_matrix(np.ones((N, 1)))]).tocsr()
    A_eq2 = np.r_[np.ones(K), np.zeros(N), 0.0][None, :]
    bounds2 = [(0.0, None)] * (K + N) + [(None, None)]
    rw = _solve(c2, A_ub2, np.zeros(N), A_eq2, [1.0], bounds2, method, "the w-domain LP (2.2)")
    w = np.maximum(rw.x[:K], 0.0)
    psi = np.maximum(rw.x[K : K + N], 0.0)
    rho = float(rw.x[-1])
    duals["d"] = -rw.ineqlin.marginals

    return SoftMarginLP(
        value=float(rd.fun),
        value_w=float(-rw.fun),
        d=d,
        gamma=float(rd.x[-1]),
        w=w,
        psi=psi,
        rho=rho,
        duals=duals,
        method=method,
    )


def hard_margin_lp(U, *, method: str = "highs-ds") -> SoftMarginLP:
    """The hard-margin LP, Glocer (2009) eq. (2.1): :func:`soft_margin_lp` with nu = 1."""
    return soft_margin_lp(U, 1.0, method=method)


def optimal_face_extreme(U, nu: float, c, *, sense: str = "min", tol: float = 1e-9, method: str = "highs-ds") -> float:
    """Extreme value of ``c . w`` over the optimal face of the w-domain LP, Glocer (2009) eq. (2.2).

    Used to prove uniqueness of an LP solution: e.g. if the minimum of ``w_T`` over the
    optimal face is 1, the optimal w is ``e_T`` (Glocer 2009, §2.5). The face is
    ``{(w, psi, rho) feasible : rho - (1/nu) 1^T psi >= P_LP - tol}``.
    """
    U = check_U(U)
    N, K = U.shape
    nu = check_nu(nu, N)
    c = check_weights(c, K, "c")
    sense = check_choice(sense, "sense", ("min", "max"))
    P = soft_margin_lp(U, nu, method=method).value
    obj = np.r_[c if sense == "min" else -c, np.zeros(N + 1)]
    A_ub = sp.vstack(
        [
            sp.hstack([sp.csr_matrix(-U), -sp.identity(N), sp.csr_matrix(np.ones((N, 1)))]),
            sp.csr_matrix(np.r_[np.zeros(K), np.full(N, 1.0 / nu), -1.0][None, :]),
        ]
    ).tocsr()
    b_ub = np.r_[np.zeros(N), -(P - tol)]
    A_eq = np.r_[np.ones(K), np.zeros(N), 0.0][None, :]
    bounds = [(0.0, None)] * (K + N) + [(None, None)]
    r = _solve(obj, A_ub, b_ub, A_eq, [1.0], bounds, method, "the optimal-face LP")
    return float(r.fun if sense == "min" else -r.fun)


# ============================================================================================
# The entropy-regularised problems (chapters 3 and 4): cvxpy + Clarabel, d-domain.
# ============================================================================================


@dataclass
class EntropyConicSolution:
    """Solution of a d-domain conic problem and its multipliers (already unscaled).

    ``value`` is the objective of the equation as printed; ``w`` the multipliers of the edge
    constraints, ``psi`` of the caps ``d <= 1/nu``, ``beta`` of ``sum d = 1`` (Lagrangian sign
    convention ``+ beta (1.d - 1)`` as in (3.12)), ``alpha`` of the corrective equality (4.6).
    ``status`` is cvxpy's status string.
    """

    value: float
    d: np.ndarray
    gamma: float = float("nan")
    w: np.ndarray | None = None
    psi: np.ndarray | None = None
    beta: float = float("nan")
    alpha: float = float("nan")
    status: str = ""


def _relent(a, b):
    """Relative entropy ``sum a ln(a/b)`` over the support of ``a`` (negative entries of ``a`` count as 0)."""
    a = np.maximum(np.asarray(a, float), 0.0)
    pos = a > 0
    return float(np.sum(a[pos] * np.log(a[pos] / b[pos])))


def _plus_divergence(lead, d, d0, nu, kind):
    """The cvxpy objective ``lead + Delta(d, d^0)`` (``lead`` is the eta-scaled linear part), with ``kind``
    naming the divergence of chapters 3 and 4: ``"relative"`` the relative entropy of (3.6),
    ``"unnormalized"`` ``Delta_U = sum d ln(d/d0) - d + d0`` of (3.18), ``"binary"`` ``Delta_{2,nu}`` of
    (3.25), whose domain holds the caps ``d <= 1/nu``."""
    import cvxpy as cp

    obj = lead + cp.sum(cp.rel_entr(d, d0))
    if kind == "unnormalized":
        obj = obj - cp.sum(d) + 1.0
    elif kind == "binary":
        obj = obj + cp.sum(cp.rel_entr(1.0 / nu - d, 1.0 / nu - d0))
    return obj


def _divergence(dv, d0, nu, kind) -> float:
    """``Delta(dv, d^0)`` evaluated at a (clipped) solution."""
    if kind == "unnormalized":
        return _relent(dv, d0) - dv.sum() + 1.0
    if kind == "binary":
        return _relent(dv, d0) + _relent(1.0 / nu - dv, 1.0 / nu - d0)
    return _relent(dv, d0)


def _regularised_edge(U, nu: float, eta: float, kind: str, what: str) -> EntropyConicSolution:
    """The form (3.6), (3.18) and (3.25) share, in epigraph form::

        min_{d, gamma} gamma + (1/eta) Delta(d, d^0)  s.t.  U^T d <= gamma 1,  1.d = 1,  d <= 1/nu

    (the caps only where ``Delta`` is not binary; d >= 0 is the domain of the relative entropy).
    Solved as ``eta * objective``; the multipliers are divided back by eta and ``value`` is the
    objective of the equation at the clipped solution.
    """
    import cvxpy as cp

    N = U.shape[0]
    d0 = np.full(N, 1.0 / N)
    d = cp.Variable(N)
    gamma = cp.Variable()
    cons = [U.T @ d <= gamma, cp.sum(d) == 1]
    if kind != "binary":
        cons.append(d <= 1.0 / nu)
    prob = cp.Problem(cp.Minimize(_plus_divergence(eta * gamma, d, d0, nu, kind)), cons)
    st = _conic_solve(prob, what, **ENTROPY_CONIC)
    dv = _simplex_clean(d.value, nu)
    return EntropyConicSolution(
        value=float((U.T @ dv).max()) + _divergence(dv, d0, nu, kind) / eta,
        d=dv,
        gamma=float(gamma.value),
        w=np.asarray(cons[0].dual_value) / eta,
        beta=float(cons[1].dual_value) / eta,
        psi=None if kind == "binary" else np.asarray(cons[2].dual_value) / eta,
        status=st,
    )


def _corrective(u, ubar, nu: float, eta: float, kind: str, what: str) -> EntropyConicSolution:
    """The form (4.6) and (4.12) share::

        min_d u.d + (1/eta) Delta(d, d^0)  s.t.  1.d = 1,  d <= 1/nu,  (u - ubar).d = 0

    (the caps only where ``Delta`` is not binary). Solved as ``eta * objective``; an infeasible
    problem returns ``value = inf`` and a NaN ``d``.
    """
    import cvxpy as cp

    N = u.shape[0]
    d0 = np.full(N, 1.0 / N)
    d = cp.Variable(N)
    cons = [cp.sum(d) == 1]
    if kind != "binary":
        cons.append(d <= 1.0 / nu)
    cons.append((u - ubar) @ d == 0)
    prob = cp.Problem(cp.Minimize(_plus_divergence(eta * (u @ d), d, d0, nu, kind)), cons)
    st = _conic_solve(prob, what, **ENTROPY_CONIC)
    if st.startswith("infeasible"):
        return EntropyConicSolution(value=float("inf"), d=np.full(N, np.nan), status=st)
    dv = _simplex_clean(d.value, nu)
    return EntropyConicSolution(
        value=float(u @ dv) + _divergence(dv, d0, nu, kind) / eta,
        d=dv,
        beta=float(cons[0].dual_value) / eta,
        psi=None if kind == "binary" else np.asarray(cons[1].dual_value) / eta,
        alpha=float(cons[-1].dual_value) / eta,
        status=st,
    )


def erlp_primal_36(U, nu: float, eta: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (3.6) in epigraph form::

        min_{d, gamma} gamma + (1/eta) Delta(d, d^0)  s.t.  U^T d <= gamma 1,  1.d = 1,  d <= 1/nu

    (d >= 0 is the domain of the relative entropy). Solved as ``eta * objective``.
    """
    U = check_U(U)
    nu = check_nu(nu, U.shape[0])
    return _regularised_edge(U, nu, check_eta(eta), "relative", "(3.6)")


def softboost_primal_31(U, nu: float, bound: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (3.1): ``min_d Delta(d, d^0)`` s.t. ``U^T d <= bound`` (bound = gamma_hat_t - eps),
    ``1.d = 1``, ``d <= 1/nu``. ``status`` is "infeasible" when no such d exists."""
    import cvxpy as cp

    U = check_U(U)
    N, _ = U.shape
    nu = check_nu(nu, N)
    d0 = np.full(N, 1.0 / N)
    d = cp.Variable(N)
    cons = [U.T @ d <= bound, cp.sum(d) == 1, d <= 1.0 / nu]
    prob = cp.Problem(cp.Minimize(cp.sum(cp.rel_entr(d, d0))), cons)
    st = _conic_solve(prob, "(3.1)", **ENTROPY_CONIC)
    if st.startswith("infeasible"):
        return EntropyConicSolution(value=float("inf"), d=np.full(N, np.nan), status=st)
    dv = _simplex_clean(d.value, nu)
    return EntropyConicSolution(
        value=_relent(dv, d0),
        d=dv,
        w=np.asarray(cons[0].dual_value),
        beta=float(cons[1].dual_value),
        psi=np.asarray(cons[2].dual_value),
        status=st,
    )


def erlp_unnormalized_318(U, nu: float, eta: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (3.18)/(3.21): ``min gamma + Delta_U(d, d^0)/eta`` s.t. ``U^T d <= gamma``,
    ``1.d = 1``, ``d <= 1/nu``, with ``Delta_U = sum d ln(d/d0) - d + d0``. Same d and value as (3.6);
    its multiplier of ``1.d = 1`` is ``beta_U = beta + 1/eta`` (Lemma 3.13)."""
    U = check_U(U)
    nu = check_nu(nu, U.shape[0])
    return _regularised_edge(U, nu, check_eta(eta), "unnormalized", "(3.18)")


def binary_primal_325(U, nu: float, eta: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (3.25): ``min gamma + Delta_{2,nu}(d, d^0)/eta`` s.t. ``U^T d <= gamma``, ``1.d = 1``,
    with ``Delta_{2,nu} = sum d ln(d/d0) + (1/nu - d) ln((1/nu - d)/(1/nu - d0))`` (the caps are its
    domain). Requires nu < N."""
    U = check_U(U)
    nu = check_nu_binary(nu, U.shape[0])
    return _regularised_edge(U, nu, check_eta(eta), "binary", "(3.25)")


def corrective_primal_46(u, ubar, nu: float, eta: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (4.6): ``min_d u.d + Delta(d, d^0)/eta`` s.t. ``1.d = 1``, ``d <= 1/nu``,
    ``(u - ubar).d = 0`` (ubar = margins of the previous combination). ``alpha`` is the multiplier of
    the equality; Lemma 4.1's ``w_t = 1 - alpha`` (with ``+ alpha (u - ubar).d`` in the Lagrangian)."""
    u = check_array(u, "u", ndim=1)
    ubar = check_array(ubar, "ubar", ndim=1)
    nu = check_nu(nu, u.shape[0])
    return _corrective(u, ubar, nu, check_eta(eta), "relative", "(4.6)")


def corrective_binary_primal_412(u, ubar, nu: float, eta: float) -> EntropyConicSolution:
    """Glocer (2009) eq. (4.12): ``min_d u.d + Delta_{2,nu}(d, d^0)/eta`` s.t. ``1.d = 1``, ``(u - ubar).d = 0``."""
    u = check_array(u, "u", ndim=1)
    ubar = check_array(ubar, "ubar", ndim=1)
    nu = check_nu_binary(nu, u.shape[0])
    return _corrective(u, ubar, nu, check_eta(eta), "binary", "(4.12)")
