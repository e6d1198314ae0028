"""Instances on which a booster once returned an invalid result (found by randomised property runs).

Each stays here as a fixed test so that the fix is kept: the returned distribution is on the simplex and
``converged`` agrees with the independent certificate.
"""

import numpy as np
import pytest

import refboost as rb

# AdaBoost (AdaBoost_Norm2 with beta = 0) on a degenerate matrix: the steps grow to ~1e10 and
# normalising log d at the max's precision left the distribution's sum off by 1.9e-7.
U_GAUSSIAN_4x5 = np.array([
    [-0.18966065, -0.16490369, -0.66657893, -0.62973875, 0.45374856],
    [-0.02277359, 0.66023722, 0.38642256, -0.02863918, 0.08095153],
    [-0.19664341, 0.14245328, 0.38028646, -1.0, 0.08309314],
    [0.43118179, -0.42970716, 1.0, 0.01117073, -0.31189425],
])


@pytest.mark.parametrize("max_iter", [22, 26, 31, 32, 40])
@pytest.mark.parametrize("booster", ["adaboost_norm2", "adaboost_kl"])
def test_exploding_steps_keep_the_distribution_on_the_simplex(booster, max_iter):
    oracle = rb.MatrixOracle(U_GAUSSIAN_4x5, reflexive=True)
    res = getattr(rb, booster)(oracle, beta=0.0, eps=0.0, max_iter=max_iter)
    d = res.distribution
    assert np.all(d >= 0) and abs(d.sum() - 1.0) <= 1e-12, d.sum()
    assert res.converged == rb.certify.result(res, oracle.U, bound="dual").ok


def test_softboost_where_31_is_feasible_only_within_highs_tolerance():
    # one column, nu = 1: the bound gamma_hat - eps reaches -1 - 5e-13, where (3.1) has no interior point
    # but HiGHS' feasibility test passes; the dual ascent diverged and d was NaN
    U = np.array([[1.0], [1.0], [1.0], [-1.0]])
    res = rb.softboost(rb.MatrixOracle(U), nu=1.0, eps=0.1, max_iter=200)
    d = res.distribution
    assert np.all(np.isfinite(d)) and np.all(d >= 0) and abs(d.sum() - 1.0) <= 1e-12
    assert res.converged == rb.certify.result(res, U, bound="dual").ok
    assert res.history[-1].get("stop") is True
