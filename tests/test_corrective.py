"""Chapter 4 (Glocer 2009): corrective ERLPBoost and corrective Binary ERLPBoost.

Ground truth: Clarabel solves of (4.6) and (4.12) (agreement to ~1e-6 in d, the conic solver's
accuracy) against a 1-d maximisation of the duals (4.7) / (4.13) over the free w_t (Lemmas 4.1,
4.2); Project Simplex (Alg 4.2) against the log-domain projection; the corrected bisection
(Alg 4.4) against Brent; the closed-form dual value against the direct formula.
"""

import numpy as np
import pytest
from scipy.optimize import minimize_scalar
from scipy.special import expit

import refboost as rb
from refboost import truth
from refboost.boosters.corrective import beta_bisection, corrective_step, project_simplex
from refboost.boosters.entropy import binary_smoothed_soft_margin
from refboost.projections import project_capped_simplex_log, smoothed_soft_margin

VALUE_RTOL = 1e-8
D_ATOL = 2e-6
DUAL_ATOL = 1e-5

pytestmark = pytest.mark.filterwarnings("ignore:Solution may be inaccurate")


@pytest.mark.parametrize("nu", [1.0, 2.5, 7.0, 20.0])
def test_project_simplex_matches_log_domain(nu):
    rng = np.random.default_rng(0)
    a = np.exp(rng.normal(size=20) * 2)
    d, C = project_simplex(a, nu)
    p = project_capped_simplex_log(np.log(a), nu)
    assert np.abs(d - p.d).max() <= 1e-12
    assert np.array_equal(C, p.capped)
    assert abs(d.sum() - 1) <= 1e-12 and d.max() <= 1 / nu + 1e-15


def test_project_simplex_dominant_coordinate_nu1():
    """nu = 1 with a dominant coordinate: the capped set is decided by the loop count
    (Glocer 2009, Alg. 4.2, with the cap 1/nu)."""
    d, C = project_simplex(np.array([1.0, 1e-300, 1e-300]), 1.0)
    assert np.all(np.isfinite(d)) and abs(d.sum() - 1) < 1e-12


@pytest.mark.parametrize("nu, eta", [(1.0, 10.0), (4.0, 100.0), (10.0, 1e5)])
def test_beta_bisection_matches_brent(nu, eta):
    rng = np.random.default_rng(1)
    m = rng.uniform(-1, 1, size=30)
    b, steps = beta_bisection(m, nu, eta)
    r = binary_smoothed_soft_margin(m, nu, eta)
    p = nu / 30
    mass = np.sum(expit(np.log(p / (1 - p)) - eta * (m + b))) / nu
    assert abs(mass - 1) <= 1e-12 and steps <= 200
    if eta <= 1e3:  # at eta = 1e5 s(beta) = 1 holds on a whole interval in floating point: beta is not resolved
        assert abs(b - r.beta) <= 1e-9


@pytest.mark.parametrize("nu, eta", [(1.0, 10.0), (3.0, 50.0), (8.0, 20.0)])
def test_closed_form_dual_value(nu, eta):
    """Theta(w, psi) closed form equals (3.10) evaluated at the closed-form psi."""
    rng = np.random.default_rng(2)
    N = 25
    m = rng.uniform(-1, 1, size=N)
    r = smoothed_soft_margin(m, nu, eta)
    psi = np.zeros(N)
    C = r.capped
    psi[C] = -m[C] - (r.log_Z + np.log(N) - np.log(nu)) / eta
    assert psi.min() >= -1e-12
    direct = -np.log(np.mean(np.exp(-eta * (m + psi)))) / eta - psi.sum() / nu
    assert abs(direct - r.value) <= 1e-12
    a = np.exp(-eta * (m + psi))
    assert np.abs(a / a.sum() - r.d).max() <= 1e-12


def _feasible_instance(rng, N=30):
    """u, ubar with (u - ubar) taking both signs (so (4.6) is strictly feasible)."""
    U = rng.choice([-1.0, 1.0], size=(N, 5))
    w = rng.dirichlet(np.ones(5))
    ubar = U @ w
    u = rng.choice([-1.0, 1.0], size=N)
    return u, ubar


@pytest.mark.parametrize("nu, eta", [(1.0, 5.0), (3.0, 10.0), (6.0, 30.0)])
def test_lemma_4_1(nu, eta):
    """(4.6) = max over the FREE w_t of F(w_t u + (1 - w_t) ubar) (Lemma 4.1, psi eliminated)."""
    rng = np.random.default_rng(3)
    u, ubar = _feasible_instance(rng)
    g = truth.corrective_primal_46(u, ubar, nu, eta)
    res = minimize_scalar(lambda a: -smoothed_soft_margin(a * u + (1 - a) * ubar, nu, eta).value,
                          bracket=(0.0, 1.0), tol=1e-12)
    wt = res.x
    r = smoothed_soft_margin(wt * u + (1 - wt) * ubar, nu, eta)
    assert abs(r.value - g.value) <= VALUE_RTOL * max(1.0, abs(g.value))
    assert np.abs(r.d - g.d).max() <= D_ATOL
    # the equality multiplier: w_t = 1 + alpha in cvxpy's sign convention (the thesis's 1 - alpha)
    assert abs(wt - (1.0 + g.alpha)) <= DUAL_ATOL
    assert abs((u - ubar) @ r.d) <= 1e-6  # the constraint of (4.6) holds at the dual solution


@pytest.mark.parametrize("nu, eta", [(1.0, 5.0), (3.0, 10.0)])
def test_lemma_4_2(nu, eta):
    rng = np.random.default_rng(4)
    u, ubar = _feasible_instance(rng)
    g = truth.corrective_binary_primal_412(u, ubar, nu, eta)
    res = minimize_scalar(lambda a: -binary_smoothed_soft_margin(a * u + (1 - a) * ubar, nu, eta).value,
                          bracket=(0.0, 1.0), tol=1e-12)
    r = binary_smoothed_soft_margin(res.x * u + (1 - res.x) * ubar, nu, eta)
    assert abs(r.value - g.value) <= VALUE_RTOL * max(1.0, abs(g.value))
    assert np.abs(r.d - g.d).max() <= D_ATOL
    assert abs(res.x - (1.0 + g.alpha)) <= DUAL_ATOL


def test_corrective_46_can_be_infeasible():
    """(4.6) is infeasible when u > ubar componentwise (the thesis's Slater claim fails)."""
    u = np.full(10, 0.5)
    ubar = np.full(10, 0.1)
    g = truth.corrective_primal_46(u, ubar, 2.0, 10.0)
    assert g.status.startswith("infeasible")


@pytest.mark.parametrize("eta", [1.0, 10.0, 100.0])
def test_step_lower_bounds(eta):
    """f(alpha) = -1/eta ln sum d e^{-eta alpha x} >= alpha x.d - eta/2 alpha^2 ||x||^2 (S&S) and >= (4.3)."""
    rng = np.random.default_rng(5)
    x = rng.uniform(-2, 2, size=40)
    d = rng.dirichlet(np.ones(40))
    for a in np.linspace(0, 1, 21):
        f = -np.log(np.sum(d * np.exp(-eta * a * x))) / eta
        ss = a * (x @ d) - eta / 2 * a * a * np.abs(x).max() ** 2
        l43 = a * (x @ d) - 2 * eta * a * a
        assert f >= ss - 1e-12 and f >= l43 - 1e-12
    assert corrective_step(x, d, eta) == pytest.approx(np.clip((x @ d) / (eta * np.abs(x).max() ** 2), 0, 1))


def _pool(seed, N=40, K=30):
    rng = np.random.default_rng(seed)
    return rb.MatrixOracle(rng.choice([-1.0, 1.0], size=(N, K)), reflexive=True)


@pytest.mark.parametrize("binary", [False, True])
@pytest.mark.parametrize("seed, nu", [(0, 1.0), (1, 4.0)])
def test_corrective_runs(binary, seed, nu):
    o = _pool(seed)
    eps = 0.1
    algo = rb.corrective_binary_erlpboost if binary else rb.corrective_erlpboost
    res = algo(o, nu=nu, eps=eps)
    assert res.converged
    g = truth.soft_margin_lp(o.U, nu).value
    assert rb.soft_margin(res.margins, nu) >= g - eps - 1e-9
    PT = truth.soft_margin_lp(o.columns(res.hypotheses), nu).value
    assert g - PT <= eps + 1e-9
    # corrective needs more iterations than the totally corrective version
    tc = (rb.binary_erlpboost if binary else rb.erlpboost)(o, nu=nu, eps=eps)
    assert res.n_iter >= tc.n_iter
    if binary:
        rb2 = rb.corrective_binary_erlpboost(o, nu=nu if nu > 1 else 2.0, eps=eps, beta_solver="bisection")
        assert rb2.converged


def test_bad_input_projection():
    # the boosters' bad input (nu, eps, eta, max_iter, step_rule, beta_solver, nu = N for the binary
    # one) is checked by the booster contract (tests/booster_contract.py)
    with pytest.raises(ValueError, match="a"):
        project_simplex(np.array([1.0, -1.0]), 1.0)
    with pytest.raises(ValueError, match="nu"):
        project_simplex(np.array([1.0, 1.0]), 3.0)
