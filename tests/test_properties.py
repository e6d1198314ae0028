"""Property tests: every booster of ``refboost.BOOSTERS`` on adversarial instances.

Each example draws an instance family of :func:`refboost.instances.adversarial` (optimum <= 0,
every edge negative, ties, duplicated rows and columns, rank-1, an all +1 / all -1 column, zeros,
entries of size 1e-200 and 1e-8, one column, Glocer's worst case), reflexive or not, N from 2 to
400, and the booster's parameters (nu = 1, fractional nu, nu just below N; eps down to 1e-8 where
the family supports it). Every run asserts:

* no exception escapes on valid input and no warning is raised (warnings are errors);
* weights are finite, non-negative, one per hypothesis, and lie where the family's combination lives
  (the simplex; Shen & Li's column generation: ``||w||_1 <= 1/T`` resp. the l1 ball);
* no NaN or inf in weights, distribution, margins, gap, numeric history fields;
* ``converged`` holds exactly when :func:`refboost.certify.result` confirms the booster's documented
  statement from the returned weights and distributions alone (and a converged result is also
  confirmed with ground truth as the bound);
* an identical rerun gives an identical result, and the caller's array is not mutated.

Instance counts per booster are in :data:`EXAMPLES` (at least 2,000 per family of boosters).
"""

from __future__ import annotations

import math
import numbers
import os
import warnings

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

import refboost as rb
from refboost.instances import ADVERSARIAL_KINDS, adversarial

#: Families of boosters and the examples each booster runs (>= 2,000 per family).
FAMILIES = {
    "soft margin LP": {"lpboost": 2000},
    "entropy-regularised (totally corrective)": {"softboost": 500, "totalboost": 500, "erlpboost": 500,
                                                 "binary_erlpboost": 500},
    "corrective": {"corrective_erlpboost": 1000, "corrective_binary_erlpboost": 1000},
    "Frank-Wolfe": {"cerlpboost": 1000, "mlpboost": 1000},
    "AdaBoost dynamics": {"adaboost": 500, "arcgv": 500, "adaboost_star": 500, "coordinate_ascent": 500},
    "Shen & Li": {"adaboost_qp": 500, "adaboost_cg": 500, "logitboost_cg": 500, "lpboost_hinge": 500},
    "Sun et al.": {"adaboost_kl": 700, "adaboost_norm2": 700, "adaboost_reg": 700},
}
EXAMPLES = {name: n for fam in FAMILIES.values() for name, n in fam.items()}

#: ``REFBOOST_PROPERTY_SCALE=0.05`` runs 5 % of the examples (a quick look while developing).
SCALE = float(os.environ.get("REFBOOST_PROPERTY_SCALE", "1"))

#: Boosters whose weights are not on the simplex of the class (Shen & Li's l1-constrained problems).
L1_BALL = {"adaboost_cg", "logitboost_cg"}


def test_every_booster_is_covered():
    assert set(EXAMPLES) == set(rb.BOOSTERS)
    assert all(sum(f.values()) >= 2000 for f in FAMILIES.values())


# ------------------------------------------------------------------------------------------
# strategies
# ------------------------------------------------------------------------------------------

_N = st.one_of(st.integers(2, 8), st.integers(9, 40), st.integers(41, 120), st.integers(121, 400))
_N_WEIGHTS = st.sampled_from([0, 0, 0, 1, 1, 2, 3])  # mostly small N: large ones are few and slow


@st.composite
def instances(draw):
    kind = draw(st.sampled_from(ADVERSARIAL_KINDS))
    band = draw(_N_WEIGHTS)
    N = draw([st.integers(2, 8), st.integers(9, 40), st.integers(41, 120), st.integers(121, 400)][band])
    K = draw(st.integers(1, 12))
    seed = draw(st.integers(0, 2**32 - 1))
    reflexive = draw(st.booleans())
    U = adversarial(kind, N, K, np.random.default_rng(seed))
    return kind, U, reflexive


def _nu(draw, N, *, binary=False):
    """nu = 1, a fractional nu, or nu just below N (binary families need nu < N)."""
    choices = ["one", "fraction", "near_N"] + ([] if binary else ["N"])
    c = draw(st.sampled_from(choices))
    if c == "one" or N <= 1:
        return 1.0
    if c == "fraction":
        return draw(st.floats(1.0, float(N) - (1e-3 if binary else 0.0), allow_nan=False))
    if c == "near_N":
        return float(N) * (1 - 1e-9)
    return float(N)


def _params(draw, name, N):
    if name == "lpboost":
        return {"nu": _nu(draw, N), "eps": draw(st.sampled_from([1e-2, 1e-4, 1e-8]))}
    if name == "softboost":
        return {"nu": _nu(draw, N), "eps": draw(st.sampled_from([1e-1, 3e-2, 1e-2])), "max_iter": 200}
    if name == "totalboost":
        return {"eps": draw(st.sampled_from([1e-1, 3e-2, 1e-2])), "max_iter": 200}
    if name in ("erlpboost", "binary_erlpboost"):
        return {"nu": _nu(draw, N, binary=name.startswith("binary")),
                "eps": draw(st.sampled_from([1e-1, 1e-2, 1e-3])), "max_iter": 200}
    if name.startswith("corrective"):
        return {"nu": _nu(draw, N, binary="binary" in name), "eps": draw(st.sampled_from([0.3, 0.2, 0.1])),
                "max_iter": 1500}
    if name in ("cerlpboost", "mlpboost"):
        return {"nu": _nu(draw, N, binary=True) if N > 1 else 1.0,
                "eps": draw(st.sampled_from([1e-1, 1e-2, 1e-3, 1e-8])), "max_iter": 300}
    if name in ("adaboost", "arcgv", "coordinate_ascent"):
        p = {"max_iter": draw(st.integers(1, 150)), "eps": draw(st.sampled_from([None, 1e-2, 1e-4])),
             "store_d": False}
        if name == "coordinate_ascent":
            p["method"] = draw(st.sampled_from(["approximate", "exact"]))
        return p
    if name == "adaboost_star":
        return {"nu": draw(st.sampled_from([1.0, 0.5, 0.2])), "max_iter": draw(st.integers(1, 150)),
                "store_d": False}
    if name == "adaboost_qp":
        return {"T": draw(st.sampled_from([0.1, 1.0, 10.0]))}
    if name in ("adaboost_cg", "logitboost_cg"):
        return {"T": draw(st.sampled_from([0.5, 2.0, 20.0])), "max_iter": 200}
    if name == "lpboost_hinge":
        # D >= 1/N: below it the hinge LP (21) is unbounded at p = 1 (Shen & Li, dual feasibility)
        return {"D": max(draw(st.sampled_from([1.0, 0.5, 0.1])), 1.0 / N),
                "p": draw(st.sampled_from([1.0, 1.0001, 1.5, 2.0, 3.0])), "max_iter": 200}
    if name in ("adaboost_kl", "adaboost_norm2", "adaboost_reg"):
        return {"beta": draw(st.sampled_from([0.0, 0.05, 0.5, 5.0])), "eps": draw(st.sampled_from([0.0, 1e-3])),
                "max_iter": draw(st.integers(1, 100))}
    raise AssertionError(name)  # pragma: no cover


# ------------------------------------------------------------------------------------------
# the checks
# ------------------------------------------------------------------------------------------


def _finite_history(res):
    for k, rec in enumerate(res.history):
        for key, v in rec.items():
            if isinstance(v, numbers.Real) and not isinstance(v, bool):
                assert math.isfinite(v), f"history[{k}][{key!r}] = {v} is not finite"


def _same(a, b):
    assert a.algorithm == b.algorithm
    assert list(a.hypotheses) == list(b.hypotheses)
    np.testing.assert_array_equal(a.weights, b.weights)
    np.testing.assert_array_equal(a.distribution, b.distribution)
    np.testing.assert_array_equal(a.margins, b.margins)
    assert a.n_iter == b.n_iter and a.converged == b.converged
    assert (a.gap == b.gap) or (math.isnan(a.gap) and math.isnan(b.gap))


def check_booster(name, U, reflexive, params):
    fn = getattr(rb, name)
    U_before = U.copy()
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        res = fn(rb.MatrixOracle(U, reflexive=reflexive), **params)
        res2 = fn(rb.MatrixOracle(U, reflexive=reflexive), **params)
    np.testing.assert_array_equal(U, U_before)  # the caller's array is untouched
    where = f"{name}({params}) on N = {U.shape[0]}, K = {U.shape[1]}, reflexive = {reflexive}: {res.message}"
    w = np.asarray(res.weights, dtype=float)
    assert w.ndim == 1 and w.shape[0] == len(res.hypotheses) >= 1, f"no combination returned: {where}"
    assert np.all(np.isfinite(w)) and np.all(w >= 0), where
    if name in L1_BALL:
        assert w.sum() <= 1.0 / params["T"] * (1 + 1e-9) + 1e-12, where
    else:
        assert abs(w.sum() - 1.0) <= 1e-9, f"weights sum to {w.sum()}: {where}"
    d = np.asarray(res.distribution, dtype=float)
    assert d.shape == (U.shape[0],) and np.all(np.isfinite(d)) and np.all(d >= -1e-12), where
    assert abs(d.sum() - 1.0) <= 1e-8, f"distribution sums to {d.sum()}: {where}"
    assert np.all(np.isfinite(res.margins)), where
    assert math.isfinite(res.gap), f"gap = {res.gap}: {where}"
    _finite_history(res)
    oracle_U = rb.MatrixOracle(U, reflexive=reflexive).U
    if res.converged:
        cert = rb.certify.result(res, oracle_U)  # with ground truth as a fallback bound
        assert cert.ok, f"converged=True but not certified: {where}\n{cert.report()}"
    own = rb.certify.result(res, oracle_U, bound="dual")  # the returned weights and distributions alone
    assert own.ok == res.converged, f"converged={res.converged} but the certificate says ok={own.ok}: {where}"
    _same(res, res2)
    return res


def _make_test(name):
    @settings(max_examples=max(1, int(EXAMPLES[name] * SCALE)),
              suppress_health_check=[HealthCheck.too_slow, HealthCheck.data_too_large])
    @given(data=st.data())
    def test_properties(self, data):
        kind, U, reflexive = data.draw(instances(), label="instance")
        params = _params(data.draw, name, U.shape[0])
        data.draw(st.just(params), label="params")
        check_booster(name, U, reflexive, params)

    cls = type(f"TestProperties_{name}", (), {"test_properties": test_properties, "booster": name})
    return cls


for _name in rb.BOOSTERS:
    globals()[f"TestProperties_{_name}"] = _make_test(_name)
del _name
