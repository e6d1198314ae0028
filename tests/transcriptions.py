"""Literal transcriptions of the algorithm boxes of the five works, for the iterate tests.

Each function below follows one algorithm box line by line, in plain numpy / scipy (and cvxpy with
Clarabel for the convex sub-problems that the box says to "solve"). Nothing here is imported from
the boosters: the only shared object is the matrix ``U[n, j] = y_n h_j(x_n)`` of a finite class, and
the weak learner is the maximum-edge column with the lowest index on ties (:func:`oracle`).

Every function returns a dict of lists, one entry per iteration t = 1, 2, ...:

* ``j``     -- index of the hypothesis the oracle returned at iteration t,
* ``d``     -- the distribution the oracle was given at iteration t (``d^{t-1}`` in Glocer's notation),
* ``alpha`` / ``lam`` -- the step of a stagewise / corrective algorithm,
* ``w``     -- the weights after iteration t (where the box defines them),

plus scalars the box computes (values of the sub-problems, stopping quantities). Where refboost
deliberately departs from the printed box, the corrected box is the default and a keyword selects the
printed one (``step="nosq"``, ``start="zero"`` of Glocer Alg 4.1/4.3, ``floor=None`` of arc-gv).

Step numbers in the comments are the boxes' own (Glocer 2009: Alg. 2.1, 3.1, 3.2, 3.3, 4.1-4.4;
Mitsuboshi, Hatano & Takimoto: Alg. 1-4; Shen & Li 2010: Alg. 1, 2 and eq. (41); Sun, Todorovic & Li
2006: Fig. 1-3 and eq. (40); Rudin, Daubechies & Schapire 2003: AdaBoost, eq. (3) and §4). Where a
box has no numbered steps, the comment names the equation or the line of the box.
"""

from __future__ import annotations

import math

import cvxpy as cp
import numpy as np
from scipy.optimize import brentq, linprog

TIE_TOL = 1e-12
CLARABEL = dict(solver=cp.CLARABEL, tol_gap_abs=1e-11, tol_gap_rel=1e-11, tol_feas=1e-11, max_iter=400)


def _solve(prob):
    """Clarabel at tight tolerances, at its defaults if that fails (the KKT polish recovers the accuracy;
    hence "solution may be inaccurate" is not a concern here and is silenced)."""
    import warnings

    with warnings.catch_warnings():
        warnings.filterwarnings("ignore", message="Solution may be inaccurate")
        try:
            prob.solve(**CLARABEL)
        except cp.error.SolverError:
            prob.solve(solver=cp.CLARABEL)
    return prob


def oracle(U, d):
    """The maximum-edge weak learner: lowest index among the edges within TIE_TOL of the maximum."""
    e = U.T @ d
    j = int(np.flatnonzero(e >= e.max() - TIE_TOL)[0])
    return j, U[:, j]


def edge_gap(U, d):
    """Distance between the largest and the second largest edge (how far the argmax is from a tie)."""
    e = np.sort(U.T @ d)
    return float(e[-1] - e[-2])


def _polish(F, x0):
    """Newton (MINPACK hybrd) on the KKT equations of the active set, from the conic solver's point
    (Glocer Appendix A: with the active set known the KKT system is a square system of equations).
    Returns the root, or x0 when the root is not found to round-off."""
    from scipy.optimize import root

    sol = root(F, x0, method="hybr", options={"xtol": 1e-15})
    return sol.x if np.max(np.abs(F(sol.x))) < 1e-12 else x0


def _traj():
    return {"j": [], "d": [], "w": []}


# =============================================================================================
# Glocer (2009)
# =============================================================================================


def lp_23(U_t, nu):
    """LP (2.3): min gamma s.t. U_t^T d <= gamma, 1^T d = 1, 0 <= d <= 1/nu; returns (P, d, w)."""
    N, t = U_t.shape
    res = linprog(np.r_[np.zeros(N), 1.0], A_ub=np.hstack([U_t.T, -np.ones((t, 1))]), b_ub=np.zeros(t),
                  A_eq=np.r_[np.ones(N), 0.0][None, :], b_eq=[1.0], bounds=[(0, 1 / nu)] * N + [(None, None)],
                  method="highs", options={"primal_feasibility_tolerance": 1e-10, "dual_feasibility_tolerance": 1e-10})
    assert res.status == 0, res.message
    w = -res.ineqlin.marginals
    return float(res.fun), res.x[:N], w / w.sum()


def lpboost(U, nu, eps, max_iter):
    """Glocer Alg 2.1 (LPBoost)."""
    N = U.shape[0]
    out = _traj() | {"P": []}
    d = np.full(N, 1.0 / N)  # 1. d^0_n = 1/N
    gamma_hat = np.inf
    J: list[int] = []
    for _t in range(max_iter):  # 2. for t = 1, ...
        j, u = oracle(U, d)  # 3(a) send d^{t-1} to the oracle, get h^t
        out["j"].append(j)
        out["d"].append(d)
        gamma_hat = min(gamma_hat, float(u @ d))  # stopping quantity min_q u^q.d^{q-1}
        if j not in J:
            J.append(j)
        P, d, w = lp_23(U[:, J], nu)  # 3(b) (d^t, P^t_LP) = argmin of (2.3) over u^1..u^t
        out["P"].append(P)
        out["w"].append(w)
        if gamma_hat - P <= eps:  # 3(c) if min_q u^q.d^{q-1} - P^t_LP <= eps: T = t, break
            break
    out["J"] = J
    return out


def _kl_projection(U_t, bound, nu):
    """(3.1): argmin_d sum d ln(N d) s.t. U_t^T d <= bound, 1^T d = 1, d <= 1/nu (cvxpy, Clarabel)."""
    N = U_t.shape[0]
    d = cp.Variable(N)
    cons = [U_t.T @ d <= bound, cp.sum(d) == 1, d <= 1 / nu]
    _solve(cp.Problem(cp.Minimize(cp.sum(cp.rel_entr(d, np.full(N, 1.0 / N)))), cons))
    w = np.asarray(cons[0].dual_value).reshape(-1)
    A = np.flatnonzero(w > 1e-7 * max(1.0, w.max()))  # active edge constraints

    def d_of(wA):  # (3.2): d propto d^0 exp(-U w - psi), psi from the caps (KL projection, Alg 4.2)
        x = -(U_t[:, A] @ wA)
        return project_simplex(np.exp(x - x.max()), nu)

    wA = _polish(lambda wA: U_t[:, A].T @ d_of(wA) - bound, w[A])  # KKT: active edges at the bound
    dd = d_of(wA)
    if np.max(U_t.T @ dd) > bound + 1e-12:  # the active set was wrong: keep the conic solution
        dd = np.maximum(d.value, 0.0) / np.maximum(d.value, 0.0).sum()
    return dd


def _interior(U_t, bound, nu):
    """max s s.t. U_t^T d <= bound, s <= d <= 1/nu, 1^T d = 1 (-inf when (3.1) is infeasible)."""
    N, t = U_t.shape
    A_ub = np.vstack([np.hstack([U_t.T, np.zeros((t, 1))]), np.hstack([-np.eye(N), np.ones((N, 1))])])
    res = linprog(np.r_[np.zeros(N), -1.0], A_ub=A_ub, b_ub=np.r_[np.full(t, bound), np.zeros(N)],
                  A_eq=np.r_[np.ones(N), 0.0][None, :], b_eq=[1.0], bounds=[(0, 1 / nu)] * N + [(None, None)],
                  method="highs")
    return -float(res.fun) if res.status == 0 else -np.inf


def softboost(U, nu, eps, max_iter, zero_tol=1e-9):
    """Glocer Alg 3.1 (SoftBoost; nu = 1 is TotalBoost)."""
    N = U.shape[0]
    out = _traj() | {"gamma_hat": [], "stopped": False}
    d = np.full(N, 1.0 / N)  # 1. d^0 uniform
    gamma_hat = 1.0  # 1. gamma_hat_0 = 1
    J: list[int] = []
    for _t in range(max_iter):  # 2. for t = 1, ...
        j, u = oracle(U, d)  # 3(a) h^t from the oracle for d^{t-1}
        out["j"].append(j)
        out["d"].append(d)
        gamma_hat = min(gamma_hat, float(u @ d))  # 3(b) gamma_hat_t = min(gamma_hat_{t-1}, u^t.d^{t-1})
        out["gamma_hat"].append(gamma_hat)
        if j not in J:
            J.append(j)
        if _interior(U[:, J], gamma_hat - eps, nu) <= zero_tol:  # 3(d) (3.1) infeasible or d^t has a zero
            out["stopped"] = True
            break
        d = _kl_projection(U[:, J], gamma_hat - eps, nu)  # 3(c) d^t = argmin of (3.1)
    out["J"] = J
    return out


def eta_erlp(eps, N, nu):
    """Glocer (3.8): eta = max(2/eps ln(N/nu), 1/2)."""
    return max(2.0 / eps * math.log(N / nu), 0.5)


def eta_binary(eps, N, nu):
    """Glocer Thm 3.21: eta = max(2/eps (ln(N/nu) + 1), 1/2)."""
    return max(2.0 / eps * (math.log(N / nu) + 1.0), 0.5)


def binary_entropy(d, nu):
    """Delta_{2,nu}(d, d^0) (0 ln 0 = 0)."""
    N = d.shape[0]
    c = 1.0 / nu - d
    a = np.where(d > 0, d * np.log(np.where(d > 0, d * N, 1.0)), 0.0)
    b = np.where(c > 0, c * np.log(np.where(c > 0, c / (1.0 / nu - 1.0 / N), 1.0)), 0.0)
    return float(a.sum() + b.sum())


def _regularised_lp(U_t, nu, eta, binary):
    """Step 3(d) of Alg 3.2 / 3.3: maximise the dual (3.10) over w in the simplex, psi >= 0 (Binary: (3.26)
    over w in the simplex, beta free) with cvxpy/Clarabel, then d^t by (3.11) / (3.27). Returns (d, w, value);
    the value is P^t(d^t) = Theta^t(w^t, .) (Lemma 3.6 / 3.18)."""
    N, t = U_t.shape
    a = 1.0 / N  # d^0_n
    w = cp.Variable(t, nonneg=True)
    if binary:
        beta = cp.Variable()
        x = -eta * (U_t @ w + beta) + math.log(nu * a / (1 - nu * a))
        theta = -(N * math.log(1 - nu * a) + cp.sum(cp.logistic(x))) / nu - eta * beta  # eta times (3.26)
    else:
        psi = cp.Variable(N, nonneg=True)
        theta = -cp.log_sum_exp(math.log(a) - eta * (U_t @ w + psi)) - eta * cp.sum(psi) / nu  # eta times (3.10)
    _solve(cp.Problem(cp.Maximize(theta), [cp.sum(w) == 1]))
    wv = np.maximum(w.value, 0.0)
    wv = wv / wv.sum()
    A = np.flatnonzero(wv > 1e-7)  # the active edge constraints (Appendix A)

    def d_of(wA):
        m = U_t[:, A] @ wA
        if binary:  # (3.27) with beta the root of sum_n d_n = 1
            b = brentq(lambda b, m=m: _binary_d(m, b, nu, eta).sum() - 1.0, -2.0 - 50 / eta, 2.0 + 50 / eta,
                       xtol=1e-15, rtol=1e-15)
            return _binary_d(m, b, nu, eta)
        x = -eta * m  # (3.11) with psi in closed form: the capped projection of the softmax
        return project_simplex(np.exp(x - x.max()), nu)

    def kkt(x):  # the active edges are equal (to gamma) and the active w sum to 1
        wA, g = x[:-1], x[-1]
        return np.r_[U_t[:, A].T @ d_of(wA) - g, wA.sum() - 1.0]

    d_cp = d_of(wv[A])
    x = _polish(kkt, np.r_[wv[A], float(np.max(U_t.T @ d_cp))])
    wv = np.zeros(t)
    wv[A] = x[:-1]
    d = d_of(x[:-1])
    value = float(np.max(U_t.T @ d)) + (binary_entropy(d, nu) if binary else float(np.sum(d * np.log(N * d)))) / eta
    return d / d.sum(), wv, value


def erlpboost(U, nu, eps, max_iter, *, eta=None, binary=False):
    """Glocer Alg 3.2 (ERLPBoost) / Alg 3.3 (Binary ERLPBoost), simple stopping criterion."""
    N = U.shape[0]
    if eta is None:
        eta = eta_binary(eps, N, nu) if binary else eta_erlp(eps, N, nu)  # the canonical eta of Alg 3.2 / 3.3

    def Delta(dd):
        return binary_entropy(dd, nu) if binary else float(np.sum(np.where(dd > 0, dd * np.log(N * dd), 0.0)))

    out = _traj() | {"P_prev": [], "delta": [], "eta": eta}
    d = np.full(N, 1.0 / N)  # 1. d^0 uniform
    P_last = -1.0  # 1. P^0(d^0) = -1
    min_P = np.inf
    J: list[int] = []
    for _t in range(max_iter):  # 2. for t = 1, ...
        j, u = oracle(U, d)  # 3(a) h^t for d^{t-1}
        out["j"].append(j)
        out["d"].append(d)
        P_t = float(np.max(U[:, J + [j]].T @ d)) + Delta(d) / eta  # P^t(d^{t-1}), max form of (3.6)/(3.25)
        min_P = min(min_P, P_t)
        delta = min_P - P_last  # 3(b) delta^t = min_{q<=t} P^q(d^{q-1}) - P^{t-1}(d^{t-1})
        out["P_prev"].append(P_t)
        out["delta"].append(delta)
        if delta <= eps / 2:  # 3(c) if delta^t <= eps/2: T = t - 1, break
            break
        J.append(j)
        d, w, P_last = _regularised_lp(U[:, J], nu, eta, binary)  # 3(d) d^t = argmin of (3.6) / (3.25)
        out["w"].append(w)
    out["J"] = J
    return out


def project_simplex(a, nu):
    """Glocer Alg 4.2 (corrected: the cap is 1/nu): KL projection of a > 0 onto the capped simplex."""
    N = a.shape[0]
    order = np.argsort(-a, kind="stable")
    s = a[order]  # 1. sort a descending
    Z = float(s.sum())  # 2. Z = sum_n a_n
    k = 0
    while k < N:  # 3. for k = 0, 1, ...
        theta = (1.0 - k / nu) / Z  # 4. theta = (1 - k/nu) / Z
        if theta * s[k] <= (1.0 / nu) * (1 + 1e-12):  # 5. if theta a_(k) <= 1/nu: break
            break
        Z = float(s[k + 1:].sum())  # 6. Z = Z - a_(k) (summed afresh: the running difference cancels)
        k += 1
    d = np.minimum(theta * a, 1.0 / nu)  # 7. d_n = min(1/nu, theta a_n)
    d[order[:k]] = 1.0 / nu
    return d


def beta_bisection(m, nu, eta, tol=1e-13):
    """Glocer Alg 4.4 (corrected): the root beta of s(beta) = sum_n d_n(beta) = 1."""
    N = m.shape[0]
    d0 = 1.0 / N

    def s(beta):
        e = np.exp(-eta * (m + beta))
        return float(np.sum(d0 * e / (1 - nu * d0 + nu * d0 * e)))

    lo, hi = -1.0, 1.0  # 1. beta_l = -1, beta_u = 1
    while s(lo) < 1:  # 2. grow the lower end (printed: s(beta_l) >= 1)
        lo *= 2
    while s(hi) > 1:  # 3. grow the upper end (printed: s(beta_u) <= 1)
        hi *= 2
    beta = 0.5 * (lo + hi)
    for _ in range(200):  # 4. repeat
        beta = 0.5 * (lo + hi)  # 5. midpoint (printed: beta_l + (beta_l + beta_u)/2)
        sb = s(beta)
        if abs(sb - 1.0) <= tol or hi - lo <= 4 * np.finfo(float).eps * max(1.0, abs(beta)):  # 6. |s - 1| <= tau
            break
        if sb < 1:  # 7. halve the bracket
            hi = beta
        else:
            lo = beta
    return beta


def beta_bisection_printed(m, nu, eta, tol=1e-13, max_grow=60):
    """Glocer Alg 4.4 as printed (bracket tests inverted, midpoint beta_l + (beta_l + beta_u)/2, test
    |s(beta)| <= tau); the bracket loops are cut at ``max_grow`` doublings (as printed they need not end)."""
    N = m.shape[0]
    d0 = 1.0 / N

    def s(beta):  # the stable logistic form (the printed loops send beta to +-2^60)
        z = np.log(nu * d0 / (1 - nu * d0)) - eta * (m + beta)
        return float(np.sum(np.exp(-np.logaddexp(0.0, -z))) / nu)

    lo, hi = -1.0, 1.0  # 1. beta_l = -1, beta_u = 1
    for _ in range(max_grow):  # 2. while s(beta_l) >= 1: beta_l = 2 beta_l
        if not s(lo) >= 1:
            break
        lo *= 2
    for _ in range(max_grow):  # 3. while s(beta_u) <= 1: beta_u = 2 beta_u
        if not s(hi) <= 1:
            break
        hi *= 2
    beta = lo
    for _ in range(200):  # 4. repeat
        beta = lo + (lo + hi) / 2  # 5. beta = beta_l + (beta_l + beta_u)/2
        sb = s(beta)
        if abs(sb) <= tol:  # 6. if |s(beta)| <= tau: break
            break
        if sb < 1:  # 7.
            hi = beta
        else:
            lo = beta
    return beta


def _binary_d(m, beta, nu, eta):
    """(3.27) / (4.11): d_n = d0 e^{-eta(m_n + beta)} / (1 - nu d0 + nu d0 e^{-eta(m_n + beta)})."""
    d0 = 1.0 / m.shape[0]
    e = np.exp(-eta * (m + beta))
    return d0 * e / (1 - nu * d0 + nu * d0 * e)


def corrective(U, nu, eps, max_iter, *, eta=None, binary=False, step="sq", start="first", beta_root="brentq"):
    """Glocer Alg 4.1 (Corrective ERLPBoost) / Alg 4.3 (Corrective Binary ERLPBoost).

    ``step``: "sq" alpha = x.d/(eta ||x||_inf^2) (S&S, §4.1 and Alg 4.3, the corrected Alg 4.1(b));
    "nosq" x.d/(eta ||x||_inf) (Alg 4.1(b) as printed). ``start``: "first" w^1 = e_{j_1} (refboost's
    start), "zero" w^0 = 0 as printed. The stopping rule uses the max form (3.6) of P.
    """
    N = U.shape[0]
    if eta is None:
        eta = eta_binary(eps, N, nu) if binary else eta_erlp(eps, N, nu)
    d0 = np.full(N, 1.0 / N)

    def Delta(dd):
        return binary_entropy(np.minimum(dd, 1 / nu), nu) if binary else float(np.sum(dd * np.log(N * dd)))

    out = _traj() | {"alpha": [], "Theta": [], "delta": [], "eta": eta}
    d = d0.copy()  # 1. d^0 uniform
    J: list[int] = []
    w = np.zeros(0)  # 1. w^0 = 0
    min_P = np.inf  # 1. running min (P_C^1(d^0) = 1)
    Theta = -np.inf if start == "first" else -1.0  # 1. Theta^0 = -1 (no Theta before w^1 = e_1)
    for t in range(1, max_iter + 1):  # 2. for t = 1, ...
        j, u = oracle(U, d)  # 3(a) h^t for d^{t-1}
        out["j"].append(j)
        out["d"].append(d)
        x = u - U[:, J] @ w  # 3(b) x = u^t - sum_q w^{t-1}_q u^q
        P = float(np.max(U[:, J + [j]].T @ d)) + Delta(d) / eta  # 3(d) P^t(d^{t-1}), max form of (3.6)
        min_P = min(min_P, P)
        if np.isfinite(Theta):
            delta = min_P - Theta  # 3(e) delta~ = min_q P^q(d^{q-1}) - Theta^{t-1}
            out["delta"].append(delta)
            if delta <= eps / 2:  # 3(e) if delta~ <= eps/2: T = t - 1, break
                break
        if start == "first" and t == 1:
            alpha = 1.0  # w^1 = e_{j_1}
        else:
            nx = float(np.max(np.abs(x)))
            den = eta * nx * nx if step == "sq" else eta * nx
            alpha = float(np.clip((x @ d) / den, 0.0, 1.0)) if den > 0 else 0.0  # 3(b) alpha = clip(x.d/(eta|x|^2))
        if j not in J:
            J.append(j)
            w = np.r_[w, 0.0]
        w = (1 - alpha) * w  # 3(c) w^t = ((1 - alpha) w^{t-1}, alpha)
        w[J.index(j)] += alpha
        m = U[:, J] @ w
        if binary:
            beta = beta_bisection(m, nu, eta) if beta_root == "bisection" else brentq(
                lambda b, m=m: _binary_d(m, b, nu, eta).sum() - 1.0, -2.0 - 50 / eta, 2.0 + 50 / eta, xtol=1e-15,
                rtol=1e-15)  # 3(f) beta^t: the root of sum_n d_n(w^t, beta) = 1 (Alg 4.4)
            d = _binary_d(m, beta, nu, eta)  # 3(g) d^t by (4.11)
            d = d / d.sum()
            e = np.exp(-eta * (m + beta))
            Theta = -float(np.sum(np.log(1 - nu / N + nu / N * e))) / (eta * nu) - beta  # (3.26) at (w^t, beta^t)
        else:
            a = d0 * np.exp(-eta * m)  # 3(f) a_n = d0_n exp(-eta sum_q u^q_n w^t_q)
            d = project_simplex(a, nu)  # 3(g) d^t = Project Simplex(a, nu) (Alg 4.2)
            C = d >= 1 / nu * (1 - 1e-12)
            Z = a[~C].sum() / (1 - C.sum() / nu)  # 3(h) Z^t and psi^t in closed form
            psi = np.where(C, -m - np.log(Z / (d0 * nu)) / eta, 0.0)
            Theta = -np.log(np.sum(d0 * np.exp(-eta * (m + psi)))) / eta - psi.sum() / nu  # 3(i) Theta^t, (3.10)
        out["alpha"].append(alpha)
        out["w"].append(w.copy())
        out["Theta"].append(Theta)
    out["J"] = J
    return out


# =============================================================================================
# Mitsuboshi, Hatano & Takimoto: Algorithm 1 with the rules F (Alg. 3, 4, classic, line search)
# and B (Alg. 2 or none)
# =============================================================================================


def capped_softmax(z, nu, eta):
    """Line 5: d = grad f~*(-A w) = argmin_{d capped} d.z + Delta(d)/eta (the sorting algorithm)."""
    a = np.exp(-eta * (z - z.min()))
    return project_simplex(a / a.sum(), nu)


def smoothed_margin(z, nu, eta):
    """rho~(w) = min_{d capped} d.z + Delta(d)/eta, at its minimiser."""
    d = capped_softmax(z, nu, eta)
    N = z.shape[0]
    return float(d @ z + np.sum(np.where(d > 0, d * np.log(N * d), 0.0)) / eta)


def _line_search(z, delta, lam_max, nu, eta):
    """argmax_{lam in [0, lam_max]} rho~(z + lam delta): the root of the slope d(z + lam delta).delta."""
    slope = lambda lam: float(capped_softmax(z + lam * delta, nu, eta) @ delta)  # noqa: E731
    if slope(0.0) <= 0:
        return 0.0
    if slope(lam_max) >= 0:
        return lam_max
    return float(brentq(slope, 0.0, lam_max, xtol=1e-14 * lam_max, rtol=1e-15))


def mht_algorithm1(U, nu, eps, max_iter, *, rule="short_step", secondary=None, eta=None):
    """MHT Alg 1 with F = ``rule`` (short_step = Alg 3, classic, line_search, pairwise = Alg 4) and
    B = ``secondary`` (None, "lpboost" = Alg 2, or "erlpboost" = eq. (14)). Returns the iterates w_t over
    the columns in order of first use."""
    m = U.shape[0]
    if eta is None:
        eta = max(2.0 * math.log(m / nu) / eps, 0.75)  # eta = 2 ln(m/nu)/eps (refboost floors it at 3/4)
    out = _traj() | {"lam": [], "won": [], "eps_t": [], "eta": eta}
    d = np.full(m, 1.0 / m)  # 2. d_0 = uniform
    j, u = oracle(U, d)  # 2. h_{j_1} = WL(d_0)
    gamma_hat = float(u @ d)
    J = [j]
    w = np.ones(1)  # 3. w_1 = e_{j_1}
    for t in range(1, max_iter + 1):  # 4. for t = 1, ...
        z = U[:, J] @ w
        d = capped_softmax(z, nu, eta)  # 5. d_t = grad f~*(-A w_t)
        j, u = oracle(U, d)  # 6. h_{j_{t+1}} = WL(d_t)
        out["j"].append(j)
        out["d"].append(d)
        gamma_hat = min(gamma_hat, float(u @ d))
        eps_t = gamma_hat - smoothed_margin(z, nu, eta)  # 7. eps_t = min_tau edge + f~*(-A w_t)
        out["eps_t"].append(eps_t)
        if eps_t <= eps / 2:  # 8. if eps_t <= eps/2: break
            break
        if j not in J:
            J.append(j)
            w = np.r_[w, 0.0]
        k = J.index(j)
        A = U[:, J]
        if rule == "pairwise":  # 11. F = Alg 4
            act = np.flatnonzero(w > 0)
            e_act = A[:, act].T @ d
            a = int(act[np.flatnonzero(e_act <= e_act.min() + 1e-12)[0]])  # Alg 4 line 2: away atom
            lam = 0.0 if a == k else _line_search(z, A[:, k] - A[:, a], w[a], nu, eta)  # Alg 4 line 3
            w1 = w.copy()
            w1[k] += lam  # Alg 4 line 4: w + lam (e_j - e_away)
            w1[a] -= lam
        else:
            delta = A[:, k] - z  # A (e_{j_{t+1}} - w_t)
            if rule == "classic":
                lam = 2.0 / (t + 2)
            elif rule == "short_step":  # 11. F = Alg 3: clip(d^T A (e - w) / (eta ||A (e - w)||_inf^2))
                nd = float(np.max(np.abs(delta)))
                lam = 0.0 if nd == 0 else float(np.clip((d @ delta) / (eta * nd**2), 0.0, 1.0))
            else:  # line search on rho~ over [0, 1]
                lam = _line_search(z, delta, 1.0, nu, eta)
            w1 = (1 - lam) * w  # w^(1) = w_t + lam (e_{j_{t+1}} - w_t)
            w1[k] += lam
        w1 = np.where(w1 > 1e-12, w1, 0.0)
        w1 = w1 / w1.sum()
        won = False
        if secondary is not None:
            if secondary == "lpboost":
                _, _, w2 = lp_23(A, nu)  # 12. w^(2) = B(A, E_{t+1}) = Alg 2: the LP over the chosen columns
            else:  # 12. B = (14): w^(2) = argmax_{w in CH(E_{t+1})} rho~(w), i.e. ERLPBoost's (3.10)
                w2 = _regularised_lp(A, nu, eta, False)[1]
            w2 = np.where(w2 > 1e-12, w2, 0.0)
            w2 = w2 / w2.sum()
            won = smoothed_margin(A @ w2, nu, eta) > smoothed_margin(A @ w1, nu, eta)  # 13. larger rho~
        w = w2 if won else w1  # 13. w_{t+1}
        out["lam"].append(lam)
        out["won"].append(bool(won))
        out["w"].append(w.copy())
    out["J"] = J
    return out


# =============================================================================================
# Shen & Li (2010)
# =============================================================================================


def shen_arcgv_clipped(U, max_iter):
    """Shen & Li Alg 1, Arc-Gv: the step (8) clipped into [0, 1]; AdaBoost's update of u."""
    M = U.shape[0]
    out = _traj() | {"alpha": [], "raw": []}
    u = np.full(M, 1.0 / M)  # init u^(1) = 1/M
    F = np.zeros(M)
    S = 0.0
    for _j in range(max_iter):  # for j = 1 .. N_max
        k, h = oracle(U, u)  # 1. h_j = argmax_h sum_i u_i y_i h(x_i)   (42)
        out["j"].append(k)
        out["d"].append(u)
        r = float(u @ h)  # 1. r_j
        rho = 0.0 if S == 0 else float(F.min() / S)  # 2. varrho_j = min_i y_i sum w_s h_s / sum w_s, varrho_1 = 0
        with np.errstate(divide="ignore"):
            raw = math.atanh(r) - (math.atanh(rho) if rho > -1 else -math.inf)  # 2. (8)
        w = min(max(raw, 0.0), 1.0)  # 2. clip w_j into [0, 1]
        out["raw"].append(raw)
        out["alpha"].append(w)
        if w == 0:
            break
        F = F + w * h
        S += w
        u = u * np.exp(-w * h)  # 3. u^(j+1) propto u^(j) exp(-y_i w_j h_j(x_i))
        u = u / u.sum()
    return out


def _cg_master(A, T, loss):
    """The restricted primal (5) / (32): min loss(U w) s.t. w >= 0, 1^T w = 1/T (cvxpy, Clarabel)."""
    w = cp.Variable(A.shape[1], nonneg=True)
    obj = cp.log_sum_exp(-A @ w) if loss == "exp" else cp.sum(cp.logistic(-A @ w))
    _solve(cp.Problem(cp.Minimize(obj), [cp.sum(w) == 1 / T]))
    wv = np.maximum(w.value, 0.0)
    act = np.flatnonzero(wv > 1e-7 * wv.max())  # the active columns

    def u_of(wA):  # (24) u = softmax(-U w), (33) u = sigmoid(-U w)
        m = A[:, act] @ wA
        return np.exp(-(m - m.min())) / np.exp(-(m - m.min())).sum() if loss == "exp" else 1 / (1 + np.exp(m))

    def kkt(x):  # KKT of (5) / (32): the active edges equal r, 1^T w = 1/T
        return np.r_[A[:, act].T @ u_of(x[:-1]) - x[-1], x[:-1].sum() - 1 / T]

    x = _polish(kkt, np.r_[wv[act], float(np.max(A[:, act].T @ u_of(wv[act])))])
    wv = np.zeros(A.shape[1])
    wv[act] = x[:-1]
    return wv


def shen_cg(U, T, eps, max_iter, loss="exp"):
    """Shen & Li Alg 2 (AdaBoost-CG; loss="logistic": LogitBoost-CG, (31) in place of (15))."""
    M = U.shape[0]
    out = _traj()
    u = np.full(M, 1.0 / M) if loss == "exp" else np.full(M, 0.5)  # Init: u_i = 1/M (logistic: 1/2)
    r = 0.0  # Init: r = 0
    J: list[int] = []
    for it in range(max_iter):  # for iteration = 1 .. N_max
        j, h = oracle(U, u / u.sum())  # 1. pricing (42) (argmax invariant to the scale of u)
        out["j"].append(j)
        out["d"].append(u / u.sum())
        if it > 0 and float(u @ h) < r + eps:  # 2. no eps-violated dual constraint: break
            break
        J.append(j)  # 3. add h' to the restricted master
        w = _cg_master(U[:, J], T, loss)  # 4. solve the restricted problem -> w, u, r
        rho = U[:, J] @ w
        if loss == "exp":
            u = np.exp(-(rho - rho.min()))  # (24) u = softmax(-U w)
            u = u / u.sum()
        else:
            u = 1.0 / (1.0 + np.exp(rho))  # (33) u_i = sigmoid(-(U w)_i)
        r = float(np.max(U[:, J].T @ u))
        out["w"].append(w)
    out["J"] = J
    return out


def shen_qp(U, T):
    """Shen & Li eq. (41), AdaBoost-QP: min 1/2 w^T A w - T b^T w s.t. w >= 0, 1^T w = 1 (cvxpy)."""
    M = U.shape[0]
    b = U.sum(axis=0) / M  # b = (1/M) sum_i y_i H_i^T
    C = U - b  # rows y_i H_i - b
    w = cp.Variable(U.shape[1], nonneg=True)
    obj = 0.5 * cp.sum_squares(C @ w) / M - T * (b @ w)  # w^T A w = (1/M) ||(V - 1 b^T) w||^2
    _solve(cp.Problem(cp.Minimize(obj), [cp.sum(w) == 1]))
    wv = np.maximum(w.value, 0.0)
    act = np.flatnonzero(wv > 1e-7)
    Amat = C.T @ C / M  # A = (1/M) sum_i (y_i H_i - b)(y_i H_i - b)^T
    k = act.size  # KKT on the active set: A_SS w_S - T b_S + mu 1 = 0, 1^T w_S = 1
    K = np.block([[Amat[np.ix_(act, act)], np.ones((k, 1))], [np.ones((1, k)), np.zeros((1, 1))]])
    x = np.linalg.solve(K, np.r_[T * b[act], 1.0])
    wv = np.zeros(U.shape[1])
    wv[act] = x[:k]
    return wv


# =============================================================================================
# Sun, Todorovic & Li (2006): Fig. 2 (KL), Fig. 3 (Norm2), eq. (40) (Reg)
# =============================================================================================


def sun_boost(U, beta, max_iter, kind="kl"):
    """Stage-wise AdaBoost on the augmented columns z~ = z + beta phi(d^(t)) (Fig. 2, Fig. 3, eq. (40))."""
    N = U.shape[0]
    out = _traj() | {"alpha": []}
    d = np.full(N, 1.0 / N)  # init d^(1)_n = 1/N
    for t in range(1, max_iter + 1):  # for t = 1..T
        j, z = oracle(U, d)  # 1. h_t = WL(d^(t))
        out["j"].append(j)
        out["d"].append(d)
        if kind == "kl":
            phi = np.log(N * d)  # (28) ln(N d^(t)_n)
        elif kind == "norm2":
            diff = d - 1.0 / N
            nrm = float(np.linalg.norm(diff))  # (37) (d - d0)/||d - d0||_2, phi(d0) := 0 at t = 1
            phi = np.zeros(N) if t == 1 or nrm == 0 else diff / nrm
        else:
            phi = d.copy()  # (40) AdaBoost_Reg: beta d^(t)
        zt = z + beta * phi
        g = lambda a, d=d, zt=zt: float(np.sum(d * np.exp(-a * zt) * zt))  # noqa: E731  derivative of (33) / (42), up to sign
        hi = 1.0
        while g(hi) > 0:
            hi *= 2
        alpha = brentq(g, 0.0, hi, xtol=1e-15, rtol=1e-15)  # 2. alpha~_t = argmin_a sum d e^{-a z~}  (33) / (42)
        out["alpha"].append(alpha)
        d = d * np.exp(-alpha * zt)  # 4. d^(t+1) = d^(t) exp(-alpha~_t z~_t) / C_t  (34) / (43)
        d = d / d.sum()
    return out


# =============================================================================================
# Rudin, Daubechies & Schapire (2003): AdaBoost, arc-gv, AdaBoost*_nu, coordinate ascent
# =============================================================================================


def rds_boost(M, max_iter, rule="adaboost", *, nu=None, floor=0.0):
    """AdaBoost (§2, steps 3(a)-(d)), arc-gv (target mu_t, ``floor`` = max(floor, mu_t); None: plain),
    AdaBoost*_nu (target gamma_hat_t - nu), approximate coordinate ascent (eq. (3), target max(0, G)),
    and coordinate ascent with the line search on G ("ca_exact")."""
    m, n = M.shape
    out = _traj() | {"alpha": [], "theta": []}
    lam = np.zeros(n)  # 1. lambda_1 = 0
    gamma_hat = 1.0
    for _t in range(max_iter):  # 2. for t = 1 .. t_max
        f = M @ lam
        d = np.exp(-(f - f.min()))  # 3(a) d_{t,i} = e^{-(M lambda_t)_i} / sum_i e^{-(M lambda_t)_i}
        d = d / d.sum()
        j, u = oracle(M, d)  # 3(b) j_t = argmax_j (d_t^T M)_j
        out["j"].append(j)
        out["d"].append(d)
        r = float(d @ u)  # 3(c) r_t = (d_t^T M)_{j_t}
        s = lam.sum()
        G = -(np.log(np.sum(np.exp(-(f - f.min())))) - f.min()) / s if s > 0 else 0.0  # G(lambda_t)
        gamma_hat = min(gamma_hat, r)
        if rule == "adaboost":
            theta = 0.0
        elif rule == "arcgv":
            mu = float(f.min() / s) if s > 0 else 0.0  # mu_t = min_i (M lambda_t)_i / ||lambda_t||_1, mu_1 = 0
            theta = mu if floor is None else max(floor, mu)
        elif rule == "star":
            theta = gamma_hat - nu  # rho_t = gamma_hat_t - nu
        else:
            theta = max(0.0, G) if s > 0 else 0.0  # (3) g_t = max(0, G(lambda_t)), g_1 = 0
        out["theta"].append(theta)
        if theta <= -1:
            out["alpha"].append(math.inf)
            break
        alpha = 0.5 * math.log((1 + r) / (1 - r)) - 0.5 * math.log((1 + theta) / (1 - theta))  # 3(d) / (3)
        if rule == "ca_exact" and s > 0 and G > 0:  # §4: alpha_t = argmax_alpha G(lambda_t + alpha e_j)
            A = math.atanh(r)

            def phi(a, f=f, u=u, s=s, A=A):
                ff = f + a * u
                Gn = -(np.log(np.sum(np.exp(-(ff - ff.min())))) - ff.min()) / (s + a)
                return math.tanh(A - a) - Gn  # edge after the step minus G: ||lambda|| dG/dalpha

            hi = alpha
            while phi(hi) > 0:
                hi *= 2
            alpha = brentq(phi, 0.0, hi, xtol=1e-14, rtol=1e-15)
        out["alpha"].append(alpha)
        lam = lam.copy()
        lam[j] += alpha  # 3(e) lambda_{t+1} = lambda_t + alpha_t e_{j_t}
        out["w"].append(lam / lam.sum())
    return out
