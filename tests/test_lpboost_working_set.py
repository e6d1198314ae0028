"""LPBoost's working-set master ``method="highs-ds-ws"`` against the full restricted LP ``"highs-ds-warm"``.

Issue 54, item 1: a restricted master that scales with a working set of examples, not with N
(:class:`refboost.boosters.lpboost.IncrementalRestrictedLP` with ``working_set=True``). It must reach the same
optimum of LP (2.2)/(2.3) as the full d-domain LP, to HiGHS's tolerance, on hard instances (optimum <= 0,
ties, duplicate rows, nu near N, rank 1, tiny and large entries), give the same iterates where the LP's
solution is unique, and the same certificate. The ground truth (HiGHS on the whole LP,
``refboost.truth``) is used here only to check, never inside the booster.
"""

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import refboost as rb
import refboost.boosters.lpboost as lpboost_module
from refboost.boosters.lpboost import IncrementalRestrictedLP

#: Both masters solve to HiGHS's feasibility tolerance 1e-9; values agree to this.
AGREE = 1e-8


def ws_lpboost(o, max_rows=None, **kw):
    """lpboost with ``"highs-ds-ws"`` and the smallest buffer (phase 1 whenever ceil(nu) < N / 4), so that
    the small instances here run on the working-set master rather than on all N (the default buffer is
    >= 64); ``max_rows=0``: phase 2 (examples) from the first solve that needs a second vertex row."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(lpboost_module, "WS_MIN_BUFFER", 0)
        if max_rows is not None:
            mp.setattr(lpboost_module, "WS_MAX_VERTEX_ROWS", max_rows)
        return rb.lpboost(o, method="highs-ds-ws", **kw)


def _instances():
    rng = np.random.default_rng(54)
    out = {}
    out["pm1 hard margin <= 0"] = (rng.choice([-1.0, 1.0], size=(60, 25)), 1.0)
    out["pm1 nu = 0.1 N"] = (rng.choice([-1.0, 1.0], size=(200, 30)), 20.0)
    out["ties (one decimal)"] = (np.round(rng.uniform(-1, 1, (80, 20)), 1), 7.5)
    base = rng.uniform(-1, 1, (30, 15))
    out["duplicate rows x4"] = (np.repeat(base, 4, axis=0), 6.0)
    out["duplicate columns"] = (np.hstack([base, base]), 3.0)
    out["rank 1"] = (np.outer(rng.uniform(-1, 1, 50), rng.uniform(-1, 1, 12)), 5.0)
    out["rank 1, all one sign"] = (np.outer(rng.uniform(0.1, 1, 40), rng.choice([-1.0, 1.0], 8)), 2.0)
    U = rng.uniform(-1, 1, (40, 20))
    out["nu = N"] = (U, 40.0)
    out["nu = N - 1e-9 N"] = (U, 40.0 * (1 - 1e-9))
    out["nu = N - 0.5"] = (U, 39.5)
    out["tiny entries 1e-6"] = (1e-6 * rng.uniform(-1, 1, (50, 20)), 4.0)
    out["large entries 1e3"] = (1e3 * rng.uniform(-1, 1, (50, 20)), 4.0)
    out["separable, positive optimum"] = (np.clip(rng.uniform(-1, 1, (70, 20)) + 0.3, -1, 1), 3.0)
    out["constant column pair +-1"] = (np.c_[np.ones(60), -np.ones(60), rng.choice([-1.0, 1.0], (60, 10))], 6.0)
    out["single example"] = (rng.uniform(-1, 1, (1, 5)), 1.0)
    out["single column"] = (rng.uniform(-1, 1, (30, 1)), 2.5)
    return out


INSTANCES = _instances()


def _check_solution(U_t, nu, out, tol=AGREE):
    """(P, d, w, rho, psi) is optimal for (2.2)/(2.3) over the columns ``U_t``."""
    P, d, w, rho, psi = out
    scale = max(1.0, np.abs(U_t).max())
    assert abs(d.sum() - 1) <= 1e-9 and d.min() >= 0 and d.max() <= 1 / nu + 1e-12
    assert abs(w.sum() - 1) <= 1e-9 and w.min() >= 0
    # d feasible for (2.3) with value P, w feasible for (2.2) with value P: both optimal
    assert abs((U_t.T @ d).max() - P) <= tol * scale
    assert abs(rb.soft_margin(U_t @ w, nu) - P) <= tol * scale


@pytest.mark.parametrize("name", list(INSTANCES))
@pytest.mark.parametrize("buffer", [0, 3, None])
@pytest.mark.parametrize("max_rows", [0, 2, 20])
def test_working_set_master_equals_full_master_column_by_column(name, buffer, max_rows, monkeypatch):
    """Feed the same columns to both masters: the same optimum after every column, both optimal
    (buffer 0: phase 2's first working set is the ceil(nu) smallest margins; max_rows 0: phase 2 from
    the first solve that needs a second vertex row)."""
    monkeypatch.setattr(lpboost_module, "WS_MAX_VERTEX_ROWS", max_rows)
    U, nu = INSTANCES[name]
    N, K = U.shape
    full, rows = IncrementalRestrictedLP(N, nu), IncrementalRestrictedLP(N, nu, working_set=True, buffer=buffer)
    for q in range(K):
        full.add(U[:, q])
        rows.add(U[:, q])
        a, b = full.solve(), rows.solve()
        scale = max(1.0, np.abs(U).max())
        assert abs(a[0] - b[0]) <= AGREE * scale, (name, q, a[0], b[0])
        _check_solution(U[:, : q + 1], nu, a)
        _check_solution(U[:, : q + 1], nu, b)
    s = max(1.0, np.abs(U).max())  # the ground truth takes entries in [-1, 1]; the LP's value scales with U
    truth = rb.truth.soft_margin_lp(U / s, nu)
    assert abs(b[0] - s * truth.value) <= AGREE * s


@pytest.mark.parametrize("name", [n for n, (U, _) in INSTANCES.items() if np.abs(U).max() <= 1])
@pytest.mark.parametrize("reflexive", [False, True])
def test_lpboost_working_set_same_optimum_and_certificate(name, reflexive):
    U, nu = INSTANCES[name]
    o = rb.MatrixOracle(U, reflexive=reflexive)
    eps = 1e-6
    a = rb.lpboost(o, nu=nu, eps=eps, method="highs-ds-warm")
    b = ws_lpboost(o, nu=nu, eps=eps)
    truth = rb.truth.soft_margin_lp(o.U, nu)
    for r in (a, b):
        assert r.converged and r.extra["certificate"].ok
        assert abs(rb.soft_margin(r.margins, nu) - r.extra["P_LP"]) <= 1e-7
        assert truth.value - r.extra["P_LP"] <= eps + 1e-9
        assert r.extra["P_LP"] <= truth.value + 1e-9
    # same optimum (both runs certified within eps of it); the certificates agree on it
    assert abs(a.extra["P_LP"] - b.extra["P_LP"]) <= eps + AGREE
    assert abs(a.extra["certificate"].objective - b.extra["certificate"].objective) <= eps + AGREE


@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("nu", [1.0, 3.0, 7.5])
@pytest.mark.parametrize("max_rows", [0, 2, 20])
def test_lpboost_working_set_same_iterates_when_the_lp_solution_is_unique(seed, nu, max_rows):
    """Generic U (no ties): LP (2.3)'s solution is unique, so both masters give the same d^t to the oracle,
    the same hypotheses, P^t and weights (N = 400: a working set of 2 ceil(nu) examples to start with)."""
    rng = np.random.default_rng(seed)
    U = rng.uniform(-1, 1, (400, 30))
    U[:, :3] += 0.3
    U = np.clip(U, -1, 1)
    a = rb.lpboost(rb.MatrixOracle(U), nu=nu, eps=1e-9, method="highs-ds-warm")
    b = ws_lpboost(rb.MatrixOracle(U), nu=nu, eps=1e-9, max_rows=max_rows)
    assert a.hypotheses == b.hypotheses and a.n_iter == b.n_iter
    np.testing.assert_allclose(b.history_array("P_LP"), a.history_array("P_LP"), rtol=0, atol=1e-10)
    np.testing.assert_allclose(b.weights, a.weights, rtol=0, atol=1e-8)
    np.testing.assert_allclose(b.distribution, a.distribution, rtol=0, atol=1e-8)
    assert a.converged and b.converged
    assert abs(a.gap - b.gap) <= 1e-8


@pytest.mark.parametrize("m", [5, 10, 20])
def test_lpboost_working_set_theorem_2_5_worst_case(m):
    """The Fig. 2.8 family (unique d^t = e_{m+t}): N/2 + 1 iterations, the same hypotheses."""
    U = rb.instances.lpboost_worst_case(m)
    res = ws_lpboost(rb.MatrixOracle(U), nu=1.0, eps=0.01)
    assert res.n_iter == m + 1 and res.hypotheses == list(range(m + 1))
    delta = 0.005 / m
    P = res.history_array("P_LP")
    assert np.allclose(P[:m], -1 + 2 * delta * np.arange(1, m + 1), atol=1e-9)
    for t in range(1, m + 1):
        r = ws_lpboost(rb.MatrixOracle(U), nu=1.0, eps=1e-9, max_iter=t)
        assert np.allclose(r.distribution, np.eye(2 * m)[m + t - 1], atol=1e-9)


@settings(max_examples=40, deadline=None)
@given(
    N=st.integers(1, 60),
    K=st.integers(1, 40),
    frac=st.floats(0, 1),
    kind=st.sampled_from(["pm1", "ties", "uniform", "dup"]),
    reflexive=st.booleans(),
    seed=st.integers(0, 2**32 - 1),
)
def test_lpboost_working_set_reaches_the_ground_truth(N, K, frac, kind, reflexive, seed):
    rng = np.random.default_rng(seed)
    if kind == "pm1":
        U = rng.choice([-1.0, 1.0], size=(N, K))
    elif kind == "ties":
        U = np.round(rng.uniform(-1, 1, (N, K)), 1)
    else:
        U = rng.uniform(-1, 1, (N, K))
        if kind == "dup":
            U = np.vstack([U, U])
    nu = 1 + frac * (U.shape[0] - 1)
    o = rb.MatrixOracle(U, reflexive=reflexive)
    eps = 1e-6
    res = ws_lpboost(o, nu=nu, eps=eps)
    truth = rb.truth.soft_margin_lp(o.U, nu)
    assert res.converged
    P = res.extra["P_LP"]
    assert truth.value - P <= eps + 1e-8 and P <= truth.value + 1e-8
    assert abs(rb.soft_margin(res.margins, nu) - P) <= 1e-7
    d = res.distribution
    assert abs(d.sum() - 1) <= 1e-9 and d.max() <= 1 / nu + 1e-12
    Pt = res.history_array("P_LP")
    assert np.all(np.diff(Pt) >= -1e-9)


@pytest.mark.parametrize("max_rows", [0, 20])
def test_working_set_stays_small_and_keeps_the_certificate(max_rows, monkeypatch):
    """N = 3000 +-1 examples, nu = 0.05 N: phase 1 (vertex rows) or phase 2 with a working set below N;
    the optimum is the full LP's."""
    monkeypatch.setattr(lpboost_module, "WS_MAX_VERTEX_ROWS", max_rows)
    rng = np.random.default_rng(7)
    U = rng.choice([-1.0, 1.0], size=(3000, 40))
    U[:, 0] = np.where(rng.uniform(size=3000) < 0.8, 1.0, -1.0)  # a good hypothesis: a positive optimum
    nu = 150.0
    o = rb.MatrixOracle(U, reflexive=True)
    a = rb.lpboost(o, nu=nu, eps=1e-4, method="highs-ds-warm")
    lp = {}
    real = IncrementalRestrictedLP

    class Spy(real):
        def __init__(self, *args, **kw):
            super().__init__(*args, **kw)
            lp["lp"] = self

    import refboost.boosters.lpboost as mod

    mod.IncrementalRestrictedLP = Spy
    try:
        b = rb.lpboost(o, nu=nu, eps=1e-4, method="highs-ds-ws")
    finally:
        mod.IncrementalRestrictedLP = real
    ws = lp["lp"]
    assert ws.working_set and ws.phase == ("examples" if max_rows == 0 else "vertices")
    if ws.phase == "examples":
        assert ws._S.size < 3000
    truth = rb.truth.soft_margin_lp(o.U, nu)
    for r in (a, b):
        assert r.converged and r.extra["certificate"].ok
        assert truth.value - r.extra["P_LP"] <= 1e-4 + 1e-9
        assert abs(rb.soft_margin(r.margins, nu) - r.extra["P_LP"]) <= 1e-7
    assert abs(a.extra["certificate"].objective - b.extra["certificate"].objective) <= 1e-4 + AGREE


def test_mlpboost_secondary_lp_on_the_working_set_master():
    """MLPBoost's secondary LPBoost step (Alg. 2) offers the same master: the same certified optimum."""
    rng = np.random.default_rng(0)
    U = rng.choice([-1.0, 1.0], size=(600, 30))
    U[:, 0] = np.where(rng.uniform(size=600) < 0.75, 1.0, -1.0)
    o = rb.MatrixOracle(U, reflexive=True)
    a = rb.mlpboost(o, nu=30.0, eps=0.01, lp_method="highs-ds-warm")
    with pytest.MonkeyPatch.context() as mp:
        mp.setattr(lpboost_module, "WS_MIN_BUFFER", 0)
        b = rb.mlpboost(o, nu=30.0, eps=0.01, lp_method="highs-ds-ws")
    truth = rb.truth.soft_margin_lp(o.U, 30.0)
    for r in (a, b):
        assert r.converged
        assert truth.value - rb.soft_margin(r.margins, 30.0) <= 0.01 + 1e-9
    with pytest.raises(ValueError):
        rb.mlpboost(o, nu=30.0, eps=0.01, lp_method="no-such-method")
