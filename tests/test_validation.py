"""Bad input gets a clear error naming the parameter and the allowed range."""

import numpy as np
import pytest

import refboost as rb
from refboost import _validation as v


@pytest.mark.parametrize(
    "U, match",
    [
        (np.array([1.0, 0.0]), "2-d"),
        (np.zeros((0, 3)), "empty"),
        (np.array([[0.5, np.nan]]), "finite"),
        (np.array([[0.5, np.inf]]), "finite"),
        (np.array([[1.5, 0.0]]), r"\[-1, 1\]"),
        ([["a", "b"]], "numeric"),
    ],
)
def test_check_U(U, match):
    with pytest.raises((ValueError, TypeError), match=match):
        v.check_U(U)


def test_check_U_tolerates_roundoff():
    U = v.check_U(np.array([[1 + 1e-14, -1 - 1e-14]]))
    assert U.max() == 1.0 and U.min() == -1.0


@pytest.mark.parametrize("y", [[1, 0, -1], [2, 4], [1.0, np.nan]])
def test_check_labels(y):
    with pytest.raises(ValueError, match="y"):
        v.check_labels(y)


@pytest.mark.parametrize(
    "nu, match", [(0.5, r"nu must lie in \[1.0, 5.0\]"), (5.5, "nu"), (np.nan, "finite"), ("2", "real")]
)
def test_check_nu(nu, match):
    with pytest.raises((ValueError, TypeError), match=match):
        v.check_nu(nu, 5)


def test_check_nu_binary_excludes_N():
    with pytest.raises(ValueError, match=r"nu must lie in \[1.0, 5.0\)"):
        v.check_nu_binary(5.0, 5)
    assert v.check_nu_binary(4.999, 5) == 4.999


@pytest.mark.parametrize("eps", [0.0, -1.0, np.inf])
def test_check_eps(eps):
    with pytest.raises(ValueError, match="eps"):
        v.check_eps(eps)


@pytest.mark.parametrize("eta", [0.0, -2.0, np.nan])
def test_check_eta(eta):
    with pytest.raises(ValueError, match="eta"):
        v.check_eta(eta)


@pytest.mark.parametrize("mi, exc", [(0, ValueError), (2.5, TypeError), (True, TypeError)])
def test_check_max_iter(mi, exc):
    with pytest.raises(exc, match="max_iter"):
        v.check_max_iter(mi)


def test_check_distribution():
    with pytest.raises(ValueError, match="sum to 1"):
        v.check_distribution([0.5, 0.6], 2)
    with pytest.raises(ValueError, match="length 3"):
        v.check_distribution([0.5, 0.5], 3)
    with pytest.raises(ValueError, match="non-negative"):
        v.check_distribution([1.5, -0.5], 2)


def test_check_choice():
    with pytest.raises(ValueError, match="method must be one of"):
        v.check_choice("simplex", "method", ("highs", "highs-ds"))
    with pytest.raises(TypeError, match="method"):
        v.check_choice(3, "method", ("highs",))


def test_public_functions_reject_bad_input():
    U = np.array([[1.0, -1.0], [-1.0, 1.0], [0.5, 0.5]])
    o = rb.MatrixOracle(U)
    cases = [
        (lambda: rb.lpboost(U, nu=1.0), TypeError, "oracle"),
        (lambda: rb.lpboost(o, nu=0.0), ValueError, "nu"),
        (lambda: rb.lpboost(o, nu=4.0), ValueError, "nu"),
        (lambda: rb.lpboost(o, eps=0.0), ValueError, "eps"),
        (lambda: rb.lpboost(o, max_iter=0), ValueError, "max_iter"),
        (lambda: rb.lpboost(o, method="simplex"), ValueError, "method"),
        (lambda: rb.soft_margin([0.1, np.nan], 1.0), ValueError, "margins"),
        (lambda: rb.soft_margin([0.1, 0.2], 3.0), ValueError, "nu"),
        (lambda: rb.soft_margin(np.zeros((2, 2)), 1.0), ValueError, "margins"),
        (lambda: rb.edges(U, [0.5, 0.5]), ValueError, "d"),
        (lambda: rb.margins(U, [1.0]), ValueError, "w"),
        (lambda: rb.MatrixOracle(2 * U), ValueError, "U"),
        (lambda: rb.MatrixOracle(U, reflexive=1), TypeError, "reflexive"),
        (lambda: o.best([0.2, 0.2, 0.2]), ValueError, "d"),
        (lambda: o.column(7), ValueError, "key"),
        (lambda: o.columns([0, 9]), ValueError, "keys"),
        (lambda: rb.truth.soft_margin_lp(U, 0.2), ValueError, "nu"),
        (lambda: rb.truth.soft_margin_lp(U, 1.0, method="foo"), ValueError, "method"),
        (lambda: rb.truth.optimal_face_extreme(U, 1.0, [1.0]), ValueError, "c"),
        (lambda: rb.instances.lpboost_worst_case(1), ValueError, "m"),
        (lambda: rb.instances.lpboost_worst_case(4, delta=0.5), ValueError, "delta"),
        (lambda: rb.instances.misclassify_all(U, 0.0), ValueError, "delta"),
        (lambda: rb.instances.planted_pivot(3, 3, 5, 0, 0.0, np.random.default_rng(0)), ValueError, "i"),
    ]
    for fn, exc, match in cases:
        with pytest.raises(exc, match=match):
            fn()


def test_boosters_list_is_the_public_one():
    """refboost.BOOSTERS names every booster once; the scikit-learn wrapper uses the same tuple."""
    import inspect

    import refboost.sklearn as sk

    assert sk.BOOSTERS is rb.BOOSTERS and len(set(rb.BOOSTERS)) == len(rb.BOOSTERS) == 20
    for name in rb.BOOSTERS:
        assert name in rb.__all__ and "oracle" in inspect.signature(getattr(rb, name)).parameters


def test_check_rng_names_the_case():
    g = np.random.default_rng(0)
    assert v.check_rng(g) is g
    with pytest.raises(TypeError, match=r"^rng must be a numpy.random.Generator \(np.random.default_rng\(seed\)\)"):
        v.check_rng(0)
    with pytest.raises(TypeError, match="seed must be a numpy.random.Generator for random splits .*got NoneType"):
        v.check_rng(None, "seed", when="for random splits")
