"""Bad input to the oracles and the ground truth gets a clear error naming the parameter.

What every booster of ``refboost.BOOSTERS`` does with bad input (declared parameters, bad values,
missing required parameters, a matrix instead of an oracle, a user-written oracle returning a
broken column) is part of the booster contract: tests/booster_contract.py, run by
tests/test_booster_contract.py.
"""

from __future__ import annotations

import numpy as np
import pytest

import refboost as rb


def _U():
    return np.random.default_rng(3).choice([-1.0, 1.0], size=(8, 5))


@pytest.mark.parametrize("bad, err", [(None, TypeError), ("x", TypeError), (-1.0, ValueError), (np.nan, ValueError)])
def test_matrix_oracle_tie_tol(bad, err):
    with pytest.raises(err, match="tie_tol"):
        rb.MatrixOracle(_U(), tie_tol=bad)


def test_matrix_oracle_refuses_complex():
    with pytest.raises(TypeError, match="real"):
        rb.MatrixOracle(_U() * (1 + 0.5j))


def test_truth_eta_zero():
    with pytest.raises(ValueError, match="eta"):
        rb.truth.erlp_primal_36(_U() * 0.5, 1.0, eta=0)
