"""The contract every booster of ``refboost.BOOSTERS`` satisfies, written once.

:class:`BoosterContract` holds the checks (the pattern of scipy's ``LinprogCommonTests``: a base
class of tests, one subclass per family of boosters). ``tests/test_booster_contract.py`` has the
subclasses, each parametrised over the boosters of its family with the family's fast parameters
and the history fields its boosters document. Every booster, on a small +-1 matrix:

* returns a :class:`refboost.BoostResult` named after it, with one finite non-negative weight per
  hypothesis on the simplex (Shen & Li's column generation: ``||w||_1 <= 1/T``), the distribution
  on the simplex, margins ``U[:, hypotheses] @ weights``, a finite gap, and the parameters it ran with;
* keeps one history record per iteration with the family's documented fields (finite numbers,
  ``t`` non-decreasing);
* carries ``extra["certificate"]``, and ``converged`` is exactly what
  ``refboost.certify.result(res, U, bound="dual")`` confirms from the returned weights and
  distributions alone;
* gives an identical result on a rerun, leaves the caller's matrix untouched, and gives the same
  result for any :class:`refboost.Oracle` over the same columns as for a
  :class:`refboost.MatrixOracle` (``adaboost_qp`` with its ``pool``, as documented);
* refuses a raw matrix (it takes an oracle) with a ``TypeError`` naming ``oracle``;
* declares every keyword parameter (:func:`refboost.boosters._params.constraints`); each declared bad value
  raises an error naming the parameter (a value of the wrong type ``TypeError``, one out of range
  ``ValueError``; in particular an out-of-range ``nu``, ``eps`` or ``eta`` a ``ValueError``);
  ``nu = N`` is accepted exactly when the booster's ``nu`` allows it; a missing required parameter
  is named;
* stops with a clear error naming the oracle column (and what is wrong with it) when a
  user-written oracle returns a NaN column, one of the wrong length, one outside [-1, 1] or a
  complex one (never a hang).
"""

from __future__ import annotations

import inspect
import math
import numbers
import signal

import numpy as np
import pytest

import refboost as rb
from refboost.boosters._params import Bool, Choice, Int, Nu, Real
from refboost.oracles import Oracle

#: Parameters that every booster of a family is checked with a ValueError for (out of range).
RANGE_CHECKED = ("nu", "eps", "eta")


def pm1_matrix(seed: int = 4, N: int = 12, K: int = 7) -> np.ndarray:
    """A seeded random +-1 matrix, +1 with probability 0.65: the instance the contract runs every booster on.

    The default one is separable (hard margin 1/3), so that the AdaBoost family takes real steps.
    """
    return np.where(np.random.default_rng(seed).random((N, K)) < 0.65, 1.0, -1.0)


class UserOracle(Oracle):
    """A user-written oracle over the columns of ``U`` without a ``U`` attribute.

    It answers as :class:`refboost.MatrixOracle` does: the maximum edge, the lowest index among the
    edges within ``1e-12`` of it.
    """

    def __init__(self, U):
        self._U = np.asarray(U, dtype=float)
        self.n_examples = self._U.shape[0]

    def best(self, d):
        e = self._U.T @ d
        j = int(np.flatnonzero(e >= e.max() - 1e-12)[0])
        return j, self._U[:, j].copy()

    def column(self, key):
        return self._U[:, key].copy()


class BrokenOracle(Oracle):
    """A user-written oracle that returns a broken column (``mode``) on every call."""

    #: What the message says of each broken column (a column from ``best``/``column``, or a block
    #: from ``columns``).
    MESSAGES = {"nan": "finite", "length": "one entry per example|must return shape", "range": r"\[-1, 1\]",
                "complex": "real"}

    def __init__(self, mode):
        self.U = pm1_matrix(3, 8, 5)
        self.n_examples = self.U.shape[0]
        self.mode = mode

    def _broken(self, u):
        if self.mode == "nan":
            u = u.copy()
            u[2] = np.nan
        elif self.mode == "length":
            u = u[:-1]
        elif self.mode == "range":
            u = 3.0 * u
        elif self.mode == "complex":
            u = u + 0.5j
        return u

    def best(self, d):
        j = int(np.argmax(self.U.T @ d))
        return j, self._broken(self.U[:, j].copy())

    def column(self, key):
        return self._broken(self.U[:, key].copy())


def expected_error(constraint, value) -> tuple[type[Exception], ...]:
    """The exception a declared bad value must raise: a value of the wrong type a ``TypeError``, a value
    of the right type outside the range a ``ValueError`` (either, for a parameter of its own kind)."""
    real = isinstance(value, numbers.Real) and not isinstance(value, bool)
    if isinstance(constraint, Choice):
        return (ValueError,) if isinstance(value, str) else (TypeError,)
    if isinstance(constraint, Bool):
        return (TypeError,)
    if isinstance(constraint, Int):
        return (ValueError,) if isinstance(value, numbers.Integral) and not isinstance(value, bool) else (TypeError,)
    if isinstance(constraint, Nu | Real):
        return (ValueError,) if real else (TypeError,)
    return (ValueError, TypeError)


def assert_same_result(a, b):
    """Two results are identical (weights, distribution and margins to the bit)."""
    assert a.algorithm == b.algorithm and a.message == b.message
    assert list(a.hypotheses) == list(b.hypotheses)
    np.testing.assert_array_equal(a.weights, b.weights)
    np.testing.assert_array_equal(a.distribution, b.distribution)
    np.testing.assert_array_equal(a.margins, b.margins)
    assert a.n_iter == b.n_iter and a.converged == b.converged and a.gap == b.gap
    assert len(a.history) == len(b.history)


class BoosterContract:
    """What every booster of ``refboost.BOOSTERS`` must satisfy.

    A subclass is parametrised over ``name`` (the boosters of one family) and sets:

    * :attr:`boosters` -- the names;
    * :attr:`params` -- ``{name: fast keyword arguments}`` (required parameters included);
    * :attr:`history_fields` -- the fields every history record of the family has;
    * :attr:`l1_ball` -- boosters whose weights lie in ``||w||_1 <= 1/T`` instead of on the simplex.
    """

    boosters: tuple[str, ...] = ()
    params: dict[str, dict] = {}
    history_fields: frozenset[str] = frozenset({"t"})
    l1_ball: frozenset[str] = frozenset()

    # -- helpers --------------------------------------------------------------------------

    def kwargs(self, name: str) -> dict:
        return dict(self.params.get(name, {}))

    def required(self, name: str) -> dict:
        """The values of ``name``'s required parameters (those without a default) in :attr:`params`."""
        sig = inspect.signature(getattr(rb, name))
        return {p: self.params[name][p] for p, par in sig.parameters.items()
                if p != "oracle" and par.default is inspect.Parameter.empty}

    @staticmethod
    def takes_pool(name: str) -> bool:
        """The booster optimises over a finite pool, given as ``pool`` for an oracle without a matrix."""
        return "pool" in inspect.signature(getattr(rb, name)).parameters

    def run(self, name: str, oracle=None, **override):
        U = pm1_matrix()
        return getattr(rb, name)(rb.MatrixOracle(U) if oracle is None else oracle, **{**self.kwargs(name), **override})

    # -- the result -----------------------------------------------------------------------

    def test_result_is_a_valid_combination(self, name):
        U = pm1_matrix()
        res = self.run(name)
        where = f"{name}: {res.message}"
        assert isinstance(res, rb.BoostResult) and res.algorithm == name, where
        w = np.asarray(res.weights)
        assert w.dtype == float and w.ndim == 1 and w.shape[0] == len(res.hypotheses) >= 1, where
        assert np.all(np.isfinite(w)) and np.all(w >= 0), where
        if name in self.l1_ball:
            assert w.sum() <= 1.0 / self.params[name]["T"] * (1 + 1e-12), where
        else:
            assert abs(w.sum() - 1.0) <= 1e-12, f"weights sum to {w.sum()}: {where}"
        d = np.asarray(res.distribution)
        assert d.shape == (U.shape[0],) and np.all(np.isfinite(d)) and np.all(d >= 0), where
        assert abs(d.sum() - 1.0) <= 1e-9, f"distribution sums to {d.sum()}: {where}"
        np.testing.assert_allclose(res.margins, U[:, res.hypotheses] @ w, rtol=0, atol=1e-12, err_msg=where)
        assert isinstance(res.n_iter, numbers.Integral) and res.n_iter >= 0, where
        assert isinstance(res.gap, float) and math.isfinite(res.gap), where
        assert isinstance(res.converged, bool) and isinstance(res.message, str) and res.message, where
        for k, v in self.kwargs(name).items():
            assert res.params[k] == v, f"{name}: params[{k!r}] = {res.params.get(k)!r}, ran with {v!r}"

    def test_history_has_the_documented_fields(self, name):
        res = self.run(name)
        assert isinstance(res.history, list) and res.history, name
        ts = []
        for k, rec in enumerate(res.history):
            missing = self.history_fields - set(rec)
            assert not missing, f"{name}: history[{k}] lacks {sorted(missing)}"
            for key, v in rec.items():
                if isinstance(v, numbers.Real) and not isinstance(v, bool):
                    assert math.isfinite(v), f"{name}: history[{k}][{key!r}] = {v}"
            ts.append(rec["t"])
        assert all(isinstance(t, numbers.Integral) for t in ts) and ts == sorted(ts), f"{name}: t = {ts}"

    def test_converged_is_the_certificate(self, name):
        U = pm1_matrix()
        res = self.run(name)
        cert = res.extra["certificate"]
        assert isinstance(cert, rb.certify.Certificate) and cert.ok == res.converged, name
        own = rb.certify.result(res, U, bound="dual")
        assert own.ok == res.converged, f"{name}: converged={res.converged}, certificate ok={own.ok}\n{own.report()}"

    def test_deterministic_and_input_untouched(self, name):
        U = pm1_matrix()
        before = U.copy()
        a = getattr(rb, name)(rb.MatrixOracle(U), **self.kwargs(name))
        b = getattr(rb, name)(rb.MatrixOracle(U), **self.kwargs(name))
        np.testing.assert_array_equal(U, before)
        assert_same_result(a, b)

    def test_any_oracle_over_the_same_columns(self, name):
        a = self.run(name)
        pool = {"pool": list(range(pm1_matrix().shape[1]))} if self.takes_pool(name) else {}
        b = self.run(name, UserOracle(pm1_matrix()), **pool)
        # the same run; only the gap may be computed differently from a matrix at hand (round-off)
        assert list(a.hypotheses) == list(b.hypotheses) and a.converged == b.converged, name
        np.testing.assert_array_equal(a.weights, b.weights)
        np.testing.assert_allclose(b.distribution, a.distribution, rtol=0, atol=1e-12)
        assert abs(a.gap - b.gap) <= 1e-9 * max(1.0, abs(a.gap)), (a.gap, b.gap)

    # -- bad input --------------------------------------------------------------------------

    def test_a_matrix_is_not_an_oracle(self, name):
        with pytest.raises(TypeError, match="oracle"):
            getattr(rb, name)(pm1_matrix(), **self.required(name))

    def test_every_parameter_is_declared(self, name):
        fn = getattr(rb, name)
        spec = getattr(fn, "__refboost_constraints__", None)
        assert spec is not None, f"{name} declares no parameter constraints (refboost.boosters._params.constraints)"
        kw = {p.name for p in inspect.signature(fn).parameters.values() if p.kind is inspect.Parameter.KEYWORD_ONLY}
        assert kw <= set(spec), f"{name}: undeclared parameters {sorted(kw - set(spec))}"

    def test_bad_parameter_values_are_named(self, name):
        fn = getattr(rb, name)
        U = pm1_matrix(3, 8, 5)
        wrong = []
        for pname, c in fn.__refboost_constraints__.items():
            for bad in c.bad_values():
                expected = expected_error(c, bad)
                try:
                    fn(rb.MatrixOracle(U), **{**self.required(name), pname: bad})
                except (ValueError, TypeError) as exc:
                    if pname not in str(exc) or not isinstance(exc, expected):
                        wrong.append(f"{pname}={bad!r}: {type(exc).__name__}: {exc}")
                else:
                    wrong.append(f"{pname}={bad!r}: accepted")
        assert not wrong, f"{name}: " + "; ".join(wrong)

    def test_nu_eps_eta_out_of_range_is_a_value_error(self, name):
        fn = getattr(rb, name)
        U = pm1_matrix(3, 8, 5)
        N = U.shape[0]
        spec = fn.__refboost_constraints__
        for pname in RANGE_CHECKED:
            c = spec.get(pname)
            if c is None:
                continue
            assert isinstance(c, Nu | Real), f"{name}: {pname} is declared as {c!r}"
            bad = [v for v in c.bad_values() if isinstance(v, float)]
            if isinstance(c, Nu):
                bad += [float(N + 1)] + ([float(N)] if c.binary else [])
            for v in bad:
                with pytest.raises(ValueError, match=pname):
                    fn(rb.MatrixOracle(U), **{**self.required(name), pname: v})
        if isinstance(spec.get("nu"), Nu) and not spec["nu"].binary:
            res = fn(rb.MatrixOracle(U), **{**self.kwargs(name), "nu": float(N)})  # nu = N: the hard margin
            assert abs(res.weights.sum() - 1.0) <= 1e-12

    def test_missing_required_parameter_is_named(self, name):
        fn = getattr(rb, name)
        required = self.required(name)
        for pname in required:
            with pytest.raises(TypeError, match=pname):
                fn(rb.MatrixOracle(pm1_matrix()), **{k: v for k, v in required.items() if k != pname})

    @pytest.mark.parametrize("mode", sorted(BrokenOracle.MESSAGES))
    def test_broken_oracle_column_is_named(self, name, mode):
        def _timeout(signum, frame):  # pragma: no cover - only on a hang
            raise AssertionError(f"{name} with a {mode} oracle column did not answer in 60 s")

        old = signal.signal(signal.SIGALRM, _timeout)
        signal.alarm(60)
        try:
            kwargs = dict(self.required(name))
            if self.takes_pool(name):
                kwargs["pool"] = [0, 1, 2]
            with pytest.raises((ValueError, TypeError), match=r"oracle[ .]column") as exc:
                getattr(rb, name)(BrokenOracle(mode), **kwargs)
            assert exc.match(BrokenOracle.MESSAGES[mode])
        finally:
            signal.alarm(0)
            signal.signal(signal.SIGALRM, old)
