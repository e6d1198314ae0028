"""The compiled ERLPBoost kernels (refboost._jit.entropy, numba) against their numpy reference forms.

* ``project_log`` (hinted O(N) fixed point) and ``project_log_sort`` equal the sort-based Alg. 4.2
  ``projections._project_log_sort``: d to 1e-13 absolute, log Z to 1e-10 relative, for random, tied,
  large-scale (eta up to 1e6) log-weights, N up to 1e5, hints good / bad / none, all-but-one capped;
* ``erlp_eval`` equals ``projections._smoothed_soft_margin`` (value 1e-12 relative, d 1e-13) and the
  curvature of ``entropy._erlp_f``'s reference form;
* ``binary_eval`` equals ``entropy._binary_smoothed`` started from the same beta hint (value 1e-12, d 1e-13);
* ``newton_direction`` equals the reference ``_newton._newton_direction`` (simplex, centred);
* ``maximize_erlp`` reaches the reference ``_newton.maximize`` optimum (value 1e-12 relative) with its
  own certificate below tol (also ``maximize_binary``), and ERLPBoost / Binary ERLPBoost with and
  without the kernels (``entropy.USE_JIT``) give the same run.
"""

import numpy as np
import pytest

pytest.importorskip("numba", reason="the compiled kernels need the [fast] extra (numba)")

from refboost import MatrixOracle, binary_erlpboost, erlpboost, soft_margin
from refboost._jit import entropy as J
from refboost.boosters import _newton, entropy
from refboost.boosters.entropy import _binary_smoothed
from refboost.projections import _project_log_sort, _smoothed_soft_margin

D_ATOL = 1e-13
LOGZ_RTOL = 1e-10
VALUE_RTOL = 1e-12
DIR_RTOL = 1e-10


def _check_projection(s, nu, hint):
    ref = _project_log_sort(s, nu)
    d, capped, log_Z = J.project_log(s, nu, np.nan if hint is None else hint)
    assert np.abs(d - ref.d).max() <= D_ATOL
    assert abs(log_Z - ref.log_Z) <= LOGZ_RTOL * max(1.0, abs(ref.log_Z))
    assert abs(d.sum() - 1.0) <= 1e-12
    assert d.max() <= 1.0 / nu * (1 + 1e-12)
    assert np.all(d[capped] == 1.0 / nu)
    return ref


@pytest.mark.parametrize("seed", range(4))
def test_project_log_matches_sort(seed):
    rng = np.random.default_rng(seed)
    for _ in range(60):
        N = int(rng.integers(1, 400))
        nu = float(rng.uniform(1, N))
        scale = 10 ** rng.uniform(-3, 6)  # eta up to 1e6 on margins in [-1, 1]
        s = rng.normal(size=N) * scale
        if rng.random() < 0.3:
            s = np.round(s)  # ties
        ref = _project_log_sort(s, nu)
        near = ref.log_Z + rng.normal(size=2)
        hints = (None, ref.log_Z, ref.log_Z + rng.normal() * scale, ref.log_Z - 1e3, ref.log_Z + 1e3, np.inf, *near)
        for hint in hints:
            _check_projection(s, nu, hint)
        d, capped, log_Z = J.project_log_sort(s, nu)
        assert np.abs(d - ref.d).max() <= D_ATOL
        assert abs(log_Z - ref.log_Z) <= LOGZ_RTOL * max(1.0, abs(ref.log_Z))


def test_project_log_extremes():
    rng = np.random.default_rng(7)
    # all but one capped: nu just above N - 1, one weight far below the others
    for N in (2, 10, 300):
        s = np.r_[rng.normal(size=N - 1), -50.0]
        for nu in (N - 1 + 1e-3, N - 0.5, float(N)):
            ref = _check_projection(s, nu, None)
            _check_projection(s, nu, ref.log_Z)
    # free weights far below the capped ones (underflow at the global scale)
    s = np.r_[np.zeros(5), np.full(20, -2000.0), -2000.0 - np.arange(30.0)]
    for nu in (5.5, 6.0, 10.0, 54.0):
        ref = _check_projection(s, nu, None)
        _check_projection(s, nu, ref.log_Z + 3.0)
    # N = 1e5, eta = 1e6 on margins in [-1, 1], good / bad / no hint
    N = 100_000
    s = -1e6 * rng.uniform(-1, 1, size=N)
    for nu in (1.0, 10.0, N / 10, N - 1.0):
        ref = _check_projection(s, nu, None)
        for hint in (ref.log_Z, ref.log_Z + 5.0, ref.log_Z - 5.0):
            _check_projection(s, nu, hint)
    # all equal
    _check_projection(np.zeros(50), 7.0, None)


@pytest.mark.parametrize("seed", range(3))
def test_erlp_eval_matches_reference(seed):
    rng = np.random.default_rng(seed)
    for _ in range(60):
        N = int(rng.integers(1, 500))
        nu = float(rng.uniform(1, N))
        eta = 10 ** rng.uniform(-1, 6)
        m = rng.uniform(-1, 1, size=N)
        if rng.random() < 0.3:
            m = np.round(m, 1)
        ref = _smoothed_soft_margin(m, nu, eta)
        value, d, c, capped, log_Z = J.erlp_eval(m, nu, eta, np.nan)
        assert abs(value - ref.value) <= VALUE_RTOL * max(1.0, abs(ref.value))
        assert np.abs(d - ref.d).max() <= D_ATOL
        c_ref = eta * ref.d
        c_ref[ref.capped] = 0.0
        assert np.abs(c - c_ref).max() <= eta * D_ATOL
        # hinted evaluation (as inside the line search)
        value2, d2, *_ = J.erlp_eval(m, nu, eta, ref.log_Z + rng.normal())
        assert abs(value2 - ref.value) <= VALUE_RTOL * max(1.0, abs(ref.value))
        assert np.abs(d2 - ref.d).max() <= D_ATOL


@pytest.mark.parametrize("seed", range(3))
def test_newton_direction_matches_reference(seed, newton_face_instance):
    rng = np.random.default_rng(seed)
    for _ in range(30):
        A, x, G, c = newton_face_instance(rng)
        s_ref = _newton._newton_direction(A, x, G, c, "simplex", True)
        ok, s = J.newton_direction(A, x, G, c)
        assert ok == (s_ref is not None)
        if ok:
            assert np.abs(s - s_ref).max() <= DIR_RTOL * max(1.0, np.abs(s_ref).max())


def _maximize_both(make_f, rng, monkeypatch, duplicates: bool):
    """A random instance solved by the reference ``_newton.maximize`` and by the compiled solver (``make_f`` =
    ``entropy._erlp_f`` / ``entropy._binary_f``); asserts both converge to the same value, the kernel's
    certificate below tol. ``duplicates``: sometimes repeat a column (singular face Hessians)."""
    N, k = int(rng.integers(20, 300)), int(rng.integers(1, 30))
    nu = float(rng.uniform(1, N / 2))
    eta = 10 ** rng.uniform(0, 4)
    A = rng.choice([-1.0, 1.0], size=(N, k)) * rng.uniform(0, 1, size=(N, k))
    if duplicates and k > 2 and rng.random() < 0.3:
        A[:, 1] = A[:, 0]
    x0 = rng.dirichlet(np.ones(k))
    tol = max(1e-12, entropy._tol_floor(eta))
    monkeypatch.setattr(entropy, "USE_JIT", False)
    ref = _newton.maximize(make_f(nu, eta), A, x0, tol=tol, fast=True)
    monkeypatch.setattr(entropy, "USE_JIT", True)
    got = _newton.maximize(make_f(nu, eta), A, x0, tol=tol, fast=True)
    assert got.status == ref.status == "converged"
    assert abs(got.value - ref.value) <= VALUE_RTOL * max(1.0, abs(ref.value))
    assert got.measure <= tol
    return A, nu, eta, got


@pytest.mark.parametrize("seed", range(3))
def test_maximize_matches_reference(seed, monkeypatch):
    rng = np.random.default_rng(seed)
    for _ in range(25):
        A, nu, eta, got = _maximize_both(entropy._erlp_f, rng, monkeypatch, duplicates=True)
        # the certificate is exact at the returned x
        value, d, *_ = J.erlp_eval(A @ got.x, nu, eta, np.nan)
        assert value == pytest.approx(got.value, rel=1e-14, abs=1e-14)
        assert abs(float((A.T @ d).max() - got.x @ (A.T @ d)) - got.measure) <= 1e-12  # BLAS vs loop round-off
        assert abs(got.x.sum() - 1.0) <= 1e-14 and got.x.min() >= 0


@pytest.mark.parametrize(("booster", "seed"), [(erlpboost, 0), (erlpboost, 1), (binary_erlpboost, 3)])
def test_same_run_with_and_without_kernels(booster, seed, monkeypatch):
    rng = np.random.default_rng(seed)
    U = rng.uniform(-1, 1, size=(60, 40))
    o = MatrixOracle(U, reflexive=True)
    nu = 6.0
    runs = []
    for use in (False, True):
        monkeypatch.setattr(entropy, "USE_JIT", use)
        runs.append(booster(o, nu=nu, eps=0.05))
    ref, got = runs
    assert got.converged and ref.converged
    assert got.hypotheses == ref.hypotheses
    assert np.abs(got.weights - ref.weights).max() <= 1e-8
    assert abs(soft_margin(got.margins, nu) - soft_margin(ref.margins, nu)) <= 1e-10


@pytest.mark.parametrize("seed", range(3))
def test_binary_eval_matches_reference(seed):
    rng = np.random.default_rng(seed)
    for _ in range(60):
        N = int(rng.integers(2, 500))
        nu = float(rng.uniform(1, N - 0.01))
        eta = 10 ** rng.uniform(-1, 6)
        m = rng.uniform(-1, 1, size=N)
        if rng.random() < 0.3:
            m = np.round(m, 1)
        beta0 = _binary_smoothed(m, nu, eta).beta
        for hint in (None, beta0, beta0 + rng.normal()):
            # the root's last bits depend on the start (at eta = 1e6 d moves by eta * dbeta): same hint on both
            ref = _binary_smoothed(m, nu, eta, hint)
            value, d, c, _, beta = J.binary_eval(m, nu, eta, np.nan if hint is None else hint)
            assert abs(value - ref.value) <= VALUE_RTOL * max(1.0, abs(ref.value))
            assert np.abs(d - ref.d).max() <= D_ATOL
            assert abs(beta - ref.beta) <= 1e-12 * max(1.0, abs(ref.beta))
            c_ref = eta * ref.d * np.maximum(1.0 - nu * ref.d, 0.0)
            assert np.abs(c - c_ref).max() <= eta * D_ATOL


@pytest.mark.parametrize("seed", range(2))
def test_maximize_binary_matches_reference(seed, monkeypatch):
    rng = np.random.default_rng(seed)
    for _ in range(25):
        _, _, _, got = _maximize_both(entropy._binary_f, rng, monkeypatch, duplicates=False)
        assert abs(got.aux.mass_error) <= 1e-10
