"""refboost.certify.sun against ground truth, and the boosters of Sun et al. (2006) against it.

* The certificates of (20) / (20-D) (KL), (35) / (35-D) (Norm2), the quadratic penalty of (44)
  (AdaBoost_Reg's column (40)) and LP_reg (12) / (14) accept a ground-truth optimum and reject a
  perturbed one; their inner minima agree with Clarabel.
* ``adaboost_kl`` / ``adaboost_norm2`` / ``adaboost_reg``: ``converged`` is exactly the certificate
  of the returned weights at tolerance eps; degenerate pools return a weight vector and a message;
  every output is finite (regressions listed per test).
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import refboost as rb
from refboost import truth
from refboost.boosters.sun import exp_line_search
from refboost.certify.sun import (
    RESULT_CHECKS,
    lp_reg,
    regularized_margin,
    regularized_margin_certificate,
    sun_kl,
    sun_norm2,
    sun_quadratic,
)
from refboost.instances import ADVERSARIAL_KINDS, adversarial

CERT_TOL = 1e-6  # a Clarabel optimum (tol 1e-10) must be certified at this gap
PERTURB = 0.3  # weight moved to one vertex: the perturbed candidate must fail the same tolerance
BOOSTERS = (rb.adaboost_kl, rb.adaboost_norm2, rb.adaboost_reg)
#: Clarabel tolerances for the quadratic-penalty problem written out below (refboost.truth has no solver for it).
QUAD_OPTS = {"tol_gap_abs": 1e-10, "tol_gap_rel": 1e-10, "tol_feas": 1e-10, "max_iter": 500}


def _instance(seed):
    rng = np.random.default_rng(seed)
    N, K = int(rng.integers(3, 25)), int(rng.integers(2, 9))
    return rng.uniform(-1, 1, (N, K))


def _simplex(a):
    a = np.clip(np.asarray(a, dtype=float), 0.0, None)
    return a / a.sum()


def _perturbed(w):
    """Move PERTURB of the mass to the column the optimum uses least."""
    e = np.zeros_like(w)
    e[int(np.argmin(w))] = 1.0
    return (1 - PERTURB) * w + PERTURB * e


def _quadratic_truth(U, beta):
    """(44) with P(d) = ||d - d_0||^2 / 2 and its dual, written out with cvxpy (Clarabel)."""
    import cvxpy as cp

    N, K = U.shape
    d = cp.Variable(N, nonneg=True)
    g = cp.Variable()
    cons = [U.T @ d <= g, cp.sum(d) == 1]
    prob = cp.Problem(cp.Minimize(g + beta / 2 * cp.sum_squares(d - 1.0 / N)), cons)
    prob.solve(solver=cp.CLARABEL, **QUAD_OPTS)
    return float(prob.value), np.asarray(d.value), _simplex(cons[0].dual_value)


# ------------------------------------------------------------------------- certificates vs truth


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("beta", [0.05, 0.5, 3.0])
def test_kl_certificate_against_truth(seed, beta):
    U = _instance(seed)
    p, q = truth.sun_kl_primal(U, beta), truth.sun_kl_dual(U, beta)
    w = _simplex(q.alpha)
    c = sun_kl(U, w, beta=beta, distribution=p.d, tol=CERT_TOL, bound="dual")
    assert c.ok, c.report()
    assert abs(c.objective - q.value) < 1e-7 and abs(c.bound - p.value) < 1e-6
    # the inner minimiser of w alone (KKT: d* = softmax(-U w / beta)) gives a bound as well; its
    # accuracy is that of Clarabel's alpha amplified by 1/beta
    assert sun_kl(U, w, beta=beta, tol=1e-3, bound="dual").ok
    bad = sun_kl(U, _perturbed(w), beta=beta, distribution=p.d, tol=CERT_TOL, bound="auto")
    assert not bad.ok and bad.gap > CERT_TOL


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("beta", [0.05, 0.5, 3.0])
def test_norm2_certificate_against_truth(seed, beta):
    U = _instance(seed)
    p, q = truth.sun_norm2_primal(U, beta), truth.sun_norm2_dual(U, beta)
    w = _simplex(q.alpha)
    c = sun_norm2(U, w, beta=beta, distribution=p.d, tol=CERT_TOL, bound="dual")
    assert c.ok, c.report()
    assert abs(c.objective - q.value) < 1e-6 and abs(c.bound - p.value) < 1e-6
    assert c.kkt["inner_min_gap"] < 1e-12
    bad = sun_norm2(U, _perturbed(w), beta=beta, distribution=p.d, tol=CERT_TOL, bound="auto")
    if np.ptp(U @ _perturbed(w)) > beta:  # outside the collapse to d_0 a perturbation is visible
        assert not bad.ok and bad.gap > CERT_TOL


@pytest.mark.parametrize("seed", range(5))
@pytest.mark.parametrize("beta", [0.05, 0.5, 3.0])
def test_quadratic_certificate_against_cvxpy(seed, beta):
    U = _instance(seed)
    value, d, w = _quadratic_truth(U, beta)
    c = sun_quadratic(U, w, beta=beta, distribution=d, tol=CERT_TOL)
    assert c.ok, c.report()
    assert abs(c.bound - value) < 1e-6 and abs(c.objective - value) < 1e-6
    bad = sun_quadratic(U, _perturbed(w), beta=beta, distribution=d, tol=CERT_TOL)
    assert not bad.ok and bad.gap > CERT_TOL


@pytest.mark.parametrize("seed", range(4))
def test_lp_reg_certificate_against_truth(seed):
    U = _instance(seed)
    N = U.shape[0]
    for C in (1.0 / N, 0.5, 1.0):
        nu = min(float(N), 1.0 / C)
        sol = truth.soft_margin_lp(U, nu=nu)
        c = lp_reg(U, sol.w, C=C, distribution=sol.d, tol=CERT_TOL, bound="dual")
        assert c.ok and c.problem == "lp_reg", c.report()
    with pytest.raises(ValueError, match="C must"):
        lp_reg(U, sol.w, C=0.5 / N)


@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("beta", [0.01, 0.3, 5.0])
def test_inner_minima_against_clarabel(seed, beta):
    rng = np.random.default_rng(seed)
    m = rng.uniform(-1, 1, int(rng.integers(2, 40)))
    for pen in ("kl", "norm2"):
        lo, up, d = regularized_margin(m, beta=beta, penalty=pen)
        ref = truth.sun_inner_min(m, beta, pen).value
        assert lo <= ref + 1e-7 and up >= ref - 1e-7 and up - lo < 1e-9
        assert abs(d.sum() - 1) < 1e-12 and d.min() >= 0
    import cvxpy as cp

    x = cp.Variable(m.shape[0], nonneg=True)
    prob = cp.Problem(cp.Minimize(m @ x + beta / 2 * cp.sum_squares(x - 1.0 / m.shape[0])), [cp.sum(x) == 1])
    prob.solve(solver=cp.CLARABEL, **QUAD_OPTS)
    lo, up, d = regularized_margin(m, beta=beta, penalty="quadratic")
    assert lo <= prob.value + 1e-7 and up >= prob.value - 1e-7 and up - lo < 1e-9


def test_beta_zero_is_the_hard_margin():
    U = _instance(11)
    sol = truth.hard_margin_lp(U)
    for pen in ("kl", "norm2", "quadratic"):
        c = regularized_margin_certificate(U, sol.w, beta=0.0, penalty=pen, distribution=sol.d, tol=CERT_TOL,
                                           bound="dual")
        assert c.ok and abs(c.objective - sol.value) < 1e-9, c.report()


def test_tiny_beta_and_tiny_entries_are_finite():
    U = _instance(3)
    w = np.full(U.shape[1], 1.0 / U.shape[1])
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for beta in (1e-300, 1e-20, 1e-12, 1e6):
            for pen in ("kl", "norm2", "quadratic"):
                c = regularized_margin_certificate(U, w, beta=beta, penalty=pen, tol=1.0, bound="dual")
                assert math.isfinite(c.gap) and math.isfinite(c.objective), c.report()
                c = regularized_margin_certificate(1e-200 * U, w, beta=beta, penalty=pen, tol=1e-9, bound="dual")
                assert c.ok and math.isfinite(c.gap), c.report()


def test_certificate_bad_input():
    U = _instance(0)
    w = np.full(U.shape[1], 1.0 / U.shape[1])
    with pytest.raises(ValueError, match="beta"):
        sun_kl(U, w, beta=-1.0)
    with pytest.raises(TypeError, match="beta"):
        sun_kl(U, w, beta="1")
    with pytest.raises(ValueError, match="penalty"):
        regularized_margin_certificate(U, w, beta=1.0, penalty="l3")
    with pytest.raises(ValueError, match="bound"):
        sun_norm2(U, w, beta=1.0, bound="oracle")
    with pytest.raises(ValueError, match="weights"):
        sun_kl(U, w[:-1], beta=1.0)
    with pytest.raises(ValueError, match="distribution"):
        sun_kl(U, w, beta=1.0, distribution=np.ones(U.shape[0] + 1))
    with pytest.raises(ValueError, match="tol"):
        sun_kl(U, w, beta=1.0, tol=-1.0)
    with pytest.raises(ValueError, match="ground truth"):
        sun_quadratic(U, w, beta=1.0, bound="truth")
    with pytest.raises(ValueError, match="margins"):
        regularized_margin([0.1, np.nan], beta=1.0, penalty="kl")
    # an infeasible candidate is reported, not certified
    c = sun_kl(U, 2 * w, beta=1.0, tol=1.0)
    assert not c.ok and "infeasible" in c.message


# ------------------------------------------------------------------------------ the boosters


def test_result_checks_registered():
    assert set(RESULT_CHECKS) == {"adaboost_kl", "adaboost_norm2", "adaboost_reg"}
    assert set(RESULT_CHECKS) <= set(rb.certify.registered())


@pytest.mark.parametrize("f", BOOSTERS)
def test_docstring_states_the_certificate(f):
    assert "Certifies:" in f.__doc__


@pytest.mark.parametrize("f", BOOSTERS)
def test_converged_is_the_certificate(f):
    """converged = the certificate of the returned weights at eps; res.gap is its gap."""
    U = _instance(7)
    o = rb.MatrixOracle(U)
    for beta in (0.0, 0.1, 2.0):
        for eps in (0.0, 1e-2, 1e-4):
            r = f(o, beta=beta, eps=eps, max_iter=60)
            cert = r.extra["certificate"]
            assert r.converged == cert.ok and r.gap == cert.gap
            again = rb.certify.result(r, U, bound="dual")
            assert again.ok == r.converged and abs(again.gap - r.gap) < 1e-12
            assert not r.converged or r.gap <= eps + 1e-9
            if r.extra["status"] == "converged":  # the stopping rule fired: the certificate agrees
                assert r.converged, r.message


def test_norm2_collapse_converges_and_is_certified():
    """Above the collapse threshold the exact Norm2 problem has d* = d_0: the rule fires and certifies."""
    U = _instance(2)
    beta = 10.0 * math.sqrt(U.shape[0])
    r = rb.adaboost_norm2(rb.MatrixOracle(U), beta=beta, eps=1e-6, max_iter=200)
    assert r.converged and r.extra["status"] == "converged", r.message
    assert rb.certify.result(r, U, bound="truth").ok


def test_kl_converges_for_large_beta():
    U = _instance(4)
    # the coordinate method is slow near the optimum: 557 iterations on one CPU, under 300 on another (the
    # argmax among nearly tied columns follows the last bits of the BLAS sums), so the limit leaves room
    r = rb.adaboost_kl(rb.MatrixOracle(U), beta=20.0, eps=1e-4, max_iter=3000)
    assert r.converged and r.extra["status"] == "converged" and r.gap <= 1e-4
    opt = truth.sun_kl_primal(U, 20.0).value
    assert rb.certify.result(r, U).objective >= opt - 1e-4 - 1e-7


@pytest.mark.parametrize("f", BOOSTERS)
def test_stagewise_runs_are_not_certified_at_eps_zero(f):
    """The paper's protocol (eps = 0, T rounds): the stage-wise iterates do not solve the exact
    problem, so the result says so instead of claiming convergence."""
    U = _instance(5)
    r = f(rb.MatrixOracle(U), beta=0.1, max_iter=50)
    assert not r.converged and r.gap > 1e-6 and "not certified" in r.message


# ----------------------------------------------------------------------- regressions (bugs)


def _all_finite(r):
    for k, rec in enumerate(r.history):
        for key, v in rec.items():
            if isinstance(v, float):
                assert math.isfinite(v), f"history[{k}][{key!r}] = {v}"
    for key, v in r.extra.items():
        if isinstance(v, float):
            assert math.isfinite(v), f"extra[{key!r}] = {v}"
    assert math.isfinite(r.gap)
    assert np.all(np.isfinite(r.weights)) and np.all(np.isfinite(r.distribution)) and np.all(np.isfinite(r.margins))
    assert len(r.weights) >= 1 and abs(r.weights.sum() - 1) < 1e-9


@pytest.mark.parametrize("f", BOOSTERS)
@pytest.mark.parametrize(
    "U",
    [
        np.array([[1.0, -0.3], [1.0, 0.2], [1.0, 0.5]]),  # an all +1 column: unbounded first step
        np.array([[0.4, -0.2]]),  # N = 1
        np.array([[-0.4, -0.2]]),  # N = 1, every edge negative
        np.random.default_rng(1).choice([-1.0, 1.0], size=(30, 8)),  # with beta = 1e6 below
    ],
    ids=["all_plus_column", "N1", "N1_negative", "pm1"],
)
@pytest.mark.parametrize("beta", [0.0, 0.1, 1e6])
def test_history_is_finite(f, U, beta):
    """Regression: line_search_residual / step_residual were nan (and gap inf / nan) with an all +1
    column, N = 1, or beta = 1e6."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = f(rb.MatrixOracle(U), beta=beta, max_iter=30)
    _all_finite(r)
    assert not r.converged or rb.certify.result(r, U).ok


@pytest.mark.parametrize("f", BOOSTERS)
@pytest.mark.parametrize("beta", [0.0, 0.1, 5.0])
def test_tiny_entries_give_a_finite_gap(f, beta):
    """Entries of size 1e-200 (the step is ~1e200, beyond a bracket in alpha): the line search runs
    on the scaled column, so the gap is finite and the weight vector non-empty."""
    U = 1e-200 * np.random.default_rng(0).choice([-1.0, 1.0], size=(20, 5))
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        r = f(rb.MatrixOracle(U), beta=beta, max_iter=40)
    _all_finite(r)
    assert r.gap < 1e-9 and r.converged and rb.certify.result(r, U).ok


@pytest.mark.parametrize("f", BOOSTERS)
def test_degenerate_pools_return_a_weight_vector(f):
    """Every edge <= 0 is valid input, not a ValueError: the first hypothesis gets weight 1 and the
    message says why (all-zero U: certified, optimum 0)."""
    for U in (np.zeros((5, 3)), -np.abs(np.random.default_rng(0).uniform(0.1, 1, (6, 3)))):
        r = f(rb.MatrixOracle(U), beta=0.1, max_iter=20)
        _all_finite(r)
        assert r.hypotheses and r.weights.tolist() == [1.0] and r.message
        assert not r.converged or rb.certify.result(r, U).ok
    assert f(rb.MatrixOracle(np.zeros((5, 3))), beta=0.1).converged


def test_line_search_sign_agrees_with_the_bracket():
    """Regression: the pseudo-edge was tested on z~ and the bracket on the scaled column; a
    pseudo-edge positive by rounding then made brentq fail ("f(a) and f(b) must have different signs")."""
    rng = np.random.default_rng(0)
    for _ in range(3000):
        N = int(rng.integers(2, 60))
        log_d = np.log(rng.dirichlet(np.ones(N)))
        v = rng.uniform(-1, 1, N)
        d = np.exp(log_d - np.logaddexp.reduce(log_d))
        zt = 10.0 ** rng.uniform(-250, 6) * (v - (d @ v) + rng.choice([0.0, 1e-17, -1e-17]))
        ls = exp_line_search(log_d, zt)
        assert ls.status in ("ok", "zero", "unbounded", "closed_form", "no_bracket")
        assert ls.status != "ok" or (math.isfinite(ls.alpha) and ls.alpha >= 0)


@pytest.mark.parametrize("kind", ADVERSARIAL_KINDS)
@pytest.mark.parametrize("f", BOOSTERS)
def test_adversarial_kinds(kind, f):
    """All adversarial families, reflexive or not, N from 2 to 150: no exception or warning, finite
    output, converged implies certified, identical rerun, the caller's U untouched."""
    rng = np.random.default_rng(abs(hash((kind, f.__name__))) % 2**32)
    for N in (2, 9, 150):
        U = adversarial(kind, N, int(rng.integers(1, 8)), rng)
        U0 = U.copy()
        for reflexive in (False, True):
            for beta, eps in ((0.0, 0.0), (0.05, 1e-3), (5.0, 1e-8)):
                with warnings.catch_warnings():
                    warnings.simplefilter("error")
                    r = f(rb.MatrixOracle(U, reflexive=reflexive), beta=beta, eps=eps, max_iter=40)
                    r2 = f(rb.MatrixOracle(U, reflexive=reflexive), beta=beta, eps=eps, max_iter=40)
                _all_finite(r)
                assert np.array_equal(U, U0)
                assert r.hypotheses == r2.hypotheses and np.array_equal(r.weights, r2.weights)
                assert r.gap == r2.gap and r.converged == r2.converged
                if r.converged:
                    cert = rb.certify.result(r, rb.MatrixOracle(U, reflexive=reflexive).U)
                    assert cert.ok, cert.report()


@pytest.mark.parametrize("f", BOOSTERS)
def test_bad_parameters_are_declared(f):
    """Every keyword is declared with @constraints and each bad value names the parameter."""
    spec = f.__refboost_constraints__
    assert set(spec) == {"beta", "eps", "max_iter", "on_unbounded", "alpha_max"}
    o = rb.MatrixOracle(_instance(0))
    for name, c in spec.items():
        for bad in c.bad_values():
            with pytest.raises((ValueError, TypeError), match=name):
                f(o, **{name: bad})
    f(o, eps=0.0, max_iter=2)  # eps = 0 is the documented default


@pytest.mark.parametrize("f", BOOSTERS)
def test_extreme_valid_parameters_are_finite(f):
    """The ends of the declared ranges (beta in [0, 1e12], alpha_max in (0, 1e6], subnormal beta) on
    adversarial pools with capped unbounded steps: finite output, converged implies certified."""
    rng = np.random.default_rng(5)
    for kind in ("random_pm1", "gaussian", "all_plus_column", "tiny", "worst_case"):
        U = adversarial(kind, 30, 5, rng)
        for beta in (5e-324, 1e-300, 1e12):
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                r = f(rb.MatrixOracle(U, reflexive=True), beta=beta, eps=1e-6, max_iter=30, on_unbounded="cap",
                      alpha_max=1e6)
            _all_finite(r)
            assert not r.converged or rb.certify.result(r, rb.MatrixOracle(U, reflexive=True).U).ok
    with pytest.raises(ValueError, match="beta"):
        f(rb.MatrixOracle(U), beta=1e13)
    with pytest.raises(ValueError, match="alpha_max"):
        f(rb.MatrixOracle(U), alpha_max=1e7)
