"""refboost.certify.corrective: the corrective problems (4.6)/(4.12) of Glocer (2009), the smoothed
soft margin of Mitsuboshi, Hatano & Takimoto, and the result checks of the corrective and
Frank-Wolfe boosters (Glocer 2009, Alg. 4.1/4.3; MLPBoost, C-ERLPBoost).

Every certificate is compared with ground truth (cvxpy + Clarabel, HiGHS): a truth optimum must be
certified, a perturbed one must not. The regression tests pin the failures of the printed start
``w^0 = 0`` of Alg. 4.1 (``converged=True`` far below the optimum, ``weights == [0.]``).
"""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import refboost as rb
from refboost import certify, truth
from refboost.certify import corrective as cc
from refboost.instances import ADVERSARIAL_KINDS, adversarial, lpboost_worst_case
from refboost.oracles import Oracle

CORRECTIVE = ("corrective_erlpboost", "corrective_binary_erlpboost")
FW = ("cerlpboost", "mlpboost")

pytestmark = pytest.mark.filterwarnings("ignore:Solution may be inaccurate")


def _ub(rng, N=30):
    """u, ubar with u - ubar of both signs ((4.6) strictly feasible)."""
    U = rng.choice([-1.0, 1.0], size=(N, 5))
    ubar = U @ rng.dirichlet(np.ones(5))
    return rng.choice([-1.0, 1.0], size=N), ubar


def _solved(problem, rng, nu, eta):
    """A random (4.6)/(4.12) instance that the conic ground truth solves (Clarabel may report a
    non-finite value on some instances; those are redrawn, at most a few times)."""
    for _ in range(6):
        u, ubar = _ub(rng)
        try:
            return u, ubar, problem(u, ubar, nu, eta)
        except truth.GroundTruthError:
            continue
    pytest.fail("ground truth failed on six random instances")


def _perturb(d, rng, nu, size=0.05):
    """A feasible-looking but suboptimal distribution (mixed with a random point of the capped simplex)."""
    r = rng.dirichlet(np.ones(d.shape[0]))
    r = np.minimum(r, 1.0 / nu)
    r /= r.sum()
    x = (1 - size) * d + size * r
    return x / x.sum()


# --------------------------------------------------------------------------------------------
# the conic certificates against ground truth
# --------------------------------------------------------------------------------------------
@pytest.mark.parametrize("seed", range(4))
@pytest.mark.parametrize("nu, eta", [(1.0, 5.0), (3.0, 10.0), (5.0, 20.0)])
def test_smoothed_margin_vs_truth(seed, nu, eta):
    rng = np.random.default_rng(seed)
    z = rng.uniform(-1, 1, size=25)
    g = truth.smoothed_soft_margin_cvx(z, nu, eta)
    c = cc.smoothed_margin(z, g.d / g.d.sum(), nu=nu, eta=eta, tol=1e-6)
    assert c.ok, c.report()
    assert abs(c.bound - g.value) <= 1e-6 and abs(c.objective - g.value) <= 1e-6
    bad = cc.smoothed_margin(z, _perturb(g.d / g.d.sum(), rng, nu, 0.2), nu=nu, eta=eta, tol=1e-6)
    assert not bad.ok and bad.gap > 1e-6


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("nu, eta", [(1.0, 5.0), (3.0, 10.0), (6.0, 8.0)])
def test_corrective_46_vs_truth(seed, nu, eta):
    rng = np.random.default_rng(10 + seed)
    u, ubar, g = _solved(truth.corrective_primal_46, rng, nu, eta)
    c = cc.corrective_46(u, ubar, g.d, nu=nu, eta=eta, tol=1e-6)
    assert c.ok, c.report()
    assert abs(c.objective - g.value) <= 1e-6 and abs(c.bound - g.value) <= 1e-6
    assert abs(c.kkt["w_t"] - (1.0 + g.alpha)) <= 1e-3  # cvxpy's sign: w_t = 1 + alpha
    # perturbed along the equality's null space is still feasible but no longer optimal
    bad = cc.corrective_46(u, ubar, _perturb(g.d, rng, nu, 0.2), nu=nu, eta=eta, tol=1e-6)
    assert not bad.ok


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("nu, eta", [(1.0, 5.0), (3.0, 10.0)])
def test_corrective_412_vs_truth(seed, nu, eta):
    rng = np.random.default_rng(20 + seed)
    u, ubar, g = _solved(truth.corrective_binary_primal_412, rng, nu, eta)
    c = cc.corrective_binary_412(u, ubar, g.d, nu=nu, eta=eta, tol=1e-6)
    assert c.ok, c.report()
    assert abs(c.objective - g.value) <= 1e-6
    bad = cc.corrective_binary_412(u, ubar, _perturb(g.d, rng, nu, 0.2), nu=nu, eta=eta, tol=1e-6)
    assert not bad.ok


def test_corrective_46_infeasible_candidate():
    """(4.6) with u > ubar componentwise is infeasible: no candidate is certified."""
    u, ubar = np.full(10, 0.5), np.full(10, 0.1)
    c = cc.corrective_46(u, ubar, np.full(10, 0.1), nu=2.0, eta=10.0)
    assert not c.ok and c.feasibility > 0.3


@pytest.mark.parametrize("seed", range(3))
@pytest.mark.parametrize("nu, eta", [(1.0, 5.0), (4.0, 20.0)])
def test_smoothed_soft_margin_max_vs_truth(seed, nu, eta):
    rng = np.random.default_rng(30 + seed)
    U = np.clip(rng.normal(0, 0.6, size=(20, 8)), -1, 1)
    gw = truth.smoothed_soft_margin_max_cvx(U, nu, eta)  # eq. (12): w
    gd = truth.smoothed_edge_min_cvx(U, nu, eta)  # eq. (9): d and its multipliers w
    assert abs(gw.value - gd.value) <= 1e-6
    c = certify_sm = cc.smoothed_soft_margin(U, gw.w, nu=nu, eta=eta, tol=1e-5)
    assert certify_sm.ok, c.report()
    assert abs(c.objective - gw.value) <= 1e-6
    c2 = cc.smoothed_soft_margin(U, gd.w, nu=nu, eta=eta, distribution=gd.d, tol=1e-5)
    assert c2.ok, c2.report()
    # an oracle gives the same bound (its best edge)
    c3 = cc.smoothed_soft_margin(rb.MatrixOracle(U), gw.w, nu=nu, eta=eta, hypotheses=list(range(8)), tol=1e-5)
    assert c3.ok and abs(c3.bound - c.bound) <= 1e-12
    wbad = np.zeros(8)
    wbad[int(np.argmin(gw.w))] = 1.0
    assert not cc.smoothed_soft_margin(U, wbad, nu=nu, eta=eta, tol=1e-5).ok


def test_certify_bad_input():
    with pytest.raises(ValueError, match="nu"):
        cc.smoothed_margin(np.zeros(3), np.full(3, 1 / 3), nu=5.0, eta=1.0)
    with pytest.raises(ValueError, match="eta"):
        cc.smoothed_margin(np.zeros(3), np.full(3, 1 / 3), nu=1.0, eta=0.0)
    with pytest.raises(ValueError, match="nu"):
        cc.corrective_binary_412(np.zeros(3), np.zeros(3), np.full(3, 1 / 3), nu=3.0, eta=1.0)
    with pytest.raises(ValueError, match="length"):
        cc.corrective_46(np.zeros(3), np.zeros(4), np.full(3, 1 / 3), nu=1.0, eta=1.0)
    with pytest.raises(ValueError, match="bound"):
        cc.smoothed_soft_margin(np.zeros((3, 2)), np.array([0.5, 0.5]), eta=1.0, bound="truth")


# --------------------------------------------------------------------------------------------
# result checks and honest converged
# --------------------------------------------------------------------------------------------
def test_registered():
    for name in CORRECTIVE + FW:
        assert name in certify.registered()


def _nonseparable(rng, gaussian):
    N = int(rng.integers(10, 121))
    K = int(rng.integers(3, 30))
    if gaussian:
        return np.clip(rng.normal(0, 0.5, size=(N, K)), -1, 1)
    return rng.choice([-1.0, 1.0], size=(N, K))


@pytest.mark.parametrize("algo", CORRECTIVE)
def test_regression_reflexive_optimum_zero(algo):
    """Regression: reflexive +-1 / Gaussian classes with N in 10..120 (optimum 0) at eps = 0.05 ended
    0.06-1.0 below the optimum with converged=True (printed start w^0 = 0). Now certified."""
    rng = np.random.default_rng(0)
    for i in range(12):
        U = _nonseparable(rng, gaussian=bool(i % 2))
        o = rb.MatrixOracle(U, reflexive=True)
        res = getattr(rb, algo)(o, eps=0.05)
        assert res.converged, res.message
        assert res.extra["certificate"].ok
        c = certify.result(res, o.U, bound="truth")
        assert c.ok, c.report()
        assert truth.soft_margin_lp(o.U, 1.0).value - res.extra["soft_margin"] <= 0.05 + 1e-9


@pytest.mark.parametrize("algo", CORRECTIVE)
def test_regression_negative_best_edge(algo):
    """Regression: without reflexive, whenever the best edge is negative the printed start returned
    normalised weights far below the optimum with converged=True; every-edge-negative gave [0.]."""
    rng = np.random.default_rng(1)
    for kind in ("negative_edges", "random_pm1", "gaussian"):
        for _ in range(3):
            U = adversarial(kind, int(rng.integers(10, 60)), 6, rng)
            o = rb.MatrixOracle(U)
            res = getattr(rb, algo)(o, eps=0.05)
            assert res.weights.size >= 1 and res.weights.sum() == pytest.approx(1.0) and res.weights.max() > 0
            assert res.converged, res.message
            assert certify.result(res, o.U, bound="truth").ok
            assert rb.soft_margin(res.margins, 1.0) >= truth.soft_margin_lp(U, 1.0).value - 0.05 - 1e-9


@pytest.mark.parametrize("algo", CORRECTIVE)
def test_regression_worst_case(algo):
    """Regression: lpboost_worst_case(20) (N = 40, nu = 1): soft margin -0.9995 vs optimum 1.25e-4 with
    converged=True."""
    U = lpboost_worst_case(20)
    o = rb.MatrixOracle(U)
    res = getattr(rb, algo)(o, eps=0.05)
    star = truth.soft_margin_lp(U, 1.0).value
    assert res.converged
    assert rb.soft_margin(res.margins, 1.0) >= star - 0.05 - 1e-9
    assert certify.result(res, U, bound="truth").ok


@pytest.mark.parametrize("algo", CORRECTIVE)
@pytest.mark.parametrize("U", [np.zeros((5, 3)), np.array([[1.0, -1.0], [-1.0, 1.0]]), 1e-200 * np.ones((4, 3)),
                               -1e-200 * np.ones((4, 3))], ids=["zeros", "N2", "tiny", "tiny_negative"])
def test_regression_degenerate_weights(algo, U):
    """Regression: all-zero U, N = 2 and entries of size 1e-200 returned weights == [0.]."""
    o = rb.MatrixOracle(U)
    res = getattr(rb, algo)(o, eps=0.05)
    assert res.weights.size >= 1 and abs(res.weights.sum() - 1) <= 1e-12 and res.weights.min() >= 0
    assert np.all(np.isfinite(res.distribution)) and np.isfinite(res.gap)
    assert res.converged and certify.result(res, U).ok


@pytest.mark.parametrize("algo", CORRECTIVE)
def test_printed_start_counterexample(algo):
    """The printed start w^0 = 0 fires its stopping rule on the worst case, but the certificate of the
    normalised weights refuses it: converged is False and the message says why."""
    o = rb.MatrixOracle(lpboost_worst_case(20))
    res = getattr(rb, algo)(o, eps=0.05, start="zero")
    assert res.extra["stopping_rule_fired"] and not res.converged
    assert "does not confirm" in res.message
    assert res.weights.size >= 1 and abs(res.weights.sum() - 1) <= 1e-12
    # every column has a negative edge: the printed start never leaves the zero hypothesis
    neg = rb.MatrixOracle(-np.full((6, 3), 0.5))
    r0 = getattr(rb, algo)(neg, eps=0.05, start="zero")
    assert r0.weights.tolist() == [1.0] and not np.array_equal(r0.weights, [0.0])


@pytest.mark.parametrize("algo", CORRECTIVE + FW)
def test_converged_iff_certified(algo):
    """converged = (stopping rule fired) and the booster's own dual-point certificate is ok."""
    rng = np.random.default_rng(5)
    for _ in range(4):
        U = rng.choice([-1.0, 1.0], size=(30, 12))
        o = rb.MatrixOracle(U, reflexive=True)
        res = getattr(rb, algo)(o, nu=2.0, eps=0.1)
        own = res.extra["certificate"]
        assert res.converged == (res.extra["stopping_rule_fired"] and own.ok)
        assert res.gap == own.gap
        again = certify.result(res, o.U, bound="dual")
        assert again.ok == own.ok and abs(again.gap - own.gap) <= 1e-12


@pytest.mark.parametrize("algo", FW)
def test_fw_small_eta_not_certified(algo):
    """With eta far below 2 ln(m/nu)/eps, Alg. 1's test fires without implying the soft-margin
    guarantee: converged must then follow the certificate."""
    rng = np.random.default_rng(6)
    found = False
    for _ in range(10):
        U = rng.choice([-1.0, 1.0], size=(40, 10))
        o = rb.MatrixOracle(U, reflexive=True)
        res = getattr(rb, algo)(o, nu=1.0, eps=0.05, eta=1.0)
        assert res.converged == (res.extra["stopping_rule_fired"] and res.extra["certificate"].ok)
        if res.extra["stopping_rule_fired"] and not res.converged:
            found = True
            assert "does not confirm" in res.message and "eta" in res.message
    assert found


class _NaNOracle(Oracle):
    def __init__(self, N):
        self.n_examples = N

    def best(self, d):
        u = np.ones(self.n_examples)
        u[0] = np.nan
        return 0, u

    def column(self, key):
        return self.best(None)[1]


@pytest.mark.parametrize("algo", CORRECTIVE + FW)
def test_nan_column_is_a_clear_error(algo):
    """Regression: a NaN column from an oracle reached HiGHS ("Primal infeasible or unbounded")."""
    with pytest.raises(ValueError, match="finite"):
        getattr(rb, algo)(_NaNOracle(5), nu=1.0, eps=0.1)


@pytest.mark.parametrize("algo", FW)
def test_fw_time_is_boundable(algo):
    """At eps = 1e-8 the iteration bound is ~1e17 rounds: the default max_iter is capped, and
    time_limit / max_iter stop the run honestly (converged only if certified)."""
    from refboost.boosters.frank_wolfe import DEFAULT_MAX_ITER

    U = np.random.default_rng(7).choice([-1.0, 1.0], size=(40, 12))
    o = rb.MatrixOracle(U, reflexive=True)
    res = getattr(rb, algo)(o, eps=1e-8, time_limit=0.3)
    assert res.params["max_iter"] <= DEFAULT_MAX_ITER
    if not res.converged:
        assert "time_limit" in res.message or "max_iter" in res.message
    short = getattr(rb, algo)(o, eps=1e-8, max_iter=5)
    assert not short.converged and "max_iter = 5" in short.message
    assert np.isfinite(short.gap) and abs(short.weights.sum() - 1) <= 1e-12


def test_fw_progress_bar(capsys):
    U = np.random.default_rng(8).choice([-1.0, 1.0], size=(20, 6))
    res = rb.cerlpboost(rb.MatrixOracle(U, reflexive=True), eps=0.1, progress=True)
    quiet = rb.cerlpboost(rb.MatrixOracle(U, reflexive=True), eps=0.1)
    assert np.array_equal(res.weights, quiet.weights)
    assert "cerlpboost" in capsys.readouterr().err


def test_fw_callback_sees_every_round():
    """The per-round hook (the progress bar's, outside the loop) gets each history record once, in order."""
    U = np.random.default_rng(8).choice([-1.0, 1.0], size=(20, 6))
    seen = []
    res = rb.mlpboost(rb.MatrixOracle(U, reflexive=True), eps=0.1, callback=seen.append)
    assert [r["t"] for r in seen] == [r["t"] for r in res.history] and seen[-1] is res.history[-1]
    with pytest.raises(TypeError, match="callback"):
        rb.cerlpboost(rb.MatrixOracle(U, reflexive=True), eps=0.1, callback="print")


@pytest.mark.parametrize("algo", CORRECTIVE + FW)
def test_declared_constraints(algo):
    """Every keyword parameter is declared, and each declared bad value is refused naming it."""
    import inspect

    fn = getattr(rb, algo)
    spec = fn.__refboost_constraints__
    params = [p for p in inspect.signature(fn).parameters if p != "oracle"]
    assert set(params) == set(spec)
    o = rb.MatrixOracle(np.random.default_rng(0).choice([-1.0, 1.0], size=(10, 4)))
    for name, c in spec.items():
        for bad in c.bad_values():
            with pytest.raises((ValueError, TypeError), match=name):
                fn(o, **{name: bad})


@pytest.mark.parametrize("algo", CORRECTIVE + FW)
def test_adversarial_smoke(algo):
    """Every adversarial family, reflexive or not: no exception, no warning, valid weights, converged
    only when certified, identical rerun."""
    rng = np.random.default_rng(9)
    binary = algo != "corrective_erlpboost"
    for kind in ADVERSARIAL_KINDS:
        for N in (2, 7):
            U = adversarial(kind, N, 4, rng)
            for refl in (False, True):
                o = rb.MatrixOracle(U, reflexive=refl)
                NN = U.shape[0]
                for nu in (1.0, NN - 0.5 if binary else float(NN)):
                    if nu < 1:
                        continue
                    with warnings.catch_warnings():
                        warnings.simplefilter("error")
                        res = getattr(rb, algo)(o, nu=nu, eps=0.05, max_iter=3000)
                        res2 = getattr(rb, algo)(o, nu=nu, eps=0.05, max_iter=3000)
                    tag = (kind, N, refl, nu)
                    w = res.weights
                    assert w.size >= 1 and w.min() >= 0 and abs(w.sum() - 1) <= 1e-9, tag
                    assert np.all(np.isfinite(res.distribution)) and np.isfinite(res.gap), tag
                    assert np.array_equal(w, res2.weights) and res.hypotheses == res2.hypotheses, tag
                    if res.converged:
                        assert certify.result(res, o.U).ok, tag
