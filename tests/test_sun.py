"""Sun, Todorovic & Li (2006): AdaBoost_KL, AdaBoost_Norm2, AdaBoost_Reg against ground truth.

Ground truth (refboost.truth, cvxpy + Clarabel / HiGHS) and the specialised solvers of
refboost.boosters.sun are compared with the tolerances named below. Instances: the toy
data (x ~ N(0, I_2), y = sign(x_1 + 0.5 x_2^2 - 0.3), labels flipped; refboost.instances.noisy_parabola)
with the full pool of refboost.StumpOracle as a matrix.
"""

from __future__ import annotations

import math

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy.special import logsumexp, softmax

import refboost as rb
from refboost import truth
from refboost.boosters.sun import exp_line_search
from refboost.instances import noisy_parabola
from refboost.projections import smoothed_soft_margin

CONIC_TOL = 1e-6  # Clarabel (tol 1e-10) vs the specialised solvers: values
STEP_TOL = 1e-5  # line-search minimiser vs Clarabel: an argmin is only ~sqrt(value tol) accurate
IDENTITY_TOL = 1e-12  # algebraic identities evaluated in floating point
KKT_TOL = 1e-5  # KKT quantities read off Clarabel's solution


def stump_matrix(X, y):
    """Every stump of refboost.StumpOracle as a column of U (its tie-breaking order)."""
    o = rb.StumpOracle(X, y)
    return o.columns(o.all_keys())


@pytest.fixture(scope="module")
def toy():
    rng = np.random.default_rng(0)
    X, y = noisy_parabola(50, rng, noise=0.15)
    return stump_matrix(X, y)


@pytest.fixture(scope="module")
def runs(toy):
    o = rb.MatrixOracle(toy)
    return {
        ("kl", 0.1): rb.adaboost_kl(o, beta=0.1, max_iter=80),
        ("kl", 0.5): rb.adaboost_kl(o, beta=0.5, max_iter=80),
        ("norm2", 0.5): rb.adaboost_norm2(o, beta=0.5, max_iter=80),
        ("norm2", 2.0): rb.adaboost_norm2(o, beta=2.0, max_iter=80),
        ("reg", 0.5): rb.adaboost_reg(o, beta=0.5, max_iter=80),
    }


# ----------------------------------------------------------------------------- line search (33)


@pytest.mark.parametrize("seed", range(4))
def test_line_search_matches_clarabel(seed):
    rng = np.random.default_rng(seed)
    N = 30
    log_d = np.log(rng.dirichlet(np.ones(N)))
    zt = rng.uniform(-1, 1, N) + 0.3 * rng.standard_normal(N)
    zt += 0.2 - np.exp(log_d) @ zt  # positive pseudo-edge
    ls = exp_line_search(log_d, zt)
    gt = truth.sun_line_search(log_d, zt)
    assert ls.status == "ok"
    assert abs(ls.alpha - gt.gamma) < STEP_TOL
    assert abs(ls.log_C - gt.value) < CONIC_TOL
    assert ls.residual < IDENTITY_TOL


def test_line_search_closed_form_is_adaboost():
    rng = np.random.default_rng(1)
    d = rng.dirichlet(np.ones(20))
    z = np.where(rng.random(20) < 0.7, 1.0, -1.0)
    ls = exp_line_search(np.log(d), z)
    eps_w = d[z < 0].sum()
    assert ls.status == "closed_form"
    assert abs(ls.alpha - 0.5 * math.log((1 - eps_w) / eps_w)) < IDENTITY_TOL
    assert abs(ls.alpha - truth.sun_line_search(np.log(d), z).gamma) < STEP_TOL
    assert abs(np.exp(ls.log_C) - 2 * math.sqrt(eps_w * (1 - eps_w))) < IDENTITY_TOL


def test_line_search_failure_modes_are_reported():
    log_d = np.log(np.full(4, 0.25))
    zero = exp_line_search(log_d, np.array([-1.0, -1.0, 1.0, 0.5]))
    assert zero.status == "zero" and zero.alpha == 0.0
    unb = exp_line_search(log_d, np.array([0.0, 0.2, 1.0, 0.5]))
    assert unb.status == "unbounded" and math.isnan(unb.alpha)
    # the only negative entry carries weight e^-1e14: no sign change below LINE_SEARCH_MAX_STEP
    nob = exp_line_search(np.array([0.0, -1e14]), np.array([0.5, -0.5]))
    assert nob.status == "no_bracket" and math.isnan(nob.alpha)


# ------------------------------------------------------------- inner minima of (17), closed form / root


@pytest.mark.parametrize("beta", [0.05, 0.3, 2.0])
def test_kl_regularized_margin_vs_clarabel_and_erlpboost(toy, beta):
    rng = np.random.default_rng(2)
    m = toy @ rng.dirichlet(np.ones(toy.shape[1]) * 0.1)
    ours = rb.kl_regularized_margin(m, beta)
    gt = truth.sun_inner_min(m, beta, "kl")
    assert abs(ours.value - gt.value) < CONIC_TOL
    assert np.abs(ours.d - gt.d).max() < KKT_TOL
    # identity with uncapped ERLPBoost (nu = 1, eta = 1/beta): (20-D) is ERLPBoost's problem without caps
    erlp = smoothed_soft_margin(m, 1.0, 1.0 / beta)
    assert abs(ours.value - erlp.value) < 1e-10
    assert np.abs(ours.d - erlp.d).max() < 1e-12


@pytest.mark.parametrize("beta", [0.0, 0.05, 0.3, 1.0, 3.0, 50.0])
def test_norm2_regularized_margin_vs_clarabel(toy, beta):
    rng = np.random.default_rng(3)
    m = toy @ rng.dirichlet(np.ones(toy.shape[1]) * 0.1)
    ours = rb.norm2_regularized_margin(m, beta)
    gt = truth.sun_inner_min(m, beta, "norm2")
    assert abs(ours.value - gt.value) < CONIC_TOL
    assert abs(ours.d.sum() - 1) < IDENTITY_TOL and ours.d.min() >= 0
    if beta >= np.linalg.norm(m - m.mean()):  # collapse: d* = d_0, value = mean margin
        assert np.allclose(ours.d, 1 / m.size) and abs(ours.value - m.mean()) < IDENTITY_TOL


@settings(max_examples=40)
@given(
    m=st.lists(st.floats(-1, 1, allow_nan=False), min_size=2, max_size=12),
    beta=st.floats(0.0, 5.0, allow_nan=False),
)
def test_inner_minima_are_sandwiched(m, beta):
    """min(m) <= inner min <= mean(m) (d_0 and the vertices are feasible; the penalty is >= 0)."""
    m = np.asarray(m)
    for f in (rb.kl_regularized_margin, rb.norm2_regularized_margin):
        v = f(m, beta).value
        assert m.min() - 1e-12 <= v <= m.mean() + 1e-12


# ------------------------------------------------------------------- exact problems (20), (35)


@pytest.mark.parametrize("beta", [0.1, 1.0])
def test_kl_exact_problem_duality_and_kkt(toy, beta):
    p, q = truth.sun_kl_primal(toy, beta), truth.sun_kl_dual(toy, beta)
    assert abs(p.value - q.value) < CONIC_TOL  # strong duality (20) = (20-D)
    m = toy @ q.alpha
    assert abs(rb.kl_regularized_margin(m, beta).value - q.value) < CONIC_TOL
    assert np.abs(p.d - softmax(-m / beta)).max() < KKT_TOL  # Gibbs form of d*
    soft = m + beta * np.log(toy.shape[0] * softmax(-m / beta))  # at the optimum all soft margins (31) equal Opt(20)
    assert np.ptp(soft) < IDENTITY_TOL * 10 and abs(soft[0] - q.value) < CONIC_TOL
    # Shen & Li l1 dual with T = beta: Opt(20) = beta ln N - beta Opt_SL
    sl = truth.shen_li_l1_dual(toy, beta)
    assert abs(beta * math.log(toy.shape[0]) - beta * sl.value - p.value) < CONIC_TOL


@pytest.mark.parametrize("beta", [0.1, 1.0])
def test_norm2_exact_problem_duality_and_kkt(toy, beta):
    p, q = truth.sun_norm2_primal(toy, beta), truth.sun_norm2_dual(toy, beta)
    assert abs(p.value - q.value) < CONIC_TOL  # strong duality (35) = (35-D)
    assert abs(rb.norm2_regularized_margin(toy @ q.alpha, beta).value - q.value) < CONIC_TOL
    d0 = np.full(toy.shape[0], 1 / toy.shape[0])
    u_star = (p.d - d0) / np.linalg.norm(p.d - d0)
    soft = toy @ q.alpha + beta * u_star
    supp = p.d > 1e-6
    assert np.ptp(soft[supp]) < KKT_TOL and soft[~supp].min() >= soft[supp].max() - KKT_TOL


def test_norm2_collapse_threshold(toy):
    """The Norm2 collapse of (35): with a unique best-mean column of mean m, d* = d_0 iff beta >= sqrt(N (1 - m^2))."""
    N = toy.shape[0]
    means = toy.mean(axis=0)
    assert np.sum(means >= means.max() - 1e-12) == 1
    bbar = math.sqrt(N * (1 - means.max() ** 2))
    d0 = np.full(N, 1 / N)
    assert np.linalg.norm(truth.sun_norm2_primal(toy, 0.99 * bbar).d - d0) > 1e-4
    assert np.linalg.norm(truth.sun_norm2_primal(toy, 1.01 * bbar).d - d0) < 1e-6


@pytest.mark.parametrize("key", [("kl", 0.1), ("kl", 0.5), ("norm2", 0.5), ("norm2", 2.0)])
def test_certificate_brackets_the_exact_optimum(toy, runs, key):
    kind, beta = key
    r = runs[key]
    opt = (truth.sun_kl_primal if kind == "kl" else truth.sun_norm2_primal)(toy, beta).value
    assert r.extra["lower_bound"] <= opt + CONIC_TOL
    assert r.extra["upper_bound"] >= opt - CONIC_TOL
    assert r.gap >= 0
    # the stage-wise iterates do not solve the exact problem
    assert r.extra["upper_bound"] - opt > 1e-3


@pytest.mark.parametrize("key", [("kl", 0.1), ("norm2", 0.5)])
def test_cutting_plane_lp_is_a_monotone_lower_bound(toy, runs, key):
    """LP (29)/(36) on the stage-wise queries is <= Opt, nondecreasing in T; alpha in the simplex."""
    kind, beta = key
    r = runs[key]
    opt = (truth.sun_kl_primal if kind == "kl" else truth.sun_norm2_primal)(toy, beta).value
    Zt = r.extra["augmented_columns"]
    vals = []
    for T in (1, 5, 20, 80):
        lp = truth.sun_cutting_plane_lp(Zt[:, :T])
        vals.append(lp.value)
        assert abs(lp.alpha.sum() - 1) < 1e-9 and lp.alpha.min() >= -1e-12
        assert (Zt[:, :T] @ lp.alpha).min() >= lp.value - 1e-9  # (30) feasible with rho = value
    assert all(a <= b + 1e-12 for a, b in zip(vals, vals[1:], strict=False))
    assert vals[-1] <= opt + CONIC_TOL


# ------------------------------------------------- stage-wise identities (tangency, exact line search, ...)


@pytest.mark.parametrize("key", [("kl", 0.1), ("kl", 0.5), ("norm2", 0.5), ("norm2", 2.0), ("reg", 0.5)])
def test_stagewise_identities(toy, runs, key):
    kind, beta = key
    r = runs[key]
    N = toy.shape[0]
    Zt, a = r.extra["augmented_columns"], r.extra["alpha_tilde"]
    S = Zt @ a
    # cumulative softmax form of d^(T+1) and the cost recursion G^(T) = N prod C_t = sum exp(-S)
    assert np.abs(r.distribution - softmax(-S)).max() < IDENTITY_TOL
    assert abs(r.extra["log_G"] - logsumexp(-S)) < 1e-10
    # the chosen column has zero pseudo-edge after its own step; the line search is exact
    assert np.nanmax(r.history_array("step_residual")) < IDENTITY_TOL
    # hard margins: U w = y F(x), the classifier without mistrust terms
    U_T = toy[:, r.extra["round_hypotheses"]]
    assert np.abs(r.margins - U_T @ a / a.sum()).max() < IDENTITY_TOL
    assert np.abs(r.extra["normalized_margins"] - r.margins).max() < IDENTITY_TOL
    assert abs(r.weights.sum() - 1) < IDENTITY_TOL and abs(r.extra["lambda"].sum() - a.sum()) < IDENTITY_TOL
    assert np.abs(toy[:, r.hypotheses] @ r.extra["lambda"] - U_T @ a).max() < IDENTITY_TOL  # y F(x) = U lambda
    # tangency of the supporting hyperplane (25)/(37): z~_t . d^(t) = gamma_t + beta P(d^(t)) (= the pseudo-edge)
    if kind != "reg":
        d = np.full(N, 1 / N)
        rng = np.random.default_rng(5)
        for t, rec in enumerate(r.history[: Zt.shape[1]]):
            assert abs(Zt[:, t] @ d - (rec["edge"] + beta * rec["penalty"])) < IDENTITY_TOL
            # underestimation on random d: z~_t . d' <= s_t(d') = z_t.d' + beta P(d')
            dd = rng.dirichlet(np.ones(N), size=20)
            zt = toy[:, rec["hypothesis"]]
            if kind == "kl":
                P = np.sum(dd * np.log(N * dd), axis=1)
            else:
                P = np.linalg.norm(dd - 1 / N, axis=1)
            assert np.all(dd @ Zt[:, t] <= dd @ zt + beta * P + IDENTITY_TOL)
            d = d * np.exp(-a[t] * Zt[:, t])
            d /= d.sum()


def test_kl_tempered_update(runs):
    """The tempered form of (34): ln d^(t+1) = (1 - beta alpha~_t) ln d^(t) - alpha~_t z_t + const."""
    r, beta = runs[("kl", 0.5)], 0.5
    Zt, a = r.extra["augmented_columns"], r.extra["alpha_tilde"]
    N = Zt.shape[0]
    l = np.full(N, -math.log(N))
    for t in range(Zt.shape[1]):
        z = Zt[:, t] - beta * (l + math.log(N))
        new = (1 - beta * a[t]) * l - a[t] * z
        new -= logsumexp(new)
        l = l - a[t] * Zt[:, t]
        l -= logsumexp(l)
        assert np.abs(new - l).max() < 1e-11


@pytest.mark.parametrize("T", [1, 40, 200])
def test_beta_zero_is_adaboost(toy, T):
    """Sun, Todorovic & Li (2006), §3.2: beta = 0 is refboost.adaboost, bit for bit (same weight convention:
    one normalised weight per distinct hypothesis, first-use order; lambda unnormalised)."""
    o = rb.MatrixOracle(toy)
    ab = rb.adaboost(o, max_iter=T, store_d=False)
    steps = [rec["alpha"] for rec in ab.history]
    for f in (rb.adaboost_kl, rb.adaboost_norm2, rb.adaboost_reg):
        r = f(o, beta=0.0, max_iter=T)
        assert r.hypotheses == ab.hypotheses and np.array_equal(r.weights, ab.weights)
        assert np.array_equal(r.extra["lambda"], ab.extra["lambda"]) and np.array_equal(r.margins, ab.margins)
        assert r.extra["alpha_tilde"].tolist() == steps
        assert r.extra["round_hypotheses"] == [rec["hypothesis"] for rec in ab.history]
    # AdaBoost's closed form (2) round by round
    for rec in r.history:
        e = rec["error"]
        assert abs(rec["alpha"] - 0.5 * math.log((1 - e) / e)) < 1e-12


def test_beta_zero_is_adaboost_stump_oracle():
    """The same with the StumpOracle itself (tuple keys) on a real data set, T = 100."""
    X, y = noisy_parabola(120, np.random.default_rng(7), noise=0.1)
    o = rb.StumpOracle(X, y)
    ab = rb.adaboost(o, max_iter=100, store_d=False)
    r = rb.adaboost_kl(o, beta=0.0, max_iter=100)
    assert r.hypotheses == ab.hypotheses and np.array_equal(r.weights, ab.weights)
    assert np.array_equal(o.predict(r.hypotheses, r.weights, X), o.predict(ab.hypotheses, ab.weights, X))


def _cstar(e):
    return math.log(math.log(1 / (2 * e)) / math.log(2 * (1 - e))) / math.log((1 - e) / e)


def test_lemma1_sharpened_limits(toy):
    """Lemma 1 (appendix), sharpened.

    KL: beta alpha~_2 -> c*_KL(eps_1); Norm2: beta alpha~_2 -> 2 alpha~_1 sqrt(N eps_1 (1 - eps_1)).
    """
    o = rb.MatrixOracle(toy)
    N = toy.shape[0]
    beta = 1e5
    rk = rb.adaboost_kl(o, beta=beta, max_iter=2)
    e1 = rk.history[0]["error"]
    a2 = rk.extra["alpha_tilde"][1]
    assert 1 / beta**2 < a2 < 1 / beta  # the paper's bracket
    assert abs(beta * a2 - _cstar(e1)) < 1e-3
    rn = rb.adaboost_norm2(o, beta=beta, max_iter=2)
    a1 = rn.extra["alpha_tilde"][0]
    assert abs(beta * rn.extra["alpha_tilde"][1] - 2 * a1 * math.sqrt(N * e1 * (1 - e1))) < 1e-3


# ------------------------------------------------------------------------------- failure modes


def test_failure_modes_kl_large_beta():
    """The failure modes of the line search reproduced: rng 2, N = 60, 5% noise, beta = 2: infinite step at t = 16."""
    X, y = noisy_parabola(60, np.random.default_rng(2), noise=0.05)
    o = rb.MatrixOracle(stump_matrix(X, y))
    r = rb.adaboost_kl(o, beta=2.0, max_iter=60)
    assert r.extra["status"] == "unbounded_step" and len(r.history) == 16 and r.n_iter == 15
    assert r.extra["flags"]["beta_alpha_gt_1"] > 0
    assert np.all(np.isfinite(r.weights)) and np.all(np.isfinite(r.distribution))
    rc = rb.adaboost_kl(o, beta=2.0, max_iter=20, on_unbounded="cap", alpha_max=3.0)
    assert rc.extra["flags"]["capped_step"] >= 1 and rc.n_iter == 20
    assert rc.extra["alpha_tilde"][15] == 3.0


def test_first_hypothesis_perfect():
    U = np.array([[1.0, -1.0], [1.0, 1.0], [1.0, -1.0]])
    r = rb.adaboost_kl(rb.MatrixOracle(U), beta=0.1, max_iter=5)
    assert r.extra["status"] == "unbounded_step" and r.hypotheses == [0] and r.weights.tolist() == [1.0]


# ----------------------------------------------------------------------------------- bad input


@pytest.mark.parametrize("f", [rb.adaboost_kl, rb.adaboost_norm2, rb.adaboost_reg])
def test_no_positive_edge_is_valid_input(f):
    """A pool without a positive edge is valid input: no error; it returns the first hypothesis with
    weight 1 and says so (tests/test_certify_sun.py checks the degenerate cases). Bad input (oracle,
    beta, eps, max_iter, on_unbounded, alpha_max) is checked by the booster contract
    (tests/booster_contract.py)."""
    r = f(rb.MatrixOracle(np.zeros((5, 3))))
    assert r.weights.tolist() == [1.0] and "no finite step" in r.message


def test_bad_input_helpers():
    with pytest.raises(ValueError, match="beta"):
        rb.kl_regularized_margin([0.1, 0.2], -1.0)
    with pytest.raises(ValueError, match="beta"):
        rb.norm2_regularized_margin([0.1, 0.2], float("nan"))
    with pytest.raises(ValueError, match="margins"):
        rb.kl_regularized_margin([0.1, float("nan")], 1.0)
    with pytest.raises(ValueError, match="margins"):
        rb.norm2_regularized_margin([], 1.0)
    with pytest.raises(ValueError, match="log_d"):
        exp_line_search([0.0, -np.inf], [1.0, -1.0])
    with pytest.raises(ValueError, match="same length"):
        exp_line_search([0.0, 0.0], [1.0])
    with pytest.raises(ValueError, match="d must have"):
        exp_line_search(np.log([0.5, 0.25, 0.25]), [1.0, -1.0, 1.0], d=[0.5, 0.5])
    with pytest.raises(ValueError, match="beta"):
        truth.sun_kl_primal(np.ones((2, 2)), 0.0)
    with pytest.raises(ValueError, match="penalty"):
        truth.sun_inner_min([0.1, 0.2], 1.0, "l3")


def test_noisy_parabola_instance():
    X, y = noisy_parabola(200, np.random.default_rng(0), noise=0.0)
    assert X.shape == (200, 2) and np.array_equal(y, np.where(X[:, 0] + 0.5 * X[:, 1] ** 2 - 0.3 >= 0, 1.0, -1.0))
    Xn, yn = noisy_parabola(200, np.random.default_rng(0), noise=0.2)
    assert np.array_equal(Xn, X) and 0 < np.mean(yn != y) < 0.35
    with pytest.raises(ValueError, match="noise"):
        noisy_parabola(10, np.random.default_rng(0), noise=0.6)
    with pytest.raises(ValueError, match="n"):
        noisy_parabola(1, np.random.default_rng(0))
    with pytest.raises(TypeError, match="rng"):
        noisy_parabola(10, 0)
