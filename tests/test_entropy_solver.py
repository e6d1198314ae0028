"""The entropy chapter's fast w-domain solver pieces against their reference forms.

(The compiled face Newton direction against ``_newton._newton_direction``: ``tests/test_entropy_jit.py``.)

* ``projections._project_log`` (fixed point on the capped set, optional hint) equals the sort-based
  Alg. 4.2 ``_project_log_sort`` (d to 1e-13, log Z to 1e-10 relative), for any hint;
* the beta-root hint of the binary entropy does not change the result;
* the fast solver's steps keep their certificates (the agreement with Clarabel is in test_entropy.py).
"""

import numpy as np
import pytest

from refboost.boosters import _newton
from refboost.boosters.entropy import _binary_smoothed, binary_smoothed_soft_margin, erlp_dual_step
from refboost.projections import _project_log, _project_log_sort, smoothed_soft_margin

D_ATOL = 1e-13
LOGZ_RTOL = 1e-10


@pytest.mark.parametrize("seed", range(6))
def test_project_log_matches_sort(seed):
    rng = np.random.default_rng(seed)
    for _ in range(40):
        N = int(rng.integers(1, 400))
        nu = float(rng.uniform(1, N))
        scale = 10 ** rng.uniform(-3, 6)  # up to eta = 1e6 on margins in [-1, 1]
        s = rng.normal(size=N) * scale
        if rng.random() < 0.3:
            s = np.round(s)  # ties
        ref = _project_log_sort(s, nu)
        near = ref.log_Z + rng.normal(size=2)  # near misses: the hint's capped set too large or too small
        hints = (None, ref.log_Z, ref.log_Z + rng.normal() * scale, ref.log_Z - 1e3, ref.log_Z + 1e3, np.inf, *near)
        for hint in hints:
            got = _project_log(s, nu, hint)
            assert np.abs(got.d - ref.d).max() <= D_ATOL
            assert abs(got.log_Z - ref.log_Z) <= LOGZ_RTOL * max(1.0, abs(ref.log_Z))
            assert abs(got.d.sum() - 1.0) <= 1e-12
            assert got.d.max() <= 1.0 / nu * (1 + 1e-12)


def test_project_log_underflow_and_fallback():
    # free weights far below the capped ones (underflow at the global scale) and nu = integer edge cases
    s = np.r_[np.zeros(5), np.full(20, -2000.0), -2000.0 - np.arange(30.0)]
    for nu in (5.5, 6.0, 10.0, 54.0):
        ref, got = _project_log_sort(s, nu), _project_log(s, nu)
        assert np.abs(got.d - ref.d).max() <= D_ATOL
        assert np.isfinite(got.log_Z) and np.all(np.isfinite(got.d))
    # public wrapper still validates
    with pytest.raises(ValueError, match="nu"):
        smoothed_soft_margin(np.zeros(3), 4.0, 1.0)


def test_binary_beta_hint_same_root():
    rng = np.random.default_rng(3)
    m = rng.uniform(-1, 1, size=500)
    for nu, eta in ((1.0, 10.0), (50.0, 300.0), (400.0, 1e4)):
        ref = binary_smoothed_soft_margin(m, nu, eta)
        for hint in (ref.beta, ref.beta + 0.3, -5.0, 5.0):
            got = _binary_smoothed(m, nu, eta, hint)
            assert got.value == pytest.approx(ref.value, rel=1e-12, abs=1e-12)
            assert np.abs(got.d - ref.d).max() <= 1e-12


def test_fast_solver_certificate_and_blas_limit():
    rng = np.random.default_rng(0)
    U = rng.choice([-1.0, 1.0], size=(1500, 12)) * rng.uniform(0.2, 1.0, size=(1500, 12))
    for nu, eta in ((150.0, 460.0), (750.0, 139.0), (10.0, 1e6)):
        s = erlp_dual_step(U, nu, eta)
        assert s.gap <= max(1e-12, 64 * np.finfo(float).eps * eta) * 10
        assert s.primal - s.dual == pytest.approx(s.gap, abs=1e-9)
    with _newton.single_thread_blas():
        pass  # usable as a context manager (no-op without threadpoolctl)


@pytest.mark.parametrize("eta", [10.0, 2e4])
def test_beta_root_stops_when_the_newton_step_is_below_the_resolution_of_beta(eta, monkeypatch):
    # at eta = 2e4 the root b = eta * beta is ~2e4: one ulp of b moves sum sigma(a - b) by ~3e-12, above the
    # mass tolerance 4 eps nu sqrt(N) = 1.5e-13, so Newton cannot meet it. It must stop when its step no longer
    # changes b (5 evaluations here), not bisect the whole bracket down to 4 ulps (41 evaluations before)
    import refboost.boosters.entropy as E
    from refboost._jit import entropy as J

    rng = np.random.default_rng(0)
    N, nu = 29305, 1.0  # a9a's training part, nu = 1
    m = rng.uniform(-1, 1, N)
    a = np.log(nu / N) - np.log1p(-nu / N) - eta * m
    lo, hi = -eta * m.max(), -eta * m.min()
    calls = [0]
    expit = E.expit

    def counted(z):
        calls[0] += 1
        return expit(z)

    monkeypatch.setattr(E, "expit", counted)
    b, sg = E._beta_root(a, nu, lo, hi)
    assert calls[0] <= 6
    assert abs(sg.sum() - nu) <= 1e-9 * nu  # the mass to its resolution at this b
    g = lambda x: expit(a - x).sum() - nu  # noqa: E731
    assert g(np.nextafter(b, -np.inf)) >= g(np.nextafter(b, np.inf))  # decreasing across b
    assert abs(g(b)) <= 4 * abs(g(b + 8 * np.spacing(b)) - g(b)) + 1e-13  # within a few ulps of the root
    ok, bj, _ = J._beta_root(a, nu, lo, hi, np.nan)  # the compiled form: the same root to rounding
    assert ok and abs(bj - b) <= 8 * np.spacing(abs(b))
