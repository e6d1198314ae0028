"""refboost.certify.entropy: the (3.6), (3.25) and (3.1) certificates against ground truth, and what the
entropy boosters (SoftBoost, TotalBoost, ERLPBoost, Binary ERLPBoost) certify about their returned weights."""

from __future__ import annotations

import warnings

import numpy as np
import pytest

import refboost as rb
from refboost import truth
from refboost.certify.entropy import (
    RESULT_CHECKS,
    binary_erlp_325,
    binary_smoothed_soft_margin_bounds,
    erlp_36,
    smoothed_soft_margin_bounds,
    softboost_31,
)
from refboost.instances import ADVERSARIAL_KINDS, adversarial

ENTROPY = ("softboost", "totalboost", "erlpboost", "binary_erlpboost")


def _simplex(w):
    w = np.maximum(np.asarray(w, float), 0.0)
    return w / w.sum()


def _perturb(w, rng, size=0.2):
    return _simplex(w + size * rng.uniform(0.0, 1.0, w.shape[0]))


# ----------------------------------------------------------------------------- the certificates vs truth
CASES = [(20, 6, 1.0, 5.0, 0), (30, 8, 3.5, 20.0, 1), (15, 5, 2.0, 1.0, 2), (40, 10, 7.0, 50.0, 3)]


@pytest.mark.parametrize("N, K, nu, eta, seed", CASES)
def test_erlp_36_certifies_truth_and_rejects_perturbed(N, K, nu, eta, seed):
    rng = np.random.default_rng(seed)
    U = rng.uniform(-1, 1, (N, K))
    g = truth.erlp_primal_36(U, nu, eta)
    w = _simplex(g.w)
    c = erlp_36(U, w, nu=nu, eta=eta, distribution=g.d, tol=1e-6)
    assert c.ok, c.report()
    assert abs(c.bound - g.value) <= 1e-6 and abs(c.objective - g.value) <= 1e-6
    assert c.kkt["d_vs_closed_form"] <= 1e-5 and c.kkt["smoothing_gap"] <= 1e-12
    # weights alone: the closed form (3.7) is the primal point (the conic multipliers are accurate to ~1e-6)
    c = erlp_36(U, w, nu=nu, eta=eta, tol=1e-5)
    assert c.ok, c.report()
    bad = erlp_36(U, _perturb(w, rng), nu=nu, eta=eta, tol=1e-6)
    assert not bad.ok and bad.gap > 1e-4, bad.report()
    # the optimal d with a worse w: still not certified (the gap bounds both)
    assert not erlp_36(U, _perturb(w, rng), nu=nu, eta=eta, distribution=g.d, tol=1e-6).ok


@pytest.mark.parametrize("N, K, nu, eta, seed", CASES)
def test_binary_erlp_325_certifies_truth_and_rejects_perturbed(N, K, nu, eta, seed):
    rng = np.random.default_rng(seed + 10)
    U = rng.uniform(-1, 1, (N, K))
    nu = nu + 0.5
    g = truth.binary_primal_325(U, nu, eta)
    w = _simplex(g.w)
    c = binary_erlp_325(U, w, nu=nu, eta=eta, distribution=g.d, tol=1e-6)
    assert c.ok, c.report()
    assert abs(c.bound - g.value) <= 1e-6 and abs(c.objective - g.value) <= 1e-6
    assert binary_erlp_325(U, w, nu=nu, eta=eta, tol=1e-5).ok
    bad = binary_erlp_325(U, _perturb(w, rng), nu=nu, eta=eta, tol=1e-6)
    assert not bad.ok and bad.gap > 1e-4, bad.report()


@pytest.mark.parametrize("N, K, nu, eta, seed", CASES)
def test_softboost_31_certifies_truth_and_rejects_perturbed(N, K, nu, eta, seed):
    rng = np.random.default_rng(seed + 20)
    U = rng.uniform(-1, 1, (N, K))
    bound = truth.soft_margin_lp(U, nu).value + 0.05
    g = truth.softboost_primal_31(U, nu, bound)
    w = np.maximum(g.w, 0.0)
    c = softboost_31(U, g.d, nu=nu, bound=bound, weights=w, tol=1e-6)
    assert c.ok, c.report()
    assert abs(c.objective - g.value) <= 1e-6
    assert not softboost_31(U, g.d, nu=nu, bound=bound, weights=1.2 * w, tol=1e-6).ok  # worse dual point
    d_bad = 0.5 * g.d + 0.5 * truth.soft_margin_lp(U, nu).d  # feasible (convex set), larger entropy
    bad = softboost_31(U, d_bad, nu=nu, bound=bound, weights=w, tol=1e-6)
    assert not bad.ok and bad.feasibility <= 1e-8, bad.report()
    # an infeasible d (edge above the bound) is never certified
    d_inf = onto = np.full(N, 1.0 / N)
    if (U.T @ onto).max() > bound:
        assert not softboost_31(U, d_inf, nu=nu, bound=bound, weights=w, tol=1.0).ok
    # no weights: no lower bound
    assert not softboost_31(U, g.d, nu=nu, bound=bound, tol=1.0).ok


@pytest.mark.parametrize("nu, eta", [(1.0, 1.0), (3.0, 30.0), (9.0, 1e4), (2.0, 1e6)])
def test_smoothed_bounds_bracket_the_conic_value(nu, eta):
    """Theta(psi) <= F(m) <= value at d(m), and both meet F of the conic ground truth (moderate eta)."""
    rng = np.random.default_rng(int(nu * 7))
    m = rng.uniform(-1, 1, 12)
    lo, up, d = smoothed_soft_margin_bounds(m, nu, eta)
    assert lo <= up + 1e-12 and up - lo <= 1e-10 * max(1.0, eta)
    assert abs(d.sum() - 1) <= 1e-12 and d.max() <= 1 / nu + 1e-15 and d.min() >= 0
    lo_b, up_b, d_b = binary_smoothed_soft_margin_bounds(m, min(nu, 11.5), eta)
    assert lo_b <= up_b + 1e-12 and up_b - lo_b <= 1e-9 * max(1.0, eta)
    if eta <= 100:
        ref = truth.smoothed_soft_margin_cvx(m, nu, eta).value
        assert lo - 1e-7 <= ref <= up + 1e-7


def test_oracle_and_hypotheses_give_the_matrix_certificate():
    rng = np.random.default_rng(5)
    U = rng.uniform(-1, 1, (25, 6))
    g = truth.erlp_primal_36(np.hstack([U, -U]), 2.0, 10.0)
    w = _simplex(g.w)
    keys = [k for k in range(12) if w[k] > 0]
    a = erlp_36(np.hstack([U, -U]), w, nu=2.0, eta=10.0)
    b = erlp_36(rb.MatrixOracle(U, reflexive=True), w[keys], hypotheses=keys, nu=2.0, eta=10.0)
    assert a.ok and b.ok and abs(a.gap - b.gap) <= 1e-12


@pytest.mark.parametrize("call, exc, match", [
    (lambda U: erlp_36(U, np.ones(3) / 3, nu=0.5, eta=1.0), ValueError, "nu"),
    (lambda U: erlp_36(U, np.ones(3) / 3, nu=1.0, eta=0.0), ValueError, "eta"),
    (lambda U: erlp_36(U, np.ones(3) / 3, nu=1.0, eta="a"), TypeError, "eta"),
    (lambda U: erlp_36(U, np.ones(2) / 2, nu=1.0, eta=1.0), ValueError, "weights"),
    (lambda U: erlp_36(U, np.ones(3) / 3, nu=1.0, eta=1.0, tol=-1.0), ValueError, "tol"),
    (lambda U: erlp_36(U, None, nu=1.0, eta=1.0), ValueError, "weights"),
    (lambda U: binary_erlp_325(U, np.ones(3) / 3, nu=4.0, eta=1.0), ValueError, "nu"),
    (lambda U: softboost_31(U, np.full(4, 0.25), nu=1.0, bound=np.nan), ValueError, "bound"),
    (lambda U: softboost_31(U, np.full(3, 1 / 3), nu=1.0, bound=0.0), ValueError, "distribution"),
    (lambda U: softboost_31(U, None, nu=1.0, bound=0.0), ValueError, "distribution"),
])
def test_certificate_bad_input(call, exc, match):
    U = np.array([[1.0, -1.0, 0.5], [-1.0, 1.0, 0.5], [0.2, 0.3, -0.5], [0.0, 0.1, 0.2]])
    with pytest.raises(exc, match=match):
        call(U)


# ----------------------------------------------------------------------------- what the boosters certify
def test_result_checks_registered():
    assert set(RESULT_CHECKS) == set(ENTROPY)
    assert set(ENTROPY) <= set(rb.certify.registered())


@pytest.mark.parametrize("algo", ENTROPY)
def test_docstring_states_what_is_certified(algo):
    assert "Certifies:" in getattr(rb, algo).__doc__


def _run(algo, o, nu, eps, **kw):
    if algo != "totalboost":
        kw["nu"] = nu
    return getattr(rb, algo)(o, eps=eps, **kw)


@pytest.mark.parametrize("algo", ENTROPY)
@pytest.mark.parametrize("seed", [0, 1, 2])
def test_converged_is_certified_and_matches_truth(algo, seed):
    rng = np.random.default_rng(seed)
    U = rng.uniform(-1, 1, (40, 15))
    o = rb.MatrixOracle(U, reflexive=True)
    nu = 1.0 if algo == "totalboost" else [1.0, 3.5, 8.0][seed]
    eps = 0.02
    res = _run(algo, o, nu, eps)
    assert res.converged, res.message
    cert = res.extra["certificate"]
    assert cert.ok and cert.gap <= eps
    own = rb.certify.result(res, o.U, bound="dual")
    assert own.ok, own.report()
    P = truth.soft_margin_lp(o.U, nu).value
    assert rb.soft_margin(o.columns(res.hypotheses) @ res.weights, nu) >= P - eps - 1e-9


@pytest.mark.parametrize("algo", ["erlpboost", "binary_erlpboost"])
def test_eta_below_canonical_is_not_converged(algo):
    """The rule fires at a small eta but the soft margin is far from the optimum: converged=False, and why."""
    rng = np.random.default_rng(3)
    o = rb.MatrixOracle(rng.uniform(-1, 1, (50, 20)), reflexive=True)
    res = getattr(rb, algo)(o, nu=3.0, eps=0.05, eta=1.0)
    assert res.history[-1].get("stop")
    cert = rb.certify.result(res, o.U)
    assert not cert.ok and not res.converged
    assert "certificate does not confirm" in res.message and "eta below the canonical" in res.message


def test_softboost_wrong_g_is_not_converged():
    """footnote 3's g replaced by a value below the optimum: the rule fires, the certificate refuses."""
    rng = np.random.default_rng(4)
    o = rb.MatrixOracle(rng.uniform(-1, 1, (30, 12)), reflexive=True)
    P = truth.soft_margin_lp(o.U, 2.0).value
    res = rb.softboost(o, nu=2.0, eps=0.02, g=P - 0.3)
    assert not res.converged and not rb.certify.result(res, o.U).ok
    assert "does not confirm" in res.message


def test_erlpboost_stop_at_first_iteration_keeps_a_hypothesis():
    """Every edge is -1 (all -1 columns): the rule fires at t = 1; the weights are not empty."""
    o = rb.MatrixOracle(-np.ones((6, 3)))
    for algo in ("erlpboost", "binary_erlpboost"):
        res = getattr(rb, algo)(o, nu=2.0, eps=0.1)
        assert res.weights.size == 1 and res.weights[0] == 1.0 and len(res.hypotheses) == 1
        assert res.converged and rb.certify.result(res, o.U).ok
        assert np.all(res.margins == -1.0)


@pytest.mark.parametrize("algo", ENTROPY)
@pytest.mark.parametrize("kind", ADVERSARIAL_KINDS)
def test_adversarial_kinds(algo, kind):
    """Every adversarial family: no exception, no warning, finite non-empty output, converged => certified,
    identical rerun, the caller's matrix untouched."""
    for N, refl, seed in [(2, False, 0), (9, True, 1), (60, False, 2)]:
        U = adversarial(kind, N, 5, np.random.default_rng(seed))
        N = U.shape[0]
        U0 = U.copy()
        o = rb.MatrixOracle(U, reflexive=refl)
        nus = [1.0] if algo == "totalboost" else [1.0, min(1.5, N - 0.5), N - 0.5]
        for nu in nus:
            with warnings.catch_warnings():
                warnings.simplefilter("error")
                res = _run(algo, o, nu, 0.05, max_iter=200)
                again = _run(algo, o, nu, 0.05, max_iter=200)
            assert res.weights.size >= 1 and len(res.hypotheses) == res.weights.size
            for x in (res.weights, res.distribution, res.margins, [res.gap]):
                assert np.all(np.isfinite(x))
            assert abs(res.weights.sum() - 1) <= 1e-9 and res.weights.min() >= 0
            if res.converged:
                assert rb.certify.result(res, o.U).ok, (kind, N, nu, res.message)
            assert np.array_equal(res.weights, again.weights) and res.converged == again.converged
            assert np.array_equal(U, U0)


# ----------------------------------------------------------------------------- regressions
def test_softboost_large_N_memory():
    """N = 100,000: SoftBoost's stopping LP must stay O(N t) in memory (a dense N x N block would be 74.5 GiB)."""
    rng = np.random.default_rng(0)
    N = 100_000
    U = rng.choice([-1.0, 1.0], size=(N, 3)) * rng.uniform(0.2, 1.0, size=(N, 3))
    res = rb.softboost(rb.MatrixOracle(U), nu=10.0, eps=0.1, max_iter=2)
    assert res.n_iter == 2 and np.all(np.isfinite(res.weights)) and np.all(np.isfinite(res.distribution))


@pytest.mark.parametrize("algo", ENTROPY)
@pytest.mark.parametrize("value, exc", [(0, ValueError), (-3, ValueError), ("5", TypeError), (2.5, TypeError),
                                        (None, TypeError)])
def test_inner_max_iter_bad_values(algo, value, exc):
    """inner_max_iter = 0 / negative was accepted silently (ERLPBoost) or crashed inside (SoftBoost)."""
    o = rb.MatrixOracle(np.array([[1.0, -1.0], [-1.0, 1.0], [0.5, 0.5]]))
    with pytest.raises(exc, match="inner_max_iter"):
        getattr(rb, algo)(o, inner_max_iter=value)


@pytest.mark.parametrize("algo", ENTROPY)
def test_declared_constraints_reject_bad_values(algo):
    f = getattr(rb, algo)
    spec = f.__refboost_constraints__
    o = rb.MatrixOracle(np.array([[1.0, -1.0], [-1.0, 1.0], [0.5, 0.5]]))
    assert {"eps", "max_iter", "inner_tol", "inner_max_iter"} <= set(spec)
    for name, c in spec.items():
        for bad in c.bad_values():
            with pytest.raises((TypeError, ValueError), match=name):
                f(o, **{name: bad})


@pytest.mark.parametrize("step, kw", [("erlp_dual_step", {"nu": 1.0, "eta": 1.0}),
                                      ("binary_dual_step", {"nu": 1.5, "eta": 1.0}),
                                      ("softboost_dual_step", {"nu": 1.0, "bound": 0.2})])
@pytest.mark.parametrize("bad, exc, match", [({"max_iter": 0}, ValueError, "max_iter"),
                                             ({"max_iter": -1}, ValueError, "max_iter"),
                                             ({"max_iter": "a"}, TypeError, "max_iter"),
                                             ({"max_iter": 2.5}, TypeError, "max_iter"),
                                             ({"tol": 0.0}, ValueError, "tol"),
                                             ({"tol": "a"}, TypeError, "tol")])
def test_step_solvers_bad_input(step, kw, bad, exc, match):
    """The step solvers refuse bad parameters with the parameter's name (instead of crashing inside,
    "'NoneType' object is not subscriptable", or running with max_iter = 0)."""
    from refboost.boosters import entropy as E
    from refboost.boosters import softboost as S

    U = np.array([[1.0, -1.0], [-1.0, 1.0], [0.5, 0.5]])
    with pytest.raises(exc, match=match):
        getattr(S if step.startswith("softboost") else E, step)(U, **kw, **bad)
