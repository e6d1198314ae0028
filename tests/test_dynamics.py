"""The reduced iterated map, its cycles and the smooth margin (Rudin, Daubechies & Schapire 2003)."""

from __future__ import annotations

import math
from fractions import Fraction as Fr

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import refboost as rb
from refboost import claims
from refboost import dynamics as D
from refboost import instances as I

CYCLE_TOL = 1e-14
LP_TOL = 1e-9


# ------------------------------------------------------------------ the 3 x 3 matrix (Rudin et al. 2003, §3)


@claims.asserts("RDS §3 3x3 cycles", status="holds", on="exact arithmetic")
def test_fibonacci_orbit_exact():
    """From uniform with lowest-index ties: r_1 = 1/3, r_t = F_t/F_{t+1}; d_4..d_7 as in notebook 08."""
    tr = D.iterate_reduced_map(I.rudin_3x3(), [Fr(1, 3)] * 3, 12, exact=True)
    fib = [1, 1]
    while len(fib) < 14:
        fib.append(fib[-1] + fib[-2])
    assert tr.r[0] == Fr(1, 3)
    assert all(tr.r[t] == Fr(fib[t], fib[t + 1]) for t in range(1, 12))
    assert list(tr.j) == [0, 1, 2] * 4
    assert list(tr.d[1]) == [Fr(1, 2), Fr(1, 4), Fr(1, 4)]  # exactly on a basin boundary (tie at t = 2)
    assert list(tr.d[3]) == [Fr(1, 5), Fr(3, 10), Fr(1, 2)]
    assert list(tr.d[4]) == [Fr(1, 2), Fr(3, 16), Fr(5, 16)]
    assert list(tr.d[5]) == [Fr(4, 13), Fr(1, 2), Fr(5, 26)]
    assert list(tr.d[6]) == [Fr(4, 21), Fr(13, 42), Fr(1, 2)]
    # breaking the t = 2 tie the other way (column 3) leads to cyc' instead
    other = D.iterate_reduced_map(
        I.rudin_3x3(),
        [Fr(1, 2), Fr(1, 4), Fr(1, 4)],
        9,
        exact=True,
        chooser=lambda d, e, t: 2 if t == 0 else max(range(3), key=lambda k: (e[k], -k)),
    )
    assert list(other.j) == [2, 1, 0] * 3


@claims.asserts("RDS §3 3x3 cycles", status="holds", on="exact cycle points")
def test_golden_cycles_exact_points():
    M = I.rudin_3x3()
    cyc, cycp = D.golden_cycles_3x3()
    for c, order in ((cyc, [0, 1, 2]), (cycp, [0, 2, 1])):
        tr = D.iterate_reduced_map(M, c[0], 6)
        assert np.max(np.abs(tr.d[:3] - c)) < CYCLE_TOL
        assert np.max(np.abs(tr.d[3:6] - c)) < CYCLE_TOL
        assert list(tr.j) == order * 2
        assert np.max(np.abs(tr.r - 1 / D.PHI)) < CYCLE_TOL
        assert abs(math.atanh(tr.r[0]) - 0.7218177376) < 1e-10  # alpha = (3/2) ln phi
        assert abs(D.cycle_margin(M, tr.j[:3], tr.r[:3]) - 1 / 3) < CYCLE_TOL
    assert abs(D.upsilon(1 / D.PHI) - 1 / 3) < CYCLE_TOL
    assert abs(D.upsilon(0.5) - 0.2618595071) < 1e-10


@claims.asserts("RDS Fig 2", status="holds", on="the unfolded triangle map")
def test_unfolded_map_matches_reduced_map_and_has_the_paper_structure():
    M = I.rudin_3x3()
    s = np.linspace(0.002, 2.998, 1499)
    s = s[np.abs(s - np.round(s * 2) / 2) > 1e-9]  # within 1e-9 of a tie the tie rule (tol 1e-10) decides
    s = np.r_[s, 0.5, 1.5, 2.5]  # the three exact ties: lowest index
    f = D.unfolded_map_3x3(s)
    via_map = np.array([D.unfold_3x3(D.reduced_map_step(M, d)[0])[0] for d in D.fold_3x3(s)])
    assert np.max(np.abs(f - via_map)) < 1e-12
    # contraction: |f'| in [1/4, 4/9] on the open half-edges
    x = np.linspace(0.001, 2.999, 6000)
    x = x[np.abs(x - np.round(x * 2) / 2) > 1e-3]
    h = 1e-7
    slope = (D.unfolded_map_3x3(x + h) - D.unfolded_map_3x3(x - h)) / (2 * h)
    assert np.all(np.abs(slope) >= 0.25 - 1e-5) and np.all(np.abs(slope) <= 4 / 9 + 1e-5)
    # no fixed points, no 2-cycles (the paper says "no stable" ones; there are none at all)
    grid = np.linspace(0.0005, 2.9995, 30000)
    f1 = D.unfolded_map_3x3(grid)
    f2 = D.unfolded_map_3x3(f1)
    circ = lambda a, b: np.minimum(np.abs(a - b), 3 - np.abs(a - b))
    assert circ(f1, grid).min() > 0.1 and circ(f2, grid).min() > 0.1
    # f^3 (the paper's Fig. 2b "iterated twice" is the THIRD iterate): exactly 6 fixed points
    f3 = D.unfolded_map_3x3(f2)
    g = f3 - grid
    g = (g + 1.5) % 3 - 1.5
    crossings = np.flatnonzero((g[:-1] > 0) & (g[1:] <= 0))
    assert len(crossings) == 6
    fps = grid[crossings]
    expected = np.sort(np.r_[np.array([0, 1, 2]) + 1 / D.PHI**2, np.array([0, 1, 2]) + 1 / D.PHI])
    assert np.max(np.abs(np.sort(fps) - expected)) < 2e-4
    for p in expected:
        f3p = lambda y: D.unfolded_map_3x3(D.unfolded_map_3x3(D.unfolded_map_3x3(y)))
        sl = (f3p(p + 1e-6) - f3p(p - 1e-6)) / 2e-6
        assert abs(sl + D.PHI**-6) < 1e-6  # slope -1/phi^6 = -0.0557


def test_basins_and_convergence_from_random_starts():
    """Basin rule: on d_k = 1/2, the orbit goes to cyc iff d_{k+1} < d_{k+2}."""
    M = I.rudin_3x3()
    cyc, cycp = D.golden_cycles_3x3()
    rng = np.random.default_rng(0)
    counts = {"cyc": 0, "cycp": 0}
    for d0 in rng.dirichlet(np.ones(3), size=200):
        tr = D.iterate_reduced_map(M, d0, 40)
        d2 = tr.d[1]
        k = int(np.argmin(np.abs(d2 - 0.5)))
        assert abs(d2[k] - 0.5) < 1e-12  # every orbit lands on the inner triangle after one step
        predicted = "cyc" if d2[(k + 1) % 3] < d2[(k + 2) % 3] else "cycp"
        last = tr.d[-3:]
        dist = {n: min(np.max(np.abs(last[0] - c[i])) for i in range(3)) for n, c in (("cyc", cyc), ("cycp", cycp))}
        reached = min(dist, key=dist.get)
        assert dist[reached] < 1e-12 and reached == predicted
        counts[reached] += 1
    assert counts["cyc"] > 60 and counts["cycp"] > 60


def test_unrenormalised_map_drifts_by_phi():
    """An error delta in sum(d) grows to delta / (1 - r^2) = phi delta per step on the cycle."""
    M = I.rudin_3x3()
    cyc, _ = D.golden_cycles_3x3()
    tr = D.iterate_reduced_map(M, cyc[0] * (1 + 1e-12), 30, chooser=[0, 1, 2], renormalize=False)
    errs = tr.d.sum(axis=1) - 1
    ratio = errs[1:] / errs[:-1]
    assert np.all(np.abs(ratio[-10:] - D.PHI) < 1e-3)
    tr = D.iterate_reduced_map(M, cyc[0], 300)
    assert np.max(np.abs(tr.d.sum(axis=1) - 1)) < 1e-14


# ------------------------------------------------------------------ the m x m matrices (Rudin et al. 2003, §3)


@claims.asserts("RDS §3 mxm cycles", status="holds", on="m grid")
@pytest.mark.parametrize("m", [3, 4, 5, 6, 8])
def test_one_mistake_cycles(m):
    M = I.one_mistake(m)
    q, r, pts = D.one_mistake_cycle(m)
    assert abs(q**m - 2 * q + 1) < 1e-14 and abs(r - (1 - q ** (m - 1))) < 1e-12
    tr = D.iterate_reduced_map(M, pts[0], m)
    assert np.max(np.abs(tr.d[:m] - pts)) < 1e-13 and np.max(np.abs(tr.d[m] - pts[0])) < 1e-13
    assert list(tr.j) == list(range(m))
    rho = rb.truth.hard_margin_lp(M).value
    assert abs(rho - (1 - 2 / m)) < LP_TOL
    assert abs(D.cycle_margin(M, tr.j, tr.r) - rho) < 1e-12
    assert abs(D.upsilon(r) - rho) < 1e-12
    expected_r = {3: 0.6180339887, 4: 0.8392867552, 5: 0.927562, 6: 0.965948}
    if m in expected_r:
        assert abs(r - expected_r[m]) < 1e-6
    if m == 4:
        assert abs(q - 0.5436890127) < 1e-10


@pytest.mark.parametrize("m", [4, 5])
def test_one_mistake_random_starts_reach_period_m_cycles(m):
    M = I.one_mistake(m)
    q, _, _ = D.one_mistake_cycle(m)
    rng = np.random.default_rng(m)
    orders = set()
    for d0 in rng.dirichlet(np.ones(m), size=40):
        tr = D.iterate_reduced_map(M, d0, 400)
        p, pts = D.detect_cycle(tr.d, tol=1e-9, max_period=20)
        assert p == m
        assert np.allclose(np.sort(pts[0]), np.sort(0.5 * q ** np.arange(m)), atol=1e-9)
        js = tuple(tr.j[-m:])
        k = js.index(0)
        orders.add(js[k:] + js[:k])
    assert len(orders) >= 2  # several of the (m - 1)! cyclic orders are reached


# ------------------------------------------------------------------ the 4 x 5 counterexample (Rudin et al. 2003, §3)


@claims.asserts("RDS §3 non-optimal", status="holds", on="the 4x5 matrix")
def test_nonoptimal_cycle_4x5():
    M = I.rudin_nonoptimal_4x5()
    lp = rb.truth.hard_margin_lp(M)
    assert abs(lp.value - 0.5) < LP_TOL
    assert np.allclose(lp.w, [0.25, 0.25, 0.25, 0.25, 0.0], atol=1e-9)
    d1 = D.nonoptimal_cycle_start_4x5()
    s5 = math.sqrt(5)
    edges1 = M.T @ d1
    assert np.allclose(edges1, [(1 + s5) / 4, (1 + s5) / 4, 0, (3 - s5) / 2, (s5 - 1) / 2], atol=1e-15)
    tr = D.iterate_reduced_map(M, d1, 3, chooser=[4, 3, 2])
    assert np.allclose(tr.d[1], [0.25, 0.25, (s5 - 1) / 4, (3 - s5) / 4], atol=1e-15)
    assert np.allclose(tr.d[2], [(s5 - 1) / 8, (s5 - 1) / 8, (3 - s5) / 4, 0.5], atol=1e-15)
    assert np.max(np.abs(tr.d[3] - d1)) < 1e-15
    assert np.all(np.abs(tr.r - 1 / D.PHI) < 1e-15) and np.all(tr.r >= lp.value)  # permissible
    nonopt = [t for t in range(3) if (M.T @ tr.d[t]).max() > tr.r[t] + 1e-12]
    assert nonopt == [0, 2]  # steps 1 and 3 are not optimal
    assert abs(D.cycle_margin(M, tr.j, tr.r) - 1 / 3) < 1e-14 < lp.value - 1 / 3
    # lambda_0 realises d_1 as an AdaBoost weight vector
    lam0 = np.array([0, 0, 0.5 * math.log(2 * D.PHI**2), 0.5 * math.log(2 * D.PHI), 0])
    x = -M @ lam0
    assert np.max(np.abs(np.exp(x - x.max()) / np.exp(x - x.max()).sum() - d1)) < 1e-15


@pytest.mark.parametrize("eps", [1e-6, 0.05, 0.0955, 0.15, 0.19098])
def test_nonoptimal_manifold(eps):
    M = I.rudin_nonoptimal_4x5()
    d1 = D.nonoptimal_cycle_start_4x5(eps)
    tr = D.iterate_reduced_map(M, d1, 3, chooser=[4, 3, 2])
    assert np.max(np.abs(tr.d[3] - d1)) < 1e-13
    assert np.all(np.abs(tr.r - 1 / D.PHI) < 1e-12)
    assert abs(D.cycle_margin(M, tr.j, tr.r) - 1 / 3) < 1e-12


# ------------------------------------------------------------------ the smooth margin (Rudin et al. 2003, §4)


@claims.asserts("RDS §4 smooth margin", status="holds", on="random instances, seeds and scales")
@settings(max_examples=40)
@given(st.integers(0, 10_000), st.floats(0.01, 50.0))
def test_smooth_margin_inequalities(seed, scale):
    """eq. (2): mu - ln(m)/||lambda|| <= G <= mu (strict right side only in exact arithmetic)."""
    rng = np.random.default_rng(seed)
    m, n = int(rng.integers(2, 9)), int(rng.integers(1, 9))
    U = rng.uniform(-1, 1, size=(m, n))
    lam = rng.exponential(size=n) * scale
    G = D.smooth_margin(U, lam)
    mu = (U @ lam).min() / lam.sum()
    assert mu - math.log(m) / lam.sum() - 1e-12 <= G <= mu + 1e-12


def test_smooth_margin_equality_case_and_limit():
    M = I.rudin_3x3()
    lam = 5.0 * np.ones(3)
    assert abs(D.smooth_margin(M, lam) - (1 / 3 - math.log(3) / 15)) < 1e-12  # = 0.2600925
    assert abs(D.smooth_margin(M, lam) - 0.2600925) < 1e-7
    rng = np.random.default_rng(1)
    U = rng.choice([-1.0, 1.0], size=(7, 9))
    lam = rng.exponential(size=9)
    mu = (U @ lam).min() / lam.sum()
    assert abs(D.smooth_margin(U, 200 * lam) - mu) < math.log(7) / (200 * lam.sum()) + 1e-12


# ------------------------------------------------------------------ ground truth: rho by two generic paths

#: HiGHS (simplex, 1e-10 feasibility) vs Clarabel (interior point, 1e-10 / 1e-8 gap) on rho.
CVX_TOL = 1e-7

RHO_INSTANCES = {
    "3x3": (I.rudin_3x3, 1 / 3),
    "4x5": (I.rudin_nonoptimal_4x5, 0.5),
    "11x20": (I.adaboost_not_max_margin_11x20, 0.36),
    "one-mistake m=5": (lambda: I.one_mistake(5), 1 - 2 / 5),
    "one-mistake m=8": (lambda: I.one_mistake(8), 1 - 2 / 8),
    "random 11x21 (nb 08, seed 2)": (lambda: I.random_pm1(11, 21, np.random.default_rng(2), negate=True), 0.36),
    # Fig. 3(b) matrices of notebook 08 (regression values, 4 digits as printed there)
    "hypercube seed 0": (lambda: I.synthetic_hypercube(np.random.default_rng(0)), 0.1666),
    "hypercube seed 1": (lambda: I.synthetic_hypercube(np.random.default_rng(1)), 0.1696),
    "hypercube seed 2": (lambda: I.synthetic_hypercube(np.random.default_rng(2)), 0.1574),
}


@pytest.mark.parametrize("name", list(RHO_INSTANCES))
def test_rho_highs_vs_clarabel(name):
    """The LP values used as ground truth for every margin comparison, by a second generic path:
    rho = max_lambda min_i (M lambda)_i = min_d max_j (d^T M)_j in cvxpy + Clarabel (both sides)
    against HiGHS's LP (2.1) in both domains; each side's solution certifies the value."""
    build, expected = RHO_INSTANCES[name]
    M = build()
    lp = rb.truth.hard_margin_lp(M)
    primal = rb.truth.max_margin_rudin_cvx(M)
    dual = rb.truth.min_max_edge_rudin_cvx(M)
    for v in (lp.value_w, primal.value, dual.value):
        assert abs(v - lp.value) < CVX_TOL
    digits = 1e-4 if name.startswith("hypercube") else LP_TOL
    assert abs(lp.value - expected) < digits
    # certificates: a combination with margin >= rho and a distribution with max edge <= rho
    for lam in (primal.lam, dual.lam, lp.w):
        assert abs(lam.sum() - 1) < 1e-12 and lam.min() >= 0
        assert (M @ lam).min() >= lp.value - CVX_TOL
    for d in (primal.d, dual.d, lp.d):
        assert abs(d.sum() - 1) < 1e-12 and d.min() >= 0
        assert (M.T @ d).max() <= lp.value + CVX_TOL


def test_rho_4x5_unique_optimum_both_paths():
    """Rudin et al. 2003, §3: lambda* = (1/4, 1/4, 1/4, 1/4, 0) is unique; both generic paths find it."""
    M = I.rudin_nonoptimal_4x5()
    star = np.array([0.25, 0.25, 0.25, 0.25, 0.0])
    assert np.max(np.abs(rb.truth.max_margin_rudin_cvx(M).lam - star)) < 1e-6
    assert np.max(np.abs(rb.truth.hard_margin_lp(M).w - star)) < 1e-9
    for j in range(5):  # uniqueness: each coordinate is pinned on the optimal face (HiGHS)
        e = np.eye(5)[j]
        lo = rb.truth.optimal_face_extreme(M, 1.0, e, sense="min")
        hi = rb.truth.optimal_face_extreme(M, 1.0, e, sense="max")
        assert hi - lo < 1e-6 and abs(lo - star[j]) < 1e-6


def test_rho_cvx_bad_input():
    for fn in (rb.truth.max_margin_rudin_cvx, rb.truth.min_max_edge_rudin_cvx):
        with pytest.raises(ValueError, match="U"):
            fn(2.0 * I.rudin_3x3())
        with pytest.raises(ValueError, match="U"):
            fn(np.ones(3))
        with pytest.raises(TypeError, match="U"):
            fn([["a", "b"]])


# ------------------------------------------------------------------ G on fixed-norm slices (Rudin et al. 2003, §4)

U2_SLICE = np.array([[-1.0, 1.0, 1.0], [1.0, -1.0, 0.5], [1.0, 0.2, -1.0]])


@pytest.mark.parametrize("s", [0.5, 4.0, 32.0])
def test_slice_max_vs_cvx_eq5(s):
    """max of G on ||lambda||_1 = s: SLSQP (dynamics) vs Shen & Li eq. (5) in cvxpy (1^T w = 1/T = s)."""
    rng = np.random.default_rng(int(s * 10))
    for U in (U2_SLICE, rng.uniform(-1, 1, size=(6, 4)), I.rudin_nonoptimal_4x5()):
        g, lam = D.smooth_margin_slice_max(U, s)
        ref = rb.truth.adaboost_l1_primal_eq5(U, 1.0 / s)
        assert abs(g - (-ref.value / s)) < 1e-7
        assert abs(lam.sum() - s) < 1e-9 and lam.min() >= 0
        rho = rb.truth.hard_margin_lp(U).value
        assert rho - math.log(U.shape[0]) / s - 1e-12 <= g < rho  # eq. (2)


def test_slice_max_3x3_closed_form_and_convergence_to_lambda_star():
    for s in (0.5, 3.0, 30.0):
        assert abs(D.smooth_margin_slice_max(I.rudin_3x3(), s)[0] - (1 / 3 - math.log(3) / s)) < 1e-12
    lp = rb.truth.hard_margin_lp(U2_SLICE)
    assert abs(lp.value - 0.2) < LP_TOL and np.max(np.abs(lp.w - [0.4, 1 / 3, 4 / 15])) < LP_TOL
    prev_g, prev_d = -np.inf, np.inf
    for s in (1.0, 8.0, 64.0, 512.0):
        g, lam = D.smooth_margin_slice_max(U2_SLICE, s)
        d = np.abs(lam / s - lp.w).max()
        assert g > prev_g and d < prev_d
        prev_g, prev_d = g, d
    assert prev_d < 1e-3


@claims.asserts(
    "RDS §4 G concave",
    status="holds",
    on="300 random instances on fixed-norm slices; the 3x3 matrix",
    note="the paper claims concavity on each slice ||lambda||_1 = s (holds); G is not jointly concave (remark)",
)
def test_G_concave_on_slices_but_not_jointly():
    rng = np.random.default_rng(5)
    for _ in range(300):
        m, n = rng.integers(2, 8, size=2)
        U = rng.uniform(-1, 1, size=(m, n))
        a, b = rng.dirichlet(np.ones(n), size=2) * rng.uniform(0.1, 50)
        assert D.smooth_margin(U, (a + b) / 2) >= (D.smooth_margin(U, a) + D.smooth_margin(U, b)) / 2 - 1e-12
    M = I.rudin_3x3()
    lam0, lam1 = np.array([30.0, 1.0, 2.0]), np.array([1.0, 1.0, 1.0])
    G0, G1, Gm = (D.smooth_margin(M, v) for v in (lam0, lam1, (lam0 + lam1) / 2))
    # closed forms: G(lam1) = 1/3 - ln3/3 (equal margins); G(lam0) ~ mu(lam0) = -27/33, G(mid) ~ -13/18
    assert abs(G1 - (1 / 3 - math.log(3) / 3)) < 1e-14
    assert abs(G0 + 27 / 33) < 1e-12 and abs(Gm + 13 / 18) < 1e-10
    assert (G0 + G1) / 2 - Gm > 0.29  # the midpoint lies far below the chord


def test_slice_max_bad_input():
    with pytest.raises(ValueError, match="s must"):
        D.smooth_margin_slice_max(U2_SLICE, 0.0)
    with pytest.raises(ValueError, match="U"):
        D.smooth_margin_slice_max(3 * U2_SLICE, 1.0)
    with pytest.raises(ValueError, match="max_iter"):
        D.smooth_margin_slice_max(U2_SLICE, 1.0, max_iter=0)


# ------------------------------------------------------------------ instances, detection, bad input


def test_instances_shapes():
    assert I.adaboost_not_max_margin_11x20().shape == (11, 40)
    assert I.adaboost_not_max_margin_11x20(negate=False).shape == (11, 20)
    assert abs(rb.truth.hard_margin_lp(I.adaboost_not_max_margin_11x20(negate=False)).value) < LP_TOL
    A = I.random_pm1(11, 21, np.random.default_rng(0), negate=True)
    assert A.shape[0] == 11 and A.shape[1] % 2 == 0 and np.all(np.ptp(A, axis=0) > 0)
    S = I.synthetic_hypercube(np.random.default_rng(0))
    assert S.shape == (50, 100) and np.all(np.abs(S) == 1)
    assert np.all(S[:, :11].sum(axis=1) > 0)  # y_i x_i(k) summed over the relevant features is > 0


def test_detect_cycle_none():
    D_hist = np.random.default_rng(0).dirichlet(np.ones(3), size=50)
    assert D.detect_cycle(D_hist, max_period=10) == (None, None)


def test_bad_input():
    M = I.rudin_3x3()
    with pytest.raises(ValueError, match="M must have entries in"):
        D.reduced_map_step(0.5 * M, np.ones(3) / 3)
    with pytest.raises(ValueError, match="d must"):
        D.reduced_map_step(M, [0.5, 0.5, 0.5])
    with pytest.raises(ValueError, match="theta < r"):
        D.reduced_map_step(M, np.ones(3) / 3, theta=0.5)
    with pytest.raises(ValueError, match="j must"):
        D.reduced_map_step(M, np.ones(3) / 3, j=3)
    with pytest.raises(ValueError, match="n_steps"):
        D.iterate_reduced_map(M, np.ones(3) / 3, 0)
    with pytest.raises(ValueError, match="chooser"):
        D.iterate_reduced_map(M, np.ones(3) / 3, 2, chooser=[5])
    with pytest.raises(ValueError, match="d0"):
        D.iterate_reduced_map(M, [Fr(1, 2), Fr(1, 2), Fr(1, 2)], 2, exact=True)
    with pytest.raises(ValueError, match="r must"):
        D.upsilon(1.0)
    with pytest.raises(ValueError, match="m must"):
        D.one_mistake_cycle(2)
    with pytest.raises(ValueError, match="eps"):
        D.nonoptimal_cycle_start_4x5(0.2)
    with pytest.raises(ValueError, match="lam"):
        D.smooth_margin(M, np.zeros(3))
    with pytest.raises(ValueError, match="lam"):
        D.smooth_margin(M, [-1.0, 1.0, 1.0])
    with pytest.raises(ValueError, match="tol"):
        D.detect_cycle(np.ones((4, 3)) / 3, tol=0.0)
    with pytest.raises(ValueError, match="inner triangle"):
        D.unfold_3x3([0.2, 0.3, 0.5 - 1e-3 + 0.001 - 0.1])
    with pytest.raises(ValueError, match="policy"):
        D.PermissibleOracle(M, 0.3, policy="greedy")
    with pytest.raises(ValueError, match="sequence"):
        D.PermissibleOracle(M, 0.3, policy="sequence")
    with pytest.raises(TypeError, match="rng"):
        D.PermissibleOracle(M, 0.3, policy="random")
    with pytest.raises(D.EdgePromiseError, match="rho"):
        D.PermissibleOracle(M, 0.9, policy="laziest").best(np.ones(3) / 3)
    with pytest.raises(ValueError, match="m must"):
        I.one_mistake(1)
    with pytest.raises(TypeError, match="rng"):
        I.random_pm1(3, 3, 0)
    with pytest.raises(ValueError, match="n_relevant"):
        I.synthetic_hypercube(np.random.default_rng(0), n_relevant=10)
    with pytest.raises(TypeError, match="negate"):
        I.adaboost_not_max_margin_11x20(negate=1)
