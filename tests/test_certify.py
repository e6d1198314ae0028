"""refboost.certify: the soft-margin / hard-margin certificate against HiGHS, its input checks, and the
result registry (every booster registered)."""

from __future__ import annotations

import numpy as np
import pytest

import refboost as rb
from refboost import certify
from refboost.instances import ADVERSARIAL_KINDS, adversarial


def _instances(n=60, seed=11):
    rng = np.random.default_rng(seed)
    for k in range(n):
        kind = ADVERSARIAL_KINDS[k % len(ADVERSARIAL_KINDS)]
        N = int(rng.integers(2, 60))
        U = adversarial(kind, N, int(rng.integers(1, 10)), rng)
        nu = float(rng.choice([1.0, rng.uniform(1.0, U.shape[0]), U.shape[0]]))
        yield kind, U, nu


@pytest.mark.parametrize("kind, U, nu", list(_instances()))
def test_truth_optimum_is_certified_and_a_perturbation_is_not(kind, U, nu):
    """The HiGHS optimum (w, d) of (2.2)/(2.3) is certified at 1e-7; moving w towards a worse vertex is not."""
    sol = rb.truth.soft_margin_lp(U, nu)
    w = np.clip(sol.w, 0, None)
    w = w / w.sum()
    cert = certify.soft_margin_lp(U, w, nu=nu, distribution=sol.d, tol=1e-7, bound="dual")
    assert cert.ok, cert.report()
    assert abs(cert.objective - sol.value) <= 1e-7
    assert cert.kkt["d_on_smallest_margins"] >= -1e-9 and cert.kkt["w_on_max_edges"] >= -1e-9
    assert abs(cert.kkt["d_on_smallest_margins"] + cert.kkt["w_on_max_edges"] - cert.gap) <= 1e-9
    # the worst column alone: certified only if it is optimal too
    j = int(np.argmin([certify.soft_margin_lp(U, np.eye(U.shape[1])[q], nu=nu, tol=0, bound="dual",
                                              distribution=sol.d).objective for q in range(U.shape[1])]))
    e = np.eye(U.shape[1])[j]
    c2 = certify.soft_margin_lp(U, e, nu=nu, tol=1e-7)
    assert c2.ok == (c2.objective >= sol.value - 1e-7), c2.report()


def test_bound_sources_agree_oracle_matrix_and_truth(rng):
    U = rng.choice([-1.0, 1.0], size=(40, 15))
    res = rb.lpboost(rb.MatrixOracle(U), nu=3.0, eps=1e-6)
    a = certify.soft_margin_lp(U, res.weights, nu=3.0, hypotheses=res.hypotheses, distribution=res.distribution,
                               tol=1e-6, bound="dual")
    b = certify.soft_margin_lp(rb.MatrixOracle(U), res.weights, nu=3.0, hypotheses=res.hypotheses,
                               distribution=res.distribution, tol=1e-6)
    c = certify.soft_margin_lp(U, res.weights, nu=3.0, hypotheses=res.hypotheses, tol=1e-6, bound="truth")
    assert a.ok and b.ok and c.ok
    assert abs(a.bound - b.bound) <= 1e-12 and abs(a.bound - c.bound) <= 1e-7
    assert "HiGHS" in c.bound_source


def test_no_distribution_no_matrix_is_not_certified(rng):
    U = rng.choice([-1.0, 1.0], size=(10, 4))
    c = certify.soft_margin_lp(rb.MatrixOracle(U), [1.0], nu=1.0, hypotheses=[0], tol=1.0)
    assert not c.ok and c.gap == np.inf and "bound" in c.message


def test_infeasible_weights_are_not_certified(rng):
    U = rng.choice([-1.0, 1.0], size=(10, 4))
    sol = rb.truth.soft_margin_lp(U, 1.0)
    for w in (2 * np.clip(sol.w, 0, None), np.array([1.5, -0.5, 0.0, 0.0])):
        c = certify.soft_margin_lp(U, w, nu=1.0, distribution=sol.d, tol=10.0)
        assert not c.ok and "infeasible" in c.message


def test_several_distributions_take_the_best_bound(rng):
    U = rng.choice([-1.0, 1.0], size=(30, 8))
    sol = rb.truth.soft_margin_lp(U, 2.0)
    w = np.clip(sol.w, 0, None) / np.clip(sol.w, 0, None).sum()
    uniform = np.full(30, 1 / 30)
    c1 = certify.soft_margin_lp(U, w, nu=2.0, distribution=uniform, tol=1e-7, bound="dual")
    c2 = certify.soft_margin_lp(U, w, nu=2.0, distribution=[uniform, sol.d], tol=1e-7, bound="dual")
    assert c2.bound <= c1.bound and c2.ok


@pytest.mark.parametrize(
    "kwargs, err, match",
    [
        ({"weights": [np.nan, 0.5]}, ValueError, "weights"),
        ({"weights": [0.5]}, ValueError, "weights"),
        ({"nu": 0.5}, ValueError, "nu"),
        ({"nu": 1e9}, ValueError, "nu"),
        ({"tol": -1.0}, ValueError, "tol"),
        ({"tol": "x"}, TypeError, "tol"),
        ({"bound": "nope"}, ValueError, "bound"),
        ({"distribution": np.ones(3)}, ValueError, "distribution"),
        ({"hypotheses": [0, 7]}, ValueError, "hypotheses"),
    ],
)
def test_bad_input(kwargs, err, match):
    U = np.random.default_rng(0).choice([-1.0, 1.0], size=(5, 2))
    args = {"weights": [0.5, 0.5], "nu": 1.0, "tol": 1e-6}
    args.update(kwargs)
    w = args.pop("weights")
    with pytest.raises(err, match=match):
        certify.soft_margin_lp(U, w, **args)


def test_report_is_readable(rng):
    U = rng.choice([-1.0, 1.0], size=(10, 4))
    c = certify.hard_margin(U, np.full(4, 0.25), tol=0.0)
    text = c.report()
    assert "hard_margin" in text and "gap" in text and ("CERTIFIED" in text)
    assert str(c) == text


def test_every_booster_has_a_registered_certificate():
    assert set(rb.BOOSTERS) <= set(certify.registered()), sorted(set(rb.BOOSTERS) - set(certify.registered()))
