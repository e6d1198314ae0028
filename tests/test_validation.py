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


NU_5 = r"^nu must be a finite real in \[1, N = 5\] \(N = number of examples\), got "


@pytest.mark.parametrize("nu, exc, got", [(0.5, ValueError, "0.5"), (5.5, ValueError, "5.5"),
                                          (np.nan, ValueError, "nan"), ("2", TypeError, "str")])
def test_check_nu(nu, exc, got):
    with pytest.raises(exc, match=NU_5 + got + "$"):
        v.check_nu(nu, 5)


def test_check_nu_binary_excludes_N():
    with pytest.raises(ValueError, match=NU_5.replace(r"N = 5\]", r"N = 5\)") + "5.0$"):
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
    with pytest.raises(ValueError, match=r"^d must have length N = 3, got 2$"):
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



def _message(fn, name: str | None = None) -> str:
    """The message ``fn()`` raises, with the parameter's own name (if given) read as ``{name}``."""
    with pytest.raises((ValueError, TypeError)) as exc:
        fn()
    msg = str(exc.value)
    return msg.replace(f"{name} must", "{name} must", 1) if name else msg


_U4 = np.array([[1.0, -1.0, 0.5], [-1.0, 1.0, 0.5], [0.5, 0.5, -1.0], [1.0, 1.0, -1.0]])  # N = 4, K = 3
_W3 = np.full(3, 1.0 / 3.0)


@pytest.mark.parametrize("nu", [0.0, 5.0])  # nu < 1, nu > N
def test_one_message_per_mistake_nu(nu):
    """The same mistake gets the same message from a booster, a certify function, a ground-truth
    function and the conformance kit (refboost._validation is the one vocabulary)."""
    from refboost import certify, truth
    from refboost import conformance as kit

    U, w = _U4, _W3
    said = {
        "booster": _message(lambda: rb.lpboost(rb.MatrixOracle(U), nu=nu)),
        "booster (entropy)": _message(lambda: rb.erlpboost(rb.MatrixOracle(U), nu=nu)),
        "certify": _message(lambda: certify.soft_margin_lp(U, w, nu=nu)),
        "certify (entropy)": _message(lambda: certify.erlp_36(U, w, nu=nu, eta=1.0)),
        "certify (corrective)": _message(lambda: certify.corrective_46(U[:, 0], U[:, 1], np.full(4, 0.25),
                                                                        nu=nu, eta=1.0)),
        "truth": _message(lambda: truth.soft_margin_lp(U, nu)),
        "truth (entropy)": _message(lambda: truth.erlp_primal_36(U, nu, eta=1.0)),
        "kit": _message(lambda: kit.certify_candidate("soft_margin_lp", U, {"nu": nu}, weights=w)),
        "kit (entropy)": _message(lambda: kit.certify_candidate("erlp_36", U, {"nu": nu, "eta": 1.0}, weights=w)),
    }
    want = f"nu must be a finite real in [1, N = 4] (N = number of examples), got {nu!r}"
    assert said == dict.fromkeys(said, want)


def test_one_message_per_mistake_arrays():
    """NaN in U, a weight vector or a distribution of the wrong length: one message each (naming the
    function's own parameter), from every layer."""
    from refboost import certify, truth
    from refboost import conformance as kit

    U, w = _U4, _W3
    Un = U.copy()
    Un[1, 2] = np.nan
    said = {
        "booster (its oracle)": _message(lambda: rb.lpboost(rb.MatrixOracle(Un), nu=1.0)),
        "certify": _message(lambda: certify.soft_margin_lp(Un, w, nu=1.0)),
        "truth": _message(lambda: truth.soft_margin_lp(Un, 1.0)),
        "kit": _message(lambda: kit.certify_candidate("soft_margin_lp", Un, {"nu": 1.0}, weights=w)),
    }
    assert said == dict.fromkeys(said, "U must contain only finite values (found NaN or inf)")

    # a booster takes no weight vector (it returns one): the library's margins U w stands for it
    w2 = w[:2]
    said = {
        "margins": _message(lambda: rb.margins(U, w2), "w"),
        "certify": _message(lambda: certify.soft_margin_lp(U, w2, nu=1.0), "weights"),
        "certify (entropy)": _message(lambda: certify.erlp_36(U, w2, nu=1.0, eta=1.0), "weights"),
        "truth": _message(lambda: truth.optimal_face_extreme(U, 1.0, w2), "c"),
        "kit": _message(lambda: kit.certify_candidate("soft_margin_lp", U, {"nu": 1.0}, weights=w2), "weights"),
    }
    assert said == dict.fromkeys(said, "{name} must have length U.shape[1] = 3, got 2")

    d2 = np.full(2, 0.5)
    said = {
        "oracle": _message(lambda: rb.MatrixOracle(U).best(d2), "d"),
        "certify": _message(lambda: certify.soft_margin_lp(U, w, nu=1.0, distribution=d2), "distribution"),
        "kit": _message(lambda: kit.certify_candidate("soft_margin_lp", U, {"nu": 1.0}, weights=w, distribution=d2),
                        "distribution"),
    }
    assert said == dict.fromkeys(said, "{name} must have length N = 4, got 2")
    assert _message(lambda: rb.edges(U, np.full(4, 0.2))) == "d must sum to 1, sums to 0.8"
