"""Certificates of AdaBoost, arc-gv, AdaBoost*_nu and coordinate ascent (the hard margin rho), and the
honest ``converged`` of those boosters and of LPBoost.

The certificate of :mod:`refboost.certify.dynamics` is checked against ground truth (HiGHS's hard-margin
LP, :mod:`refboost.truth`): a truth optimum is certified, a perturbed one is not. The boosters are run
on every adversarial family (``refboost.instances.adversarial``): no exception, finite outputs, a
valid weight vector, and ``converged`` exactly when the certificate confirms the docstring's statement.
"""

from __future__ import annotations

import math
import warnings

import numpy as np
import pytest

import refboost as rb
from refboost import certify, truth
from refboost.certify import dynamics as CD
from refboost.instances import ADVERSARIAL_KINDS, adversarial

DYN = {
    "adaboost": (rb.adaboost, {"max_iter": 300}),
    "arcgv": (rb.arcgv, {"max_iter": 300}),
    "adaboost_star": (rb.adaboost_star, {"nu": 0.3}),
    "aca": (rb.coordinate_ascent, {"max_iter": 300}),
    "ca": (rb.coordinate_ascent, {"max_iter": 300, "method": "exact"}),
}


def _finite_everywhere(res):
    """No NaN/inf in weights, distribution, margins, gap, numeric history and extra scalars."""
    bad = []

    def walk(x, path):
        if isinstance(x, dict):
            for k, v in x.items():
                walk(v, f"{path}.{k}")
        elif isinstance(x, (list, tuple)):
            for i, v in enumerate(x):
                walk(v, f"{path}[{i}]")
        elif isinstance(x, np.ndarray) and x.dtype.kind == "f":
            if not np.all(np.isfinite(x)):
                bad.append(path)
        elif isinstance(x, float) and not math.isfinite(x):
            bad.append(path)

    extra = {k: v for k, v in res.extra.items() if k != "certificate"}
    walk({"weights": res.weights, "distribution": res.distribution, "margins": res.margins, "gap": res.gap,
          "history": res.history, "extra": extra}, "res")
    return bad


def _check_result(res, oracle):
    assert not _finite_everywhere(res), _finite_everywhere(res)
    w = res.weights
    assert w.size >= 1 and w.min() >= 0 and abs(w.sum() - 1.0) < 1e-9 and len(res.hypotheses) == w.size
    # converged exactly when the certificate the booster may use (its own dual points) confirms it
    own = certify.result(res, oracle.U, bound="dual")
    assert res.converged == own.ok, (res.message, own.report())
    if res.converged:
        assert certify.result(res, oracle.U).ok
        assert res.gap <= own.tol + 1e-9


# ------------------------------------------------------------------ certificates vs ground truth


@pytest.mark.parametrize("seed", range(6))
def test_certificates_against_truth(seed):
    rng = np.random.default_rng(seed)
    N, K = int(rng.integers(3, 30)), int(rng.integers(2, 25))
    U = np.clip(rng.normal(0.2, 0.5, size=(N, K)), -1, 1)
    sol = truth.hard_margin_lp(U)
    rho = sol.value
    # AdaBoost*_nu: the truth optimum satisfies mu >= rho - nu; a perturbed combination does not
    nu = 0.05
    c = CD.adaboost_star_margin(U, sol.w, nu=nu, distribution=sol.d, bound="dual")
    assert c.ok and abs(c.objective - rho) < 1e-8, c.report()
    worst = int(np.argmin(U.min(axis=0)))
    w_bad = np.zeros(K)
    w_bad[worst] = 1.0
    if U[:, worst].min() < rho - nu - 1e-6:
        assert not CD.adaboost_star_margin(U, w_bad, nu=nu, distribution=sol.d, bound="auto").ok
    # the smooth margin: G(c w*) -> rho from below as c grows (G <= mu <= rho)
    if rho > 0:
        lam = 1e7 * sol.w
        cs = CD.smooth_margin(U, lam, distribution=sol.d, tol=1e-5)
        assert cs.ok and cs.objective <= rho + 1e-9 and cs.kkt["margin_minus_G"] >= -1e-12, cs.report()
        assert not CD.smooth_margin(U, 1.0 * sol.w, distribution=sol.d, tol=1e-3).ok  # G(w) = mu - O(ln N)
        assert not CD.smooth_margin(U, 1e7 * w_bad + lam, distribution=sol.d, tol=1e-5).ok or \
            U[:, worst].min() >= rho - 1e-5
    # the registered checks read the statement from the result
    for name, (fn, kw) in DYN.items():
        o = rb.MatrixOracle(U)
        res = fn(o, eps=1e-3, **{**kw, "max_iter": 3000})
        c = certify.result(res, U, bound="truth")
        assert c.bound == pytest.approx(rho, abs=1e-8)
        if res.converged:
            assert c.ok and res.margins.min() >= rho - 1e-3 - 1e-9, (name, c.report())


def test_result_tolerance_without_eps():
    o = rb.MatrixOracle(rb.instances.rudin_3x3())
    res = rb.arcgv(o, max_iter=500)  # a certified fixed point: r_t = mu_t = rho = 1/3
    assert res.params["eps"] is None and res.converged
    c = certify.result(res, o.U)
    assert c.tol == CD.NO_EPS_TOL and c.ok and abs(c.objective - 1 / 3) < 1e-9
    star = rb.adaboost_star(o, nu=0.2)
    assert certify.result(star, o.U).tol == 0.2
    assert star.converged == certify.result(star, o.U, bound="dual").ok
    assert star.converged and star.margins.min() >= 1 / 3 - 0.2  # Rätsch & Warmuth: mu >= rho - nu after T
    with pytest.raises(ValueError, match="nu"):
        CD.adaboost_star_margin(o.U, [1.0, 0, 0], nu=1.5)
    with pytest.raises(ValueError, match="lam"):
        CD.smooth_margin(o.U, [0.0, 0.0, 0.0])


@pytest.mark.parametrize("seed", range(4))
def test_adaboost_star_guarantee_certified(seed):
    """After ceil(2 log_2 N / nu^2) iterations the margin is >= rho - nu (Rätsch & Warmuth 2005): certified."""
    rng = np.random.default_rng(100 + seed)
    U = rng.choice([-1.0, 1.0], size=(15, 30))
    rho = truth.hard_margin_lp(U).value
    for nu in (0.5, 0.2):
        res = rb.adaboost_star(rb.MatrixOracle(U, reflexive=True), nu=nu, store_d=False)
        assert res.margins.min() >= rho - nu - 1e-9
        _check_result(res, rb.MatrixOracle(U, reflexive=True))


# ------------------------------------------------------------------ regressions


def _rank1(N=34, K=42, seed=0):
    rng = np.random.default_rng(seed)
    return np.outer(rng.uniform(-1, 1, N), rng.uniform(-1, 1, K))


@pytest.mark.parametrize("name", ["adaboost", "arcgv", "aca", "ca"])
@pytest.mark.parametrize("seed", [9, 10, 18])  # instances on which the error escaped
def test_rank1_no_brentq_sign_error(name, seed):
    """Rank-one U = a b^T: after one step every edge is 0 up to round-off, and the tilted edge at alpha = 0
    could be <= theta although r > theta was computed: scipy's "f(a) and f(b) must have different signs"
    escaped (seed 10 plain, 9 and 18 reflexive). Now a zero step."""
    fn, kw = DYN[name]
    for refl in (False, True):
        o = rb.MatrixOracle(_rank1(seed=seed), reflexive=refl)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            res = fn(o, **kw)
        _check_result(res, o)


@pytest.mark.parametrize("name", ["adaboost", "arcgv", "aca", "ca", "adaboost_star"])
def test_tiny_entries_bracket(name):
    """Entries of size 1e-200: the root of edge = theta sits at alpha ~ 1e200, beyond a doubling bracket
    in alpha ("could not bracket the edge = theta root"); the search runs on u / max|u|."""
    fn, kw = DYN[name]
    rng = np.random.default_rng(3)
    for U in (1e-200 * rng.choice([-1.0, 1.0], size=(12, 7)), 1e-200 * rng.uniform(-1, 1, size=(9, 5))):
        o = rb.MatrixOracle(U)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            res = fn(o, **kw)
        _check_result(res, o)
        assert res.extra["norm"] > 0 or res.extra["stop_reason"] != "max_iter"


@pytest.mark.parametrize("name", list(DYN))
def test_all_minus_or_zero_finite_margins(name):
    """Every entry -1 or 0: no hypothesis has a positive edge, no step is taken; min_margin/smooth_margin
    were NaN (lambda = 0). The output is the first hypothesis alone, with finite margins."""
    fn, kw = DYN[name]
    rng = np.random.default_rng(5)
    for U in (-np.ones((6, 4)), np.zeros((5, 3)), -rng.integers(0, 2, size=(8, 6)).astype(float)):
        o = rb.MatrixOracle(U)
        res = fn(o, **kw)
        _check_result(res, o)
        assert res.weights.size == 1 and res.weights[0] == 1.0
        assert math.isfinite(res.extra["min_margin"]) and math.isfinite(res.extra["smooth_margin"])
        assert res.extra["min_margin"] == res.margins.min()
    assert fn(rb.MatrixOracle(np.zeros((5, 3))), **kw).converged  # rho = 0 = the margin of any column


@pytest.mark.parametrize("kind", ADVERSARIAL_KINDS)
def test_adversarial_families(kind):
    rng = np.random.default_rng(7)
    for N, K in ((2, 3), (17, 9), (60, 25)):
        U = adversarial(kind, N, K, rng)
        for refl in (False, True):
            o = rb.MatrixOracle(U, reflexive=refl)
            for fn, kw in DYN.values():
                for eps in (None, 1e-2, 1e-8):
                    with warnings.catch_warnings():
                        warnings.simplefilter("error")
                        res = fn(o, eps=eps, **kw)
                    _check_result(res, o)
                    again = fn(o, eps=eps, **kw)
                    assert np.array_equal(again.weights, res.weights) and again.converged == res.converged
            for nu in (1.0, 1.5, max(1.0, o.n_examples - 0.5)):
                with warnings.catch_warnings():
                    warnings.simplefilter("error")
                    res = rb.lpboost(o, nu=nu, eps=1e-6)
                assert not _finite_everywhere(res)
                assert res.converged == certify.result(res, o.U, bound="dual").ok
                if res.converged:
                    assert certify.result(res, o.U).ok


def test_perfect_hypothesis_history():
    """A perfect hypothesis (infinite step) is recorded with ``infinite_step`` and its finite output weight."""
    U = np.array([[1.0, -1.0], [1.0, 1.0], [1.0, -1.0]])
    res = rb.adaboost(rb.MatrixOracle(U))
    assert res.extra["stop_reason"] == "perfect" and res.history[-1]["infinite_step"] is True
    assert res.history[-1]["alpha"] == 1.0 and res.converged and not _finite_everywhere(res)


def test_non_optimal_oracle_not_asked_again():
    """The certificate of a run with a stateful weak learner reads its matrix, not another best() call."""
    from refboost import dynamics as D

    M = rb.instances.rudin_nonoptimal_4x5()
    o = D.PermissibleOracle(M, 0.5, policy="laziest")
    res = rb.adaboost(o, max_iter=50)
    assert o.calls == res.n_iter
    assert res.converged == certify.result(res, M, bound="dual").ok


def test_caller_arrays_not_mutated():
    rng = np.random.default_rng(2)
    U = rng.uniform(-1, 1, size=(10, 6))
    U0 = U.copy()
    init = {0: 0.5}
    for fn, kw in DYN.values():
        fn(rb.MatrixOracle(U), init=init, **kw)
    assert np.array_equal(U, U0) and init == {0: 0.5}


# ------------------------------------------------------------------ LPBoost


def test_lpboost_default_is_warm_and_certified():
    rng = np.random.default_rng(11)
    U = np.clip(rng.normal(0.1, 0.5, size=(40, 30)), -1, 1)
    o = rb.MatrixOracle(U, reflexive=True)
    res = rb.lpboost(o, nu=4.0, eps=1e-6)
    assert res.params["method"] == "highs-ds-warm"
    cold = rb.lpboost(o, nu=4.0, eps=1e-6, method="highs-ds")
    assert res.converged and cold.converged
    assert res.extra["certificate"].ok and len(res.extra["certificate_distributions"]) == 1
    opt = truth.soft_margin_lp(o.U, nu=4.0).value
    for r in (res, cold):
        c = certify.result(r, o.U, bound="truth")
        assert c.ok and abs(c.objective - opt) <= 1e-6 + 1e-9


def test_lpboost_bad_input():
    o = rb.MatrixOracle(np.eye(3) * 2 - 1)
    with pytest.raises(ValueError, match="nu"):
        rb.lpboost(o, nu=4.0)
    with pytest.raises(ValueError, match="eps"):
        rb.lpboost(o, eps=0.0)
    with pytest.raises(TypeError, match="max_iter"):
        rb.lpboost(o, max_iter=1.5)
    with pytest.raises(ValueError, match="method"):
        rb.lpboost(o, method="simplex")


def test_bad_input_declared():
    o = rb.MatrixOracle(np.eye(3) * 2 - 1)
    with pytest.raises(ValueError, match="floor"):
        rb.arcgv(o, floor=-1.0)
    with pytest.raises(ValueError, match="eps"):
        rb.adaboost(o, eps=math.nan)
    with pytest.raises(TypeError, match="nu"):
        rb.adaboost_star(o)
    with pytest.raises(ValueError, match="max_iter"):
        rb.adaboost_star(o, nu=0.5, max_iter=0)
    with pytest.raises(TypeError, match="store_d"):
        rb.coordinate_ascent(o, store_d="no")


def test_lpboost_warm_nu_just_below_N():
    """nu = N (1 - 1e-9) leaves the caps 1e-9 of room: HiGHS's presolve can call the warm LP infeasible
    (an LPBoostError on valid input); the warm model then re-solves without presolve."""
    U = np.array([[-0.6551136], [-0.30629738], [-0.08892485], [-0.06570125]])
    o = rb.MatrixOracle(U)
    res = rb.lpboost(o, nu=3.999999996, eps=0.01)
    assert res.converged and certify.result(res, U).ok
    rng = np.random.default_rng(4)
    for N in (2, 7, 30):
        U = np.clip(rng.normal(0, 0.5, size=(N, 5)), -1, 1)
        for refl in (False, True):
            o = rb.MatrixOracle(U, reflexive=refl)
            res = rb.lpboost(o, nu=N * (1 - 1e-9), eps=1e-8)
            assert res.converged == certify.result(res, o.U, bound="dual").ok
