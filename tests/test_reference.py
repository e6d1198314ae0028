"""The stored reference instances in data/ carry valid certificates (and match a fresh solve)."""

from pathlib import Path

import numpy as np
import pytest

import refboost as rb
from refboost.reference import load_lp_reference

DIRS = sorted((Path(__file__).resolve().parents[1] / "data" / "lp").glob("*"))
TOL = 1e-8


def test_references_exist():
    assert len(DIRS) >= 10


@pytest.mark.parametrize("path", DIRS, ids=lambda p: p.name)
def test_lp_reference_certificate(path):
    U, sol = load_lp_reference(path)
    nu = sol["nu"]
    d, w, psi = (np.array(sol[k]) for k in ("d", "w", "psi"))
    # primal feasibility of both solutions
    assert abs(d.sum() - 1) <= TOL and d.min() >= -TOL and d.max() <= 1 / nu + TOL
    assert abs(w.sum() - 1) <= TOL and w.min() >= -TOL and psi.min() >= -TOL
    # weak duality sandwich closes: soft margin of w (lower bound) = max edge of d (upper bound)
    lower, upper = rb.soft_margin(U @ w, nu), np.max(U.T @ d)
    assert upper - lower <= 1e-7
    assert abs(sol["value"] - upper) <= 1e-7
    # and LPBoost reaches the same value
    res = rb.lpboost(rb.MatrixOracle(U), nu=nu, eps=1e-9)
    assert abs(res.extra["P_LP"] - sol["value"]) <= 1e-7
