"""Tests written for the survivors of the mutation benchmark (benchmarks/mutation.py, issue 51 item 5).

Each test names the mutants (mutmut 3 names, ``module.x_function__mutmut_K``) that no test of the module's
family killed; ``benchmarks/mutation.py`` checks that the mutants it lists as killed by this file are
(it runs this file with each surviving mutant active). Fast: no booster runs, small instances.
"""

from __future__ import annotations

import math
from importlib import import_module

import numpy as np
import pytest
from scipy.special import kl_div, rel_entr

from refboost import bounds, projections
from refboost.projections import _project_log, _project_log_sort
from refboost.truth.frank_wolfe import smoothed_soft_margin_cvx

margins = import_module("refboost.margins")  # the package's ``refboost.margins`` is the function


# --------------------------------------------------------------------------------------------------
# refboost.bounds
# --------------------------------------------------------------------------------------------------
def test_softboost_bound_default_nu_and_nu_equal_N():
    """x_softboost_bound__mutmut_1 (default nu 2), _11 (nu checked as for the binary entropy: nu = N refused)."""
    eps, N = 0.1, 50
    assert bounds.softboost_bound(eps, N) == pytest.approx(1.0 + 2.0 / eps**2 * math.log(N))
    assert bounds.softboost_bound(eps, N, nu=N) == 1.0  # ln(N/nu) = 0: nu = N is allowed (nu in [1, N])


def test_erlpboost_bound_eta_floor_and_practical():
    """x_erlpboost_bound_eta__mutmut_7/_8 (floor eta >= 1/2 moved), _16.._21 (practical criterion),
    _22 (error message)."""
    eps = 0.2
    assert bounds.erlpboost_bound_eta(eps, 0.5) == pytest.approx(16.0 * 0.5 / eps)  # eta = 1/2 allowed
    assert bounds.erlpboost_bound_eta(eps, 1.0) == pytest.approx(16.0 / eps)
    assert bounds.erlpboost_bound_eta(eps, 3.0, stopping="practical") == pytest.approx(32.0 * 3.0 / eps)
    assert bounds.erlpboost_bound_eta(eps, 3.0, stopping="simple") == pytest.approx(16.0 * 3.0 / eps)
    with pytest.raises(ValueError, match=r"eta must be >= 1/2"):
        bounds.erlpboost_bound_eta(eps, 0.49)
    with pytest.raises(ValueError, match=r"stopping must be one of \['practical', 'simple'\], got 'x'"):
        bounds.erlpboost_bound_eta(eps, 1.0, stopping="x")


def test_erlpboost_bounds_at_nu_equal_N_and_defaults():
    """x_erlpboost_bound__mutmut_1 (default nu 2), _13 (nu = N refused), _26/_27/_40/_41 (the 8/eps and
    16/eps terms, which win at ln(N/nu) = 0)."""
    eps, N = 0.1, 10
    assert bounds.erlpboost_bound(eps, N, nu=N) == pytest.approx(8.0 / eps)
    assert bounds.erlpboost_bound(eps, N, nu=N, stopping="practical") == pytest.approx(16.0 / eps)
    assert bounds.erlpboost_bound(eps, N) == pytest.approx(32.0 / eps**2 * math.log(N))
    assert bounds.erlpboost_bound(eps, N, stopping="practical") == pytest.approx(64.0 / eps**2 * math.log(N))


def test_binary_erlpboost_bound_defaults_and_nu_range():
    """x_binary_erlpboost_bound__mutmut_1 (default nu 2), _2/_3 (default stopping), _9/_13 (nu = N accepted:
    the binary entropy needs nu < N)."""
    eps, N = 0.1, 10
    simple = 32.0 / eps**2 * (math.log(N) + 1.0)
    assert bounds.binary_erlpboost_bound(eps, N) == pytest.approx(simple)
    assert bounds.binary_erlpboost_bound(eps, N, stopping="simple") == pytest.approx(simple)
    with pytest.raises(ValueError, match="nu"):
        bounds.binary_erlpboost_bound(eps, N, nu=N)


def test_binary_erlpboost_bound_terms():
    """x_binary_erlpboost_bound__mutmut_21.._29 and _44/_45 (the two terms of each criterion), _46 (message)."""
    eps, N = 0.1, 10
    L1 = math.log(N) + 1.0
    assert bounds.binary_erlpboost_bound(eps, N, stopping="simple") == pytest.approx(32.0 / eps**2 * L1)
    assert bounds.binary_erlpboost_bound(eps, N, stopping="practical") == pytest.approx(64.0 / eps**2 * L1)
    assert bounds.binary_erlpboost_bound(eps, N, nu=2.5) == pytest.approx(32.0 / eps**2 * (math.log(4.0) + 1.0))
    # eps > 4 (ln(N/nu) + 1): the 8/eps resp. 16/eps term wins
    assert bounds.binary_erlpboost_bound(10.0, 2) == pytest.approx(0.8)
    assert bounds.binary_erlpboost_bound(10.0, 2, stopping="practical") == pytest.approx(1.6)
    with pytest.raises(ValueError, match=r"^stopping must be one of \['practical', 'simple'\], got 'fast'$"):
        bounds.binary_erlpboost_bound(eps, N, stopping="fast")


def test_eta_binary_floor_and_default():
    """x_eta_binary__mutmut_1 (default nu 2), _21 (floor 3/2 instead of 1/2: active for eps > 4 (ln(N/nu) + 1))."""
    assert bounds.eta_binary(10.0, 2) == 0.5
    assert bounds.eta_binary(0.1, 10) == pytest.approx(2.0 / 0.1 * (math.log(10) + 1.0))


def test_fw_bounds_values():
    """x_eta_fw__mutmut_1 (default nu 2), _4/_9 (parameter name); x_fw_rate_bound__mutmut_3/_5/_11 (the rate
    8 eta/(t + 2) of Mitsuboshi et al. Thm 3); x_fw_iteration_bound__mutmut_9 (floor 2 rounds instead of 1)."""
    assert bounds.eta_fw(0.1, 10) == pytest.approx(2.0 * math.log(10) / 0.1)
    assert bounds.eta_fw(10.0, 10) == bounds.ETA_FW_MIN
    assert bounds.eta_fw(0.1, 2) == pytest.approx(2.0 * math.log(2) / 0.1)  # x_eta_fw__mutmut_11: N = 2 allowed
    assert bounds.eta_erlp(0.1, 10) == pytest.approx(2.0 * math.log(10) / 0.1)  # x_eta_erlp__mutmut_1
    with pytest.raises(ValueError, match=r"^N must be"):
        bounds.eta_fw(0.1, 1)
    assert bounds.fw_rate_bound(2.0, 3) == pytest.approx(16.0 / 5.0)
    assert np.allclose(bounds.fw_rate_bound(1.0, [1, 2, 6]), [8.0 / 3.0, 2.0, 1.0], rtol=1e-15)
    assert bounds.fw_iteration_bound(1.0, 0.1) == 158  # ceil(160 - 2)
    assert bounds.fw_iteration_bound(0.75, 4.0) == 1  # ceil(3 - 2)
    assert bounds.fw_iteration_bound(0.75, 100.0) == 1  # floor


@pytest.mark.parametrize("N", [0, -3])
def test_bounds_refuse_bad_N_with_its_name(N):
    """x__log_ratio__mutmut_3/_8/_9 (parameter name), _4/_7 (N >= 1 not checked: the error then names nu)."""
    for f in (bounds.eta_erlp, bounds.softboost_bound, bounds.erlpboost_bound):
        with pytest.raises(ValueError, match=r"^N must be"):
            f(0.1, N)


def test_bounds_at_N_equal_one():
    """x__log_ratio__mutmut_10 (N >= 2 required): N = 1 (then nu = 1, ln(N/nu) = 0) is allowed."""
    assert bounds.softboost_bound(0.1, 1) == 1.0
    assert bounds.eta_erlp(0.1, 1) == 0.5


# --------------------------------------------------------------------------------------------------
# refboost.margins
# --------------------------------------------------------------------------------------------------
def test_margins_refuses_bad_w_with_its_name():
    """x_margins__mutmut_5/_10/_11 (parameter name in the message), _6/_9 (2-d w accepted),
    _16/_17/_18 (length message)."""
    U = np.array([[1.0, -1.0, 0.5], [0.0, 1.0, -1.0]])
    with pytest.raises(ValueError, match=r"^w must be a 1-d array"):
        margins.margins(U, np.ones((3, 1)))
    with pytest.raises(ValueError, match=r"^w must contain only finite"):
        margins.margins(U, [1.0, np.nan, 0.0])
    with pytest.raises(ValueError, match=r"^w must have length U.shape\[1\] = 3, got 2$"):
        margins.margins(U, [1.0, 0.0])


def test_soft_margin_distribution_default_nu_and_ties():
    """x_soft_margin_distribution__mutmut_1 (default nu 2), _12/_14/_16 (unstable sort: ties not broken by
    the lowest index, as the docstring states)."""
    m = np.array([0.3, -0.2, 0.5, -0.2])
    d = margins.soft_margin_distribution(m)
    assert np.array_equal(d, [0.0, 1.0, 0.0, 0.0])  # nu = 1: all mass on the first smallest margin
    # many ties: numpy's default sort does not keep the index order of equal keys
    m = np.r_[np.ones(30), np.zeros(30)]
    expected = np.zeros(60)
    expected[30:34] = 0.25
    assert np.array_equal(margins.soft_margin_distribution(m, nu=4.0), expected)


def test_soft_margin_slack_integer_nu_and_default():
    """x_soft_margin_slack__mutmut_1 (default nu 2), _21 (``ceil(nu + 1e-12)``: k = nu + 1 at integer nu).
    (rho, psi) is optimal for LP (2.2) at fixed margins: ``rho - sum(psi)/nu`` is the soft margin."""
    m = np.array([0.4, -0.1, 0.9, 0.2, -0.3, 0.7])
    for nu in (1.0, 3.0, 2.5):
        rho, psi = margins.soft_margin_slack(m, nu)
        assert rho == np.sort(m)[math.ceil(nu) - 1]
        assert rho - psi.sum() / nu == pytest.approx(margins.soft_margin(m, nu), abs=1e-15)
    assert margins.soft_margin_slack(m)[0] == m.min()


def test_repair_capped_at_nu_above_one():
    """x_repair_capped__mutmut_2 (cap nu instead of 1/nu; the same at nu = 1)."""
    nu = 4.0
    d0 = np.r_[np.full(3, 0.25), np.full(5, 0.05)]
    d = d0 + 1e-9 * np.random.default_rng(2).standard_normal(8)
    r = margins.repair_capped(d, nu)
    assert r.max() <= 1.0 / nu and r.min() >= 0.0
    assert r.sum() == pytest.approx(1.0, abs=1e-15)
    assert np.abs(r - d0).max() < 1e-8


@pytest.mark.parametrize("delta", [-1e-6, 1e-6])
def test_repair_capped_clips_before_spreading(delta):
    """x_repair_capped__mutmut_6/_7 (no clip at 0 resp. at the cap before the deficit is computed: the last
    clip then breaks sum d = 1), _3 (cap 2/nu)."""
    nu = 4.0
    d = np.r_[np.full(3, 0.25), np.full(5, 0.05)]  # on the capped simplex
    i = 0 if delta > 0 else 3
    d[4] += d[i] - (0.25 + delta if delta > 0 else delta)  # entry i above the cap resp. below 0, sum d = 1
    d[i] = 0.25 + delta if delta > 0 else delta
    assert d.sum() == pytest.approx(1.0, abs=1e-15)
    r = margins.repair_capped(d, nu)
    assert r.max() <= 1.0 / nu and r.min() >= 0.0
    assert r.sum() == pytest.approx(1.0, abs=1e-14)


def test_repair_capped_spreads_by_the_room_under_the_caps():
    """x_repair_capped__mutmut_22 (spread in proportion to cap + d), _25 (``total > 1``: no spread when
    N/nu < 2), _24 (``total >= 0``: 0/0 at nu = N with every entry at its cap and a round-off deficit)."""
    nu = 4.0
    d = np.array([0.25, 0.25, 0.25, 0.1, 0.1, 0.05 - 1e-6])  # N/nu = 1.5, deficit 1e-6
    r = margins.repair_capped(d, nu)
    assert np.array_equal(r[:3], np.full(3, 0.25))  # no room at the caps: unchanged
    room = 0.25 - d[3:]
    assert np.allclose(r[3:], d[3:] + 1e-6 * room / room.sum(), rtol=0, atol=1e-15)
    d = np.full(6, 1.0 / 6.0)  # nu = N: every entry at its cap, sum(d) = 1 - 1.1e-16 in floating point
    assert d.sum() < 1.0
    assert np.array_equal(margins.repair_capped(d, 6.0), d)


def test_repair_capped_surplus_is_scaled_off():
    """x_repair_capped__mutmut_33/_34/_35 (the surplus case, sum d > 1 after the clip: d scaled by 1/sum d)."""
    d = np.array([0.4, 0.4, 0.3])
    r = margins.repair_capped(d, 2.0)
    assert np.allclose(r, d / 1.1, rtol=0, atol=1e-15)


def test_repair_capped_is_exactly_under_the_cap():
    """x_repair_capped__mutmut_38 (no last clip at the cap: the spread overshoots it by round-off here)."""
    d = np.array([0.3333333331608565, 1.0 / 3.0, 1.0 / 3.0])  # found by a random search
    r = margins.repair_capped(d, 3.0)
    assert r.max() <= 1.0 / 3.0
    assert r.sum() == pytest.approx(1.0, abs=1e-15)


def test_repair_capped_returns_float64():
    """x_repair_capped__mutmut_12/_14 (``np.asarray(d)`` without ``dtype=float``: float32 input stays float32, and
    sum d = 1 only to float32 round-off)."""
    d = np.r_[np.full(3, 0.25), np.full(5, 0.05)].astype(np.float32)
    r = margins.repair_capped(d, 4.0)
    assert r.dtype == np.float64
    assert r.sum() == pytest.approx(1.0, abs=1e-15)


def test_cap_weights_just_below_an_integer_nu():
    """x__cap_weights__mutmut_3 (``ceil(nu + 1e-12)``: just below an integer nu, one more weight, negative);
    x_soft_margin__mutmut_1 (default nu 2)."""
    m = np.array([0.4, -0.1, 0.9, 0.2, -0.3, 0.7])
    d = margins.soft_margin_distribution(m, nu=3.0 - 5e-13)
    assert d.min() >= 0.0 and np.count_nonzero(d) == 3
    assert margins.soft_margin(m) == m.min()


# --------------------------------------------------------------------------------------------------
# refboost.projections
# --------------------------------------------------------------------------------------------------
def test_project_capped_simplex_log_refuses_bad_log_a_with_its_name():
    """x_project_capped_simplex_log__mutmut_3/_8/_9 (parameter name), _4/_7 (2-d input accepted)."""
    with pytest.raises(ValueError, match=r"^log_a must be a 1-d array"):
        projections.project_capped_simplex_log(np.zeros((3, 2)), 1.0)
    with pytest.raises(ValueError, match=r"^log_a must contain only finite"):
        projections.project_capped_simplex_log([0.0, np.inf], 1.0)


def test_kl_unnormalized_against_scipy():
    """x_kl_unnormalized__mutmut_* (no test called it): sum of scipy's elementwise ``x ln(x/y) - x + y``."""
    rng = np.random.default_rng(5)
    d, d0 = rng.random(7) * 2, rng.random(7) + 0.1
    d[2] = 0.0
    assert projections.kl_unnormalized(d, d0) == pytest.approx(float(kl_div(d, d0).sum()), rel=1e-12)
    assert projections.kl_divergence(d, d0) == pytest.approx(float(rel_entr(d, d0).sum()), rel=1e-12)
    with pytest.raises(ValueError, match=r"^d must contain only finite"):
        projections.kl_unnormalized([np.nan, 1.0], [0.5, 0.5])
    with pytest.raises(ValueError, match=r"^d0 must be a 1-d array"):
        projections.kl_unnormalized([0.5, 0.5], [[0.5, 0.5]])


def test_kl_divergence_refuses_bad_input_with_the_names():
    """x_kl_divergence__mutmut_3/_8/_9/_13/_18/_19 (parameter names), _4/_7/_14/_17 (2-d input accepted), _22
    (shape message), _23/_24/_27/_28/_30/_31/_32 (the sign checks and their message)."""
    good = np.array([0.5, 0.5])
    with pytest.raises(ValueError, match=r"^d must be a 1-d array"):
        projections.kl_divergence(np.full((2, 2), 0.25), good)
    with pytest.raises(ValueError, match=r"^d0 must be a 1-d array"):
        projections.kl_divergence(good, np.full((2, 2), 0.25))
    with pytest.raises(ValueError, match=r"^d must be a 1-d array"):
        projections.kl_divergence(np.full((1, 2), 0.5), np.full((1, 2), 0.5))
    with pytest.raises(ValueError, match=r"^d0 must contain only finite"):
        projections.kl_divergence(good, [np.nan, 1.0])
    with pytest.raises(ValueError, match=r"^d must be >= 0 and d0 > 0 entrywise$"):  # _23/_24/_30/_31/_32
        projections.kl_divergence([-0.1, 1.1], good)
    with pytest.raises(ValueError, match=r"^d must be >= 0 and d0 > 0 entrywise$"):  # _27/_28: d0 = 0 refused
        projections.kl_divergence(good, [0.0, 1.0])
    with pytest.raises(ValueError, match=r"^d and d0 must have the same shape, got \(2,\) and \(3,\)$"):
        projections.kl_divergence(good, np.full(3, 1 / 3))


def test_project_log_hint_with_as_many_entries_as_integer_nu():
    """x__project_log__mutmut_22 (``kh <= nu``: a hint set of exactly nu entries leaves no free mass,
    log(1 - kh/nu) = log 0). Integer nu; the family's hint test draws nu at random (never an integer)."""
    s = np.r_[10.0, 9.0, np.zeros(8)]
    ref = _project_log_sort(s, 2.0)
    got = _project_log(s, 2.0, 5.0 + math.log(2.0))  # hint set {0, 1}: two entries, nu = 2
    assert np.abs(got.d - ref.d).max() <= 1e-13
    assert got.log_Z == pytest.approx(ref.log_Z, rel=1e-12)


def test_project_log_tangent_start_from_a_low_hint():
    """x__project_log__mutmut_90 (the tangent start's threshold -log nu + RTOL + lt: too large a start set when
    theta(C_h) > 1 is far off, entries outside C* end up capped). The hint is below log Z*: its set, the 7
    largest entries, fails the check, and the tangent start is taken. Instance found by a scan over shifts."""
    b = np.array(
        [1.283882159201338, 0.8492218328823011, 0.824081660958607, 0.7752918775406024, 0.6330023042598762,
         0.516998908860644, 0.46859172449995123, 0.4171083203835055, 0.056329789200994025, 0.04030548637626691,
         -0.23102205826895617, -0.414731950964023, -0.6836918022421368, -0.7614516065795951, -1.0443631042529424,
         -1.1088218035604278, -1.8480029587030053]
    )  # fmt: skip
    nu = 7.752318481629676
    s = b - 3.5
    hint = 0.5 * (b[6] + b[7]) + math.log(nu) - 3.5
    assert np.count_nonzero(s > hint - math.log(nu)) == 7
    ref, got = _project_log_sort(s, nu), _project_log(s, nu, hint)
    assert np.abs(got.d - ref.d).max() <= 1e-13
    assert got.log_Z == pytest.approx(ref.log_Z, rel=1e-12)


@pytest.mark.parametrize("nu, eta", [(1.0, 3.0), (2.5, 10.0), (4.0, 0.7)])
def test_smoothed_soft_margin_direct_against_cvx(nu, eta):
    """x_smoothed_soft_margin_direct__mutmut_* (no test called it): the value ``d . m + Delta(d, 1/N)/eta`` at
    the closed form's d, against the conic ground truth (refboost.truth) and the closed-form value."""
    m = np.random.default_rng(11).uniform(-1, 1, size=9)
    direct = projections.smoothed_soft_margin_direct(m, nu, eta)
    truth = smoothed_soft_margin_cvx(m, nu, eta).value
    assert direct == pytest.approx(truth, abs=1e-6)
    assert direct == pytest.approx(projections.smoothed_soft_margin(m, nu, eta).value, abs=1e-12)
