"""AdaBoost, arc-gv, AdaBoost* and coordinate ascent (Rudin, Daubechies & Schapire 2003).

Two paths: the boosters work from lambda in the log domain; the reduced iterated map of
:mod:`refboost.dynamics` and the HiGHS hard-margin LP of :mod:`refboost.truth` are the
independent references.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from scipy.optimize import minimize_scalar

import refboost as rb
from refboost import certify
from refboost import dynamics as D
from refboost import instances as I
from refboost.boosters.adaboost import (
    _step_exact_G,
    _step_to_target,
    adaboost_star_iterations,
    logsumexp,
)

#: reduced map vs log-domain booster weights (2.7e-15 observed)
MAP_TOL = 1e-12
#: LP agreement of a certified margin
LP_TOL = 1e-9
ALGOS = {
    "adaboost": (rb.adaboost, {}),
    "arcgv": (rb.arcgv, {}),
    "aca": (rb.coordinate_ascent, {}),
    "ca": (rb.coordinate_ascent, {"method": "exact"}),
}


def _random(seed, m=11, n=21):
    return I.random_pm1(m, n, np.random.default_rng(seed), negate=True)


# ------------------------------------------------------------------ 3 x 3 (Rudin et al. 2003, §3)


def test_3x3_adaboost_margin_and_lp():
    M = I.rudin_3x3()
    lp = rb.truth.hard_margin_lp(M)
    assert abs(lp.value - 1 / 3) < LP_TOL and abs(lp.value_w - 1 / 3) < LP_TOL
    res = rb.adaboost(rb.MatrixOracle(M), max_iter=300)
    assert abs(res.margins.min() - 0.3311061201) < 1e-9  # 0.3311 at T = 300 (notebook 08)
    assert res.hypotheses == [0, 1, 2]
    # Fibonacci edges from the uniform start, lowest-index ties
    r = res.history_array("edge")
    fib = [1, 1, 2, 3, 5, 8, 13, 21, 34]
    assert abs(r[0] - 1 / 3) < 1e-15
    for t in range(1, 8):
        assert abs(r[t] - fib[t] / fib[t + 1]) < 1e-14
    # the gap certificate: min r_t - mu >= rho - mu >= 0, and here min r_t = r_1 = rho
    assert res.gap >= lp.value - res.margins.min() - LP_TOL
    assert abs(res.extra["gamma_hat"] - 1 / 3) < 1e-15


def test_3x3_long_run_log_domain():
    """4000 steps: ||lambda|| * mu > 745, so exp(-(M lambda)_i) underflows in a naive implementation."""
    M = I.rudin_3x3()
    res = rb.adaboost(rb.MatrixOracle(M), max_iter=4000, store_d=False)
    assert res.extra["norm"] * res.margins.min() > 800
    assert np.all(np.isfinite(res.distribution)) and abs(res.distribution.sum() - 1) < 1e-12
    assert 1 / 3 - 1e-3 < res.margins.min() <= 1 / 3 + 1e-12
    alpha = res.history_array("alpha")
    assert abs(alpha[-1] - 1.5 * math.log(D.PHI)) < 1e-9  # alpha = artanh(1/phi) = (3/2) ln phi
    assert np.all(np.abs(res.history_array("edge")[-100:] - 1 / D.PHI) < 1e-9)


# ------------------------------------------------------------------ booster = reduced map (Rudin et al. 2003, §2)


@pytest.mark.parametrize("seed", range(6))
def test_adaboost_is_the_reduced_map(seed):
    rng = np.random.default_rng(100 + seed)
    m = int(rng.integers(3, 12))
    M = I.random_pm1(m, int(rng.integers(3, 10)), rng, negate=True)
    res = rb.adaboost(rb.MatrixOracle(M), max_iter=40)
    js = [h["hypothesis"] for h in res.history]
    ds = np.array([h["d"] for h in res.history] + [res.distribution])
    tr = D.iterate_reduced_map(M, np.full(m, 1 / m), len(js), chooser=js)
    assert np.max(np.abs(tr.d - ds)) < MAP_TOL
    assert np.max(np.abs(tr.r - res.history_array("edge"))) < MAP_TOL
    # the classifier just used has edge 0 under the new weights
    for t, j in enumerate(js):
        assert abs(ds[t + 1] @ M[:, j]) < MAP_TOL


@pytest.mark.parametrize("name", ["arcgv", "aca", "star"])
def test_generalised_map_matches_boosters(name):
    """d_{t+1} = d_t (1 + M theta) / (1 + M r): the step drives the used edge to theta (Rudin et al. 2003, §4)."""
    M = _random(7)
    o = rb.MatrixOracle(M)
    res = rb.adaboost_star(o, nu=0.1, max_iter=60) if name == "star" else ALGOS[name][0](o, max_iter=60)
    d = np.full(M.shape[0], 1 / M.shape[0])
    for h in res.history:
        assert np.max(np.abs(h["d"] - d)) < MAP_TOL
        d, j, r = D.reduced_map_step(M, d, j=h["hypothesis"], theta=h["target"])
        assert abs(r - h["edge"]) < MAP_TOL
        assert abs(d @ M[:, j] - h["target"]) < MAP_TOL
    assert np.max(np.abs(res.distribution - d)) < MAP_TOL


# ------------------------------------------------------------------ certificates and LP margins


@pytest.mark.parametrize("seed", range(3))
def test_certificate_and_margin_guarantees(seed):
    """gap >= rho - mu >= 0 for every algorithm; arc-gv/ACA/CA approach the LP margin."""
    M = _random(seed)
    rho = rb.truth.hard_margin_lp(M).value
    o = rb.MatrixOracle(M)
    for name, (fn, kw) in ALGOS.items():
        res = fn(o, max_iter=1500 if name != "ca" else 800, store_d=False, **kw)
        mu = res.margins.min()
        assert mu <= rho + LP_TOL, name  # nothing beats the LP
        assert res.gap >= rho - mu - LP_TOL, name  # the certificate bounds the suboptimality
        assert np.all(res.history_array("edge") >= rho - LP_TOL), name  # max-edge oracle: r_t >= rho
        if name != "adaboost":
            assert rho - mu < 0.015, (name, rho, mu)
        # margins field = U w on the returned hypotheses
        assert np.allclose(res.margins, M[:, res.hypotheses] @ res.weights, atol=1e-12)


def test_adaboost_star_guarantee():
    """mu >= rho - nu after ceil(2 log2(N) / nu^2) iterations (Rätsch & Warmuth, as quoted by Rudin et al. 2003, §4)."""
    nu = 0.2
    for seed in range(3):
        M = _random(seed)
        rho = rb.truth.hard_margin_lp(M).value
        res = rb.adaboost_star(rb.MatrixOracle(M), nu=nu, store_d=False)
        assert res.n_iter == adaboost_star_iterations(M.shape[0], nu) == math.ceil(2 * math.log2(11) / nu**2)
        assert res.margins.min() >= rho - nu
        theta = res.history_array("target")
        assert np.all(theta < res.history_array("edge"))
        assert np.all(np.diff(res.history_array("gamma_hat")) <= 0)


def test_step_ordering_and_positivity():
    """arc-gv <= ACA <= AdaBoost steps; 0 < CA <= ACA when G > 0; dG/dalpha formula (Rudin et al. 2003, §4)."""
    M = _random(2)
    res = rb.coordinate_ascent(rb.MatrixOracle(M), max_iter=200)
    lam = np.zeros(M.shape[1])
    checked = 0
    for h in res.history:
        j, r = h["hypothesis"], h["edge"]
        f = M @ lam
        s = lam.sum()
        if s > 0:
            mu = f.min() / s
            G = D.smooth_margin(M, lam)
            assert G <= mu + 1e-12
            a_ada, a_aca, a_arc = (
                math.atanh(r),
                math.atanh(r) - math.atanh(max(0, G)),
                math.atanh(r) - math.atanh(max(0, mu)),
            )
            assert 0 < a_arc <= a_aca <= a_ada
            if G > 0:
                log_d = -f - logsumexp(-f)
                a_ca = _step_exact_G(f, s, log_d, M[:, j], a_aca)
                assert 0 < a_ca <= a_aca + 1e-12
                # the exact step maximises G along e_j: compare with a bounded scalar search
                e_j = np.eye(M.shape[1])[j]
                g = lambda a, e_j=e_j: -D.smooth_margin(M, lam + a * e_j)
                ref = minimize_scalar(g, bounds=(0, a_ada), method="bounded", options={"xatol": 1e-10})
                assert abs(ref.x - a_ca) < 1e-6
                # dG/dalpha at 0 = r / s + ln F / s^2 (central differences)
                e = np.eye(M.shape[1])[j]
                h_ = 1e-6
                Gr = lambda x: -logsumexp(-(M @ x)) / x.sum()  # no sign check: lam - h e may be < 0
                fd = (Gr(lam + h_ * e) - Gr(lam - h_ * e)) / (2 * h_)
                assert abs(fd - (r / s + logsumexp(-f) / s**2)) < 1e-7
                checked += 1
        assert abs(h["alpha"] - (math.atanh(r) - math.atanh(h["target"]))) < 1e-12
        lam[j] += h["alpha"]
    assert checked > 100
    # G is non-decreasing along ACA (observed; proved in Rudin-Schapire-Daubechies 2007)
    G = res.history_array("smooth_margin")
    assert np.all(np.diff(G[np.isfinite(G)]) >= -1e-12)


# ------------------------------------------------------------------ the non-optimal case (Rudin et al. 2003, §3)


def test_nonoptimal_4x5_adaboost_margin_one_third():
    M = I.rudin_nonoptimal_4x5()
    rho = rb.truth.hard_margin_lp(M).value
    assert abs(rho - 0.5) < LP_TOL
    # optimal AdaBoost reaches rho through the m = 4 cycle (r = 0.8392867552)
    opt = rb.adaboost(rb.MatrixOracle(M), max_iter=400, store_d=False)
    assert abs(opt.history_array("edge")[-1] - 0.8392867552) < 1e-9
    assert abs(opt.margins.min() - 0.4981) < 1e-4
    # the laziest permissible weak learner from uniform: margin -> 1/3 < rho
    lazy = rb.adaboost(D.PermissibleOracle(M, rho, policy="laziest"), max_iter=3000, store_d=False)
    assert lazy.hypotheses == [0, 1, 2]
    assert 1 / 3 - 1e-3 < lazy.margins.min() < 1 / 3 + 1e-9
    assert lazy.gap >= rho - lazy.margins.min() - LP_TOL  # the certificate stays valid (edges >= rho)
    # the paper's own cycle, realised by genuine AdaBoost from lambda_0
    lam0 = {2: 0.5 * math.log(2 * D.PHI**2), 3: 0.5 * math.log(2 * D.PHI)}
    script = rb.adaboost(D.PermissibleOracle(M, rho, policy="sequence", sequence=[4, 3, 2]), max_iter=3000, init=lam0)
    assert np.max(np.abs(script.history[0]["d"] - D.nonoptimal_cycle_start_4x5())) < 1e-15
    assert np.all(np.abs(script.history_array("edge") - 1 / D.PHI) < 1e-9)
    assert abs(script.margins.min() - 0.3330046) < 1e-6
    # arc-gv and coordinate ascent under the same lazy adversary reach rho
    for fn, kw in [(rb.arcgv, {}), (rb.coordinate_ascent, {})]:
        res = fn(D.PermissibleOracle(M, rho, policy="laziest"), max_iter=3000, store_d=False, **kw)
        assert res.margins.min() > 0.499


def test_counterexample_11x20_adaboost_not_max_margin():
    """Notebook 08: optimal AdaBoost cycles on columns 21, 29, 33 with r = 1/phi; margin 1/3 < rho = 0.36."""
    M = I.adaboost_not_max_margin_11x20()
    lp = rb.truth.hard_margin_lp(M)
    assert abs(lp.value - 0.36) < LP_TOL and abs(lp.value_w - 0.36) < LP_TOL
    res = rb.adaboost(rb.MatrixOracle(M), max_iter=4000)
    js = np.array([h["hypothesis"] for h in res.history])
    assert set(js[-1000:]) == {21, 29, 33}
    r = res.history_array("edge")
    assert np.all(np.abs(r[-300:] - 1 / D.PHI) < 1e-6)
    assert abs(D.cycle_margin(M, js[-3:], r[-3:]) - 1 / 3) < 1e-6
    assert 1 / 3 - 1e-3 < res.margins.min() < 0.3345 < lp.value - 0.025
    # not a tie artefact: the second-best edge stays >= 0.01 below the chosen one
    E = np.array([h["d"] for h in res.history[-1000:]]) @ M
    top2 = np.sort(E, axis=1)[:, -2:]
    assert np.min(top2[:, 1] - top2[:, 0]) > 0.01


# ------------------------------------------------------------------ confidence-rated columns, stops


def test_confidence_rated_line_search():
    rng = np.random.default_rng(5)
    U = rng.uniform(-1, 1, size=(9, 12))
    U[:, 0] = np.abs(U[:, 0]) * 0.3 + 0.05  # a positive column: rho > 0
    U[0, 0] = -0.2
    for fn, kw in [(rb.adaboost, {}), (rb.arcgv, {}), (rb.coordinate_ascent, {})]:
        res = fn(rb.MatrixOracle(U), max_iter=50, **kw)
        for h, h_next in zip(res.history[:-1], res.history[1:], strict=True):
            # after the step the used edge equals the target
            assert abs(h_next["d"] @ U[:, h["hypothesis"]] - h["target"]) < 1e-10
    # AdaBoost's step minimises F along the column: compare with a scalar minimiser
    d = np.full(9, 1 / 9)
    u = U[:, 3]
    r = float(d @ u)
    if r > 0:
        a = _step_to_target(np.log(d), u, r, 0.0, pm1=False)
        ref = minimize_scalar(
            lambda x: np.log(np.sum(d * np.exp(-x * u))), bounds=(0, 20), method="bounded", options={"xatol": 1e-12}
        )
        assert abs(a - ref.x) < 1e-6


def test_perfect_and_zero_edge_stops():
    U = np.array([[1.0, -1.0], [1.0, 1.0], [1.0, -1.0]])
    res = rb.adaboost(rb.MatrixOracle(U), max_iter=10)
    assert res.extra["stop_reason"] == "perfect" and res.converged
    assert res.hypotheses == [0] and np.allclose(res.weights, [1.0]) and res.margins.min() == 1.0
    Z = np.array([[1.0, -1.0], [-1.0, 1.0]])  # rho = 0: every edge is 0 at the uniform start
    res = rb.adaboost(rb.MatrixOracle(Z), max_iter=10)
    assert res.extra["stop_reason"] == "zero_step" and res.n_iter == 1 and not res.converged
    # no step taken: the output is the first hypothesis alone (a valid combination, never an empty one);
    # its margin -1 is not within the default tolerance of rho = 0, so it is not certified
    assert res.hypotheses == [0] and np.array_equal(res.weights, [1.0]) and "r_t <= 0" in res.message
    assert res.extra["min_margin"] == -1.0 and np.isfinite(res.extra["smooth_margin"]) and res.gap == 1.0
    # arc-gv stops at a certified fixed point on the 3 x 3 (r_t = mu_t = rho)
    res = rb.arcgv(rb.MatrixOracle(I.rudin_3x3()), max_iter=500)
    assert res.extra["stop_reason"] == "zero_step" and res.converged and abs(res.margins.min() - 1 / 3) < 1e-9


def test_eps_stopping():
    M = _random(1)
    res = rb.coordinate_ascent(rb.MatrixOracle(M), max_iter=5000, eps=0.02, store_d=False)
    assert res.converged and res.gap <= 0.02 and res.extra["stop_reason"] == "gap"
    assert "d" not in res.history[0]


# ------------------------------------------------------------------ bad input


@pytest.mark.parametrize("fn", [rb.adaboost, rb.arcgv, rb.coordinate_ascent])
def test_bad_init(fn):
    # the other bad input of every booster (oracle, declared parameters, broken oracle columns) is
    # checked by the booster contract (tests/booster_contract.py)
    o = rb.MatrixOracle(I.rudin_3x3())
    with pytest.raises(ValueError, match="init"):
        fn(o, max_iter=5, init={0: -1.0})
    with pytest.raises(TypeError, match="init"):
        fn(o, max_iter=5, init=[0.1])


def test_bad_input_specific():
    o = rb.MatrixOracle(I.rudin_3x3())
    with pytest.raises(ValueError, match="floor"):
        rb.arcgv(o, floor=1.0)
    with pytest.raises(ValueError, match="base"):
        adaboost_star_iterations(3, 0.1, base="10")
    # an oracle that violates its edge promise
    bad = D.PermissibleOracle(I.rudin_nonoptimal_4x5(), 0.5, policy="sequence", sequence=[4])
    with pytest.raises(D.EdgePromiseError, match="rho"):
        rb.adaboost(bad, max_iter=5)


def test_arcgv_without_floor_stops_at_infinite_step():
    """mu_t = -1 makes the unfloored arc-gv step artanh(r) - artanh(-1) infinite: the run stops with a
    message naming the floor (valid input never raises), and the output is still a valid combination."""
    # column 0 is wrong on example 2 only; after it, mu = -1 (example 2 has margin -1)
    U = np.array([[1.0, -1.0], [1.0, 1.0], [-1.0, 1.0], [1.0, 1.0]])
    res = rb.arcgv(rb.MatrixOracle(U), floor=None, max_iter=5)
    assert res.extra["stop_reason"] == "infinite_target" and "floor" in res.message and not res.converged
    assert res.hypotheses == [0] and np.array_equal(res.weights, [1.0])
    res = rb.arcgv(rb.MatrixOracle(U), max_iter=5)  # default floor 0 runs
    assert np.all(np.isfinite(res.weights))


def test_abstaining_hypothesis_stops_before_the_infinite_step():
    """A confidence-rated column that is >= 0 everywhere and 0 on some examples (it abstains there) has no
    finite line-search step: the run stops before it and keeps lambda_t, instead of returning that column
    alone (the limit of the normalised combination, which predicts nothing where it abstains). Found on
    a9a with raw {0, 1} features: at t = 608 the maximum edge (4e-4) was a feature seen only in 16
    negative examples; that column alone errs on 75.7 % of the test set, lambda_t on 15.7 %."""
    U = np.array([[1.0, -1.0, 0.0], [-1.0, 1.0, 0.0], [1.0, 1.0, 0.0], [-1.0, -1.0, 0.0],
                  [1.0, -1.0, 0.5]])
    res = rb.adaboost(rb.MatrixOracle(U), max_iter=50)
    ks = [r["hypothesis"] for r in res.history]
    assert res.extra["stop_reason"] == "no_finite_step" and ks[-1] == 2 and res.history[-1]["alpha"] == 0.0
    assert 2 not in res.hypotheses and len(res.hypotheses) >= 1  # the abstaining column is not in the output
    lam = res.extra["lambda"]
    assert np.all(np.isfinite(lam)) and np.isclose(res.extra["norm"], sum(r["alpha"] for r in res.history))
    assert res.converged == certify.result(res, U, bound="dual").ok
    assert "abstains" in res.message
    # at t = 1 (no combination yet) the output is the column alone, as for a zero step
    res1 = rb.adaboost(rb.MatrixOracle(np.array([[0.5], [0.0]])), max_iter=5)
    assert res1.extra["stop_reason"] == "no_finite_step" and res1.hypotheses == [0] and res1.n_iter == 1
    # a column > 0 on every example is still perfect: the hypothesis alone
    res2 = rb.adaboost(rb.MatrixOracle(np.array([[0.5, -1.0], [0.25, 1.0]])), max_iter=5)
    assert res2.extra["stop_reason"] == "perfect" and res2.hypotheses == [0]
