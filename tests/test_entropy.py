"""Chapter 3 (Glocer 2009): SoftBoost, ERLPBoost, Binary ERLPBoost against d-domain ground truth.

Tolerances actually achieved (stated, see the report): the w-domain solvers reach duality gaps
<= 1e-12; Clarabel reaches values to ~1e-10 relative, d to ~1e-6, multipliers to ~5e-6, so the
agreement tests use VALUE_RTOL = 1e-8, D_ATOL = 2e-6, DUAL_ATOL = 1e-5 (the conic solver's accuracy,
not ours: the KKT residual of our own solution is ~1e-15).
"""

import numpy as np
import pytest

import refboost as rb
from refboost import bounds, truth
from refboost.boosters.corrective import beta_bisection
from refboost.boosters.entropy import (
    binary_dual_step,
    binary_entropy_capped,
    binary_smoothed_soft_margin,
    erlp_dual_step,
    kkt_recovery,
    softboost_dual_step,
)

VALUE_RTOL = 1e-8
D_ATOL = 2e-6
DUAL_ATOL = 1e-5
KKT_TOL = 1e-10
GAP_TOL = 1e-10
PROGRESS_TOL = 1e-9

pytestmark = pytest.mark.filterwarnings("ignore:Solution may be inaccurate")


def rand_U(rng, N, t):
    return rng.choice([-1.0, 1.0], size=(N, t)) * rng.uniform(0.2, 1.0, size=(N, t))


CASES = [(1.0, 10.0), (5.0, 10.0), (5.0, 200.0), (12.5, 50.0)]


# ----------------------------------------------------------------------------- bounds
def test_canonical_eta_and_bounds():
    assert bounds.eta_erlp(0.1, 100, 10) == pytest.approx(20 * np.log(10))
    assert bounds.eta_erlp(0.1, 100, 100) == 0.5
    assert bounds.eta_binary(0.1, 100, 10) == pytest.approx(20 * (np.log(10) + 1))
    assert bounds.softboost_bound(0.1, 100, 10) == pytest.approx(1 + 200 * np.log(10))
    assert bounds.erlpboost_bound(0.1, 100, 10) == pytest.approx(3200 * np.log(10))
    assert bounds.erlpboost_bound(0.1, 100, 10, stopping="practical") == pytest.approx(6400 * np.log(10))
    assert bounds.binary_erlpboost_bound(0.1, 100, 10, stopping="practical") == pytest.approx(6400 * (np.log(10) + 1))
    # the eta form reduces to the theorems with the canonical eta
    eta = bounds.eta_erlp(0.1, 100, 10)
    assert bounds.erlpboost_bound_eta(0.1, eta) == pytest.approx(bounds.erlpboost_bound(0.1, 100, 10))


@pytest.mark.parametrize(
    "call, match",
    [
        (lambda: bounds.eta_erlp(0.0, 10, 1), "eps"),
        (lambda: bounds.eta_erlp(0.1, 10, 11), "nu"),
        (lambda: bounds.eta_binary(0.1, 10, 10), "nu"),
        (lambda: bounds.erlpboost_bound(0.1, 10, 1, stopping="x"), "stopping"),
        (lambda: bounds.erlpboost_bound_eta(0.1, 0.1), "eta"),
    ],
)
def test_bounds_bad_input(call, match):
    with pytest.raises(ValueError, match=match):
        call()


# ----------------------------------------------------------------------------- ERLPBoost dual (Lemma 3.6, 3.13)
@pytest.mark.parametrize("nu, eta", CASES)
def test_erlp_step_matches_conic_truth(nu, eta):
    rng = np.random.default_rng(3)
    U = rand_U(rng, 40, 6)
    s = erlp_dual_step(U, nu, eta)
    g = truth.erlp_primal_36(U, nu, eta)
    assert s.gap <= GAP_TOL and s.status.startswith("converged")
    assert abs(s.dual - g.value) <= VALUE_RTOL * abs(g.value)
    assert abs(s.primal - s.dual) <= GAP_TOL  # Lemma 3.6: primal = dual
    assert np.abs(s.d - g.d).max() <= D_ATOL
    assert np.abs(s.w - g.w).max() <= DUAL_ATOL
    assert np.abs(s.extra["psi"] - g.psi).max() <= DUAL_ATOL
    assert abs(s.extra["beta"] - g.beta) <= DUAL_ATOL
    # Lemma 3.6: sum_q w_q u^q.d = max_q u^q.d
    assert abs(s.w @ s.edges - s.edges.max()) <= GAP_TOL
    # Lemma 3.13: beta_U = beta + 1/eta, both from the conic solver and from the closed form
    gu = truth.erlp_unnormalized_318(U, nu, eta)
    assert abs(gu.beta - g.beta - 1.0 / eta) <= DUAL_ATOL
    assert abs(gu.value - g.value) <= VALUE_RTOL * abs(g.value)
    m, psi, N = U @ s.w, s.extra["psi"], U.shape[0]
    beta_U = (np.log(np.mean(np.exp(-eta * (m + psi))))) / eta
    assert abs(beta_U - s.extra["beta"] - 1.0 / eta) <= 1e-12
    # (3.11) with the closed-form psi reproduces d
    a = np.exp(-eta * (m + psi) - np.log(N))
    assert np.abs(a / a.sum() - s.d).max() <= 1e-12


@pytest.mark.parametrize("nu, eta", CASES)
def test_erlp_kkt_recovery(nu, eta):
    rng = np.random.default_rng(4)
    U = rand_U(rng, 40, 6)
    s = erlp_dual_step(U, nu, eta)
    k = kkt_recovery(U, s.d, nu, eta)
    assert k.residual <= KKT_TOL
    assert k.w.min() >= -1e-8 and k.psi.min() >= -1e-8
    assert np.abs(k.w - s.w).max() <= 1e-8
    assert np.abs(k.psi - s.extra["psi"]).max() <= 1e-8
    # complementary slackness
    assert np.abs(s.w * (s.edges - s.edges.max())).max() <= 1e-10
    assert np.abs(s.extra["psi"] * (s.d - 1 / nu)).max() <= 1e-10


@pytest.mark.parametrize("eta", [1e3, 1e4, 1e6])
def test_erlp_step_large_eta(eta):
    """No overflow / NaN at large eta; gap certified; eta -> inf approaches the LP value."""
    rng = np.random.default_rng(5)
    U = rand_U(rng, 100, 10)
    s = erlp_dual_step(U, 5.0, eta)
    assert np.isfinite(s.dual) and np.all(np.isfinite(s.d)) and np.all(np.isfinite(s.w))
    assert s.gap <= max(1e-9, 1e-15 * eta * 100)
    lp = truth.soft_margin_lp(U, 5.0)
    # F(w) <= SM(w) + ln(N/nu)/eta and SM(w) <= P_LP <= P(d): the regularised value brackets P_LP
    assert s.dual - np.log(100 / 5) / eta - 1e-9 <= lp.value <= s.primal + 1e-9


def test_erlp_step_duplicate_and_constant_columns():
    rng = np.random.default_rng(6)
    U = rand_U(rng, 30, 4)
    U = np.hstack([U, U[:, :2], np.full((30, 1), 0.3)])
    s = erlp_dual_step(U, 3.0, 20.0)
    g = truth.erlp_primal_36(U, 3.0, 20.0)
    assert s.gap <= GAP_TOL
    assert abs(s.dual - g.value) <= VALUE_RTOL * abs(g.value)
    # all-equal margins: d stays uniform
    s2 = erlp_dual_step(np.full((20, 3), 0.5), 2.0, 1e6)
    assert np.allclose(s2.d, 1 / 20) and s2.gap <= 1e-12


# ----------------------------------------------------------------------------- Binary (Lemma 3.18)
@pytest.mark.parametrize("nu, eta", CASES)
def test_binary_step_matches_conic_truth(nu, eta):
    rng = np.random.default_rng(7)
    U = rand_U(rng, 40, 6)
    s = binary_dual_step(U, nu, eta)
    g = truth.binary_primal_325(U, nu, eta)
    assert s.gap <= GAP_TOL
    assert abs(s.dual - g.value) <= VALUE_RTOL * abs(g.value)
    assert abs(s.primal - s.dual) <= 1e-9
    assert np.abs(s.d - g.d).max() <= D_ATOL
    assert np.abs(s.w - g.w).max() <= DUAL_ATOL
    assert abs(s.extra["beta"] - g.beta) <= DUAL_ATOL
    assert abs(s.w @ s.edges - s.edges.max()) <= GAP_TOL
    assert s.d.max() < 1 / nu  # caps are never active: psi = 0 (digest §3.3)
    k = kkt_recovery(U, s.d, nu, eta, kind="binary")
    # residual ~1e-8: d is renormalised after the beta root (mass error ~1e-12) and ln(1/nu - d) amplifies it
    assert k.residual <= 1e-7 and np.abs(k.w - s.w).max() <= 1e-7
    # the corrected bisection (Alg 4.4) reproduces beta
    beta_b, _ = beta_bisection(U @ s.w, nu, eta)
    assert abs(beta_b - s.extra["beta"]) <= 1e-9


def test_binary_entropy_range():
    """Delta_{2,nu} <= ln(N/nu) + 1 on the capped simplex, attained near vertices (Lemma 3.15)."""
    N, nu = 20, 3.0
    d = np.zeros(N)
    d[:3] = 1 / 3
    val = binary_entropy_capped(d, nu)
    assert 0 <= val <= np.log(N / nu) + 1
    assert val == pytest.approx(np.log(N / nu) + (N / nu - 1) * np.log(N / (N - nu)))
    r = binary_smoothed_soft_margin(np.linspace(-1, 1, N), nu, 1e6)
    assert np.isfinite(r.value) and abs(r.d.sum() - 1) < 1e-9


# ----------------------------------------------------------------------------- SoftBoost (Lemma 3.1)
@pytest.mark.parametrize("offset", [0.05, 0.2])
def test_softboost_step_matches_conic_truth(offset):
    rng = np.random.default_rng(3)
    U = rand_U(rng, 40, 6)
    nu = 3.0
    bound = truth.soft_margin_lp(U, nu).value + offset
    s = softboost_dual_step(U, nu, bound)
    g = truth.softboost_primal_31(U, nu, bound)
    assert abs(s.primal - g.value) <= VALUE_RTOL * max(1.0, abs(g.value))
    assert abs(s.primal - s.dual) <= 1e-10  # primal = dual (Lemma 3.1, corrected)
    assert s.extra["infeasibility"] <= 1e-10
    assert np.abs(s.d - g.d).max() <= D_ATOL
    assert np.abs(s.w - g.w).max() <= 2 * DUAL_ATOL
    assert abs(s.extra["beta"] - g.beta) <= 2 * DUAL_ATOL
    assert abs(s.w.sum() - 1.0) > 0.1  # w is NOT normalised (the lemma's w.1 = 1 is a typo)
    k = kkt_recovery(U, s.d, nu, 1.0, kind="softboost", bound=bound)
    assert k.residual <= 1e-9 and np.abs(k.w - s.w).max() <= 1e-7


def test_softboost_infeasible_detected():
    rng = np.random.default_rng(3)
    U = rand_U(rng, 30, 5)
    lp = truth.soft_margin_lp(U, 2.0)
    from refboost.boosters.entropy import softboost_interior_lp

    assert softboost_interior_lp(U, 2.0, lp.value - 0.01) == -np.inf
    assert truth.softboost_primal_31(U, 2.0, lp.value - 0.01).status.startswith("infeasible")
    assert softboost_interior_lp(U, 2.0, lp.value + 0.05) > 0


# ----------------------------------------------------------------------------- full runs
def _pool(seed, N=40, K=30):
    rng = np.random.default_rng(seed)
    return rb.MatrixOracle(rng.choice([-1.0, 1.0], size=(N, K)), reflexive=True)


def _check_termination(res, oracle, nu, eps, g):
    PT = truth.soft_margin_lp(oracle.columns(res.hypotheses), nu).value
    assert g - PT <= eps + 1e-9
    assert rb.soft_margin(res.margins, nu) >= g - eps - 1e-9
    assert res.gap >= g - rb.soft_margin(res.margins, nu) - 1e-9  # certificate bounds the suboptimality


def _check_progress(res, eta):
    """Lemma 3.7 and Lemma 3.8 along an (essentially exact) run."""
    h = res.history
    P_prev = -1.0
    for rec in h[:-1]:
        inc = rec["P"] - P_prev
        jump = rec["P_t_prev"] - P_prev
        assert inc >= jump**2 / (8 * eta) - PROGRESS_TOL  # Lemma 3.7
        P_prev = rec["P"]
    deltas = [rec["delta_simple"] for rec in h]
    for a, b in zip(deltas[:-1], deltas[1:], strict=False):
        if a >= 0:
            assert a - b >= a**2 / (8 * eta) - PROGRESS_TOL  # Lemma 3.8


@pytest.mark.parametrize("seed, nu_frac", [(0, 0.0), (1, 0.1), (2, 0.25)])
@pytest.mark.parametrize("stopping", ["simple", "practical"])
def test_erlpboost_random(seed, nu_frac, stopping):
    o = _pool(seed)
    N = o.n_examples
    nu = max(1.0, nu_frac * N)
    eps = 0.1
    res = rb.erlpboost(o, nu=nu, eps=eps, stopping=stopping)
    assert res.converged
    g = truth.soft_margin_lp(o.U, nu).value
    _check_termination(res, o, nu, eps, g)
    assert res.n_iter <= bounds.erlpboost_bound(eps, N, nu, stopping=stopping)
    _check_progress(res, res.params["eta"])
    for rec in res.history[:-1]:
        assert rec["inner_gap"] <= 1e-9


@pytest.mark.parametrize("seed, nu", [(0, 1.0), (1, 4.0)])
def test_binary_erlpboost_random(seed, nu):
    o = _pool(seed)
    N = o.n_examples
    eps = 0.1
    for stopping in ("simple", "practical"):
        res = rb.binary_erlpboost(o, nu=nu, eps=eps, stopping=stopping)
        assert res.converged
        g = truth.soft_margin_lp(o.U, nu).value
        _check_termination(res, o, nu, eps, g)
        assert res.n_iter <= bounds.binary_erlpboost_bound(eps, N, nu, stopping=stopping)
        _check_progress(res, res.params["eta"])  # Lemmas 3.19, 3.20 (same form)


@pytest.mark.parametrize("seed, nu", [(0, 1.0), (1, 4.0)])
def test_softboost_random(seed, nu):
    o = _pool(seed)
    N = o.n_examples
    eps = 0.1
    res = rb.softboost(o, nu=nu, eps=eps) if nu != 1 else rb.totalboost(o, eps=eps)
    assert res.converged
    g = truth.soft_margin_lp(o.U, nu).value
    assert g - res.extra["P_LP"] <= eps + 1e-9  # Thm 3.2
    assert rb.soft_margin(res.margins, nu) >= g - eps - 1e-9
    assert res.n_iter <= bounds.softboost_bound(eps, N, nu)
    # Thm 3.2 proof: Delta(d^t) increases by >= eps^2/2 per iteration (Pythagoras + Pinsker)
    for rec in res.history[1:-1]:
        assert rec["Delta_increase"] >= eps**2 / 2 - 1e-9


@pytest.mark.parametrize("m", [5, 10, 25])
def test_worst_case_erlpboost_vs_lpboost(m):
    """Theorem 2.5 family: LPBoost needs N/2 + 1 iterations, ERLPBoost about 2."""
    U = rb.instances.lpboost_worst_case(m)
    lp = rb.lpboost(rb.MatrixOracle(U), eps=0.05)
    er = rb.erlpboost(rb.MatrixOracle(U), eps=0.05)
    assert lp.n_iter == m + 1
    assert er.n_iter <= 3
    g = truth.hard_margin_lp(U).value
    assert g - truth.soft_margin_lp(U[:, er.hypotheses], 1.0).value <= 0.05


@pytest.mark.parametrize("algo", ["erlpboost", "binary_erlpboost", "softboost"])
def test_g_oracle_adversarial(algo):
    """A weak learner that returns the lowest-edge column with edge >= g still meets the bounds."""
    rng = np.random.default_rng(11)
    U = rng.uniform(-1, 1, size=(30, 40))
    nu, eps = 3.0, 0.1
    g = truth.soft_margin_lp(np.hstack([U, -U]), nu).value
    o = rb.GOracle(U, g - 1e-9, reflexive=True)
    res = getattr(rb, algo)(o, nu=nu, eps=eps)
    assert res.converged and o.violations == 0
    PT = truth.soft_margin_lp(o.columns(res.hypotheses), nu).value
    assert g - PT <= eps + 1e-9
    N = 30
    bound = {"erlpboost": bounds.erlpboost_bound(eps, N, nu, stopping="practical"),
             "binary_erlpboost": bounds.binary_erlpboost_bound(eps, N, nu, stopping="practical"),
             "softboost": bounds.softboost_bound(eps, N, nu)}[algo]
    assert res.n_iter <= bound


def test_erlpboost_huge_eta_no_nan():
    o = _pool(3, N=30, K=15)
    res = rb.erlpboost(o, nu=2.0, eps=0.05, eta=1e6)
    assert res.converged and np.all(np.isfinite(res.weights)) and np.all(np.isfinite(res.distribution))
    g = truth.soft_margin_lp(o.U, 2.0).value
    _check_termination(res, o, 2.0, 0.05, g)


# ----------------------------------------------------------------------------- bad input
@pytest.mark.parametrize("algo", ["erlpboost", "binary_erlpboost", "softboost"])
@pytest.mark.parametrize(
    "kw, match",
    [({"nu": 0.5}, "nu"), ({"nu": 11.0}, "nu"), ({"eps": 0.0}, "eps"), ({"eps": -1.0}, "eps"),
     ({"max_iter": 0}, "max_iter")],
)
def test_bad_input(algo, kw, match):
    o = _pool(0, N=10, K=4)
    with pytest.raises(ValueError, match=match):
        getattr(rb, algo)(o, **kw)


def test_bad_input_specific():
    o = _pool(0, N=10, K=4)
    with pytest.raises(ValueError, match="nu"):
        rb.binary_erlpboost(o, nu=10.0)  # nu = N not allowed (D14)
    with pytest.raises(ValueError, match="eta"):
        rb.erlpboost(o, eta=0.0)
    with pytest.raises(ValueError, match="eta"):
        rb.erlpboost(o, eta=-1.0)
    with pytest.raises(ValueError, match="stopping"):
        rb.erlpboost(o, stopping="fast")
    with pytest.raises(ValueError, match="inner_tol"):
        rb.erlpboost(o, eps=0.1, inner_tol=0.1)
    with pytest.raises(TypeError, match="oracle"):
        rb.erlpboost(np.eye(3))
    with pytest.raises(ValueError, match="U"):
        rb.MatrixOracle(np.array([[2.0, 0.0]]))
    with pytest.raises(ValueError, match="U"):
        rb.MatrixOracle(np.array([[np.nan, 0.0]]))
    with pytest.raises(ValueError, match="g"):
        rb.GOracle(np.eye(3), 2.0)

    class BadOracle(rb.MatrixOracle):
        def best(self, d):
            return 0, np.full(self.n_examples, 1.5)

    with pytest.raises(ValueError, match="oracle column"):
        rb.erlpboost(BadOracle(np.eye(4)))
    with pytest.raises(TypeError, match="nu"):
        rb.totalboost(o, nu=2.0)
