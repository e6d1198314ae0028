"""The soft-margin LP reference instances (kept in the conformance kit) carry valid certificates
and match a fresh solve; the older directory layout still round-trips."""

import numpy as np
import pytest

import refboost as rb
from refboost.conformance.reference import load_lp_reference, names, write_lp_references

NAMES = names()
TOL = 1e-8


def test_references_exist():
    assert len(NAMES) == 10
    assert {"thm2_5_N10", "thm2_5_N80", "random_pm1_0", "random_uniform_1"} <= set(NAMES)


@pytest.mark.parametrize("name", NAMES)
def test_lp_reference_certificate(name):
    U, sol = load_lp_reference(name)
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


def test_older_layout_round_trip(tmp_path):
    dirs = write_lp_references(tmp_path)
    assert sorted(p.name for p in dirs) == NAMES
    U, sol = load_lp_reference(tmp_path / "lp" / "thm2_5_N10")
    U2, sol2 = load_lp_reference("thm2_5_N10")
    np.testing.assert_array_equal(U, U2)
    assert abs(sol["value"] - sol2["value"]) <= 1e-9


def test_unknown_name():
    with pytest.raises(ValueError, match="name_or_path must be one of"):
        load_lp_reference("no_such_instance")
