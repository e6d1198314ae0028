"""Bad input gets a clear error, for every booster of ``refboost.BOOSTERS``.

* Every keyword parameter of every booster is declared once with its allowed range
  (:func:`refboost._params.constraints`); each declared bad value must raise ``ValueError`` or
  ``TypeError`` whose message names the parameter.
* A user-written oracle whose column is NaN, of the wrong length, outside [-1, 1] or complex gets a
  clear error naming the oracle column, from every booster (never a numpy/scipy/HiGHS internal message,
  never a hang).
"""

from __future__ import annotations

import inspect
import signal

import numpy as np
import pytest

import refboost as rb
from refboost.oracles import Oracle

#: Values for the required parameters (those without a default) and fast settings.
REQUIRED = {"adaboost_star": {"nu": 0.5}, "adaboost_qp": {"T": 1.0}, "adaboost_cg": {"T": 1.0},
            "logitboost_cg": {"T": 1.0}, "lpboost_hinge": {"D": 0.5}}


def _U():
    return np.random.default_rng(3).choice([-1.0, 1.0], size=(8, 5))


@pytest.mark.parametrize("name", rb.BOOSTERS)
def test_every_parameter_is_declared(name):
    fn = getattr(rb, name)
    spec = getattr(fn, "__refboost_constraints__", None)
    assert spec is not None, f"{name} declares no parameter constraints (refboost._params.constraints)"
    sig = inspect.signature(fn)
    kw = {p.name for p in sig.parameters.values() if p.kind is inspect.Parameter.KEYWORD_ONLY}
    assert kw <= set(spec), f"{name}: undeclared parameters {sorted(kw - set(spec))}"


def _cases():
    for name in rb.BOOSTERS:
        spec = getattr(getattr(rb, name), "__refboost_constraints__", {}) or {}
        for pname, c in spec.items():
            for bad in c.bad_values():
                yield pytest.param(name, pname, bad, id=f"{name}-{pname}={bad!r}")


@pytest.mark.parametrize("name, pname, bad", list(_cases()))
def test_bad_parameter_value_is_named(name, pname, bad):
    fn = getattr(rb, name)
    kwargs = {**REQUIRED.get(name, {}), pname: bad}
    with pytest.raises((ValueError, TypeError)) as exc:
        fn(rb.MatrixOracle(_U()), **kwargs)
    assert pname in str(exc.value), f"{name}({pname}={bad!r}): the message does not name {pname}: {exc.value}"


@pytest.mark.parametrize("name", sorted(REQUIRED))
def test_missing_required_parameter_is_named(name):
    fn = getattr(rb, name)
    for pname in REQUIRED[name]:
        kwargs = {k: v for k, v in REQUIRED[name].items() if k != pname}
        with pytest.raises(TypeError, match=pname):
            fn(rb.MatrixOracle(_U()), **kwargs)


@pytest.mark.parametrize("name", rb.BOOSTERS)
def test_oracle_must_be_an_oracle(name):
    with pytest.raises(TypeError, match="oracle"):
        getattr(rb, name)(_U(), **REQUIRED.get(name, {}))


class BrokenOracle(Oracle):
    """A user-written oracle that returns a broken column (``mode``) from the second call on."""

    def __init__(self, mode):
        self.U = _U()
        self.n_examples = self.U.shape[0]
        self.mode = mode
        self.calls = 0

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
        self.calls += 1
        j = int(np.argmax(self.U.T @ d))
        return j, self._broken(self.U[:, j].copy())

    def column(self, key):
        return self._broken(self.U[:, key].copy())


@pytest.mark.parametrize("mode", ["nan", "length", "range", "complex"])
@pytest.mark.parametrize("name", rb.BOOSTERS)
def test_broken_oracle_column_is_named(name, mode):
    def _timeout(signum, frame):  # pragma: no cover - only on a hang
        raise AssertionError(f"{name} with a {mode} oracle column did not answer in 60 s")

    old = signal.signal(signal.SIGALRM, _timeout)
    signal.alarm(60)
    try:
        kwargs = dict(REQUIRED.get(name, {}))
        if name == "adaboost_qp":
            kwargs["pool"] = [0, 1, 2]
        with pytest.raises((ValueError, TypeError), match="oracle"):
            getattr(rb, name)(BrokenOracle(mode), **kwargs)
    finally:
        signal.alarm(0)
        signal.signal(signal.SIGALRM, old)


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
