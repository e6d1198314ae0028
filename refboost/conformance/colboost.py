"""Running colboost (Akkerman et al. 2025; LP and entropy-regularised boosting on Gurobi) against the kit.

Shared by chapter 9 and ``benchmarks/bench_conformance.py``: the import check, a quiet context for its
console output, and the two ways it is run on an instance, reweighting the instance's own columns
(:func:`reweight`) or fitting with its own column generation (:func:`fit_margins`). colboost is optional:
:func:`load` returns the reason where it cannot run.
"""

from __future__ import annotations

import contextlib
import io
import logging
import os
import sys

import numpy as np

__all__ = ["Column", "GurobiSizeLimit", "fit_margins", "load", "reweight", "silenced"]


class GurobiSizeLimit(RuntimeError):
    """The model exceeds the size-limited Gurobi licence that ships with gurobipy."""


@contextlib.contextmanager
def silenced():
    """Run third-party code without console output (Gurobi's licence line, progress bars), also what it
    writes to the file descriptors 1 and 2 directly."""
    sys.stdout.flush()
    sys.stderr.flush()
    saved, null = (os.dup(1), os.dup(2)), os.open(os.devnull, os.O_WRONLY)
    os.dup2(null, 1)
    os.dup2(null, 2)
    try:
        with contextlib.redirect_stdout(io.StringIO()), contextlib.redirect_stderr(io.StringIO()):
            yield
    finally:
        os.dup2(saved[0], 1)
        os.dup2(saved[1], 2)
        for fd in (null, *saved):
            os.close(fd)


def load():
    """``(EnsembleClassifier, None)`` where colboost and a usable Gurobi licence are present, else
    ``(None, reason)``. colboost's and Gurobi's log records are silenced."""
    for name in ("gurobipy", "colboost", "colboost.solver", "colboost.ensemble"):
        logging.getLogger(name).setLevel(logging.CRITICAL)
    try:
        with silenced():
            import gurobipy
            from colboost.ensemble import EnsembleClassifier

            gurobipy.Env(params={"OutputFlag": 0}).dispose()  # the licence is usable
        return EnsembleClassifier, None
    except Exception as exc:  # not installed, or no usable Gurobi licence
        return None, f"{type(exc).__name__}: {exc}"


class Column:
    """A fixed column of U as a scikit-learn-style learner: ``predict(X)`` reads U at the example
    indices ``X[:, 0]``."""

    def __init__(self, U, q):
        self.U, self.q = U, q

    def fit(self, X, y, sample_weight=None):
        return self

    def predict(self, X):
        return self.U[np.asarray(X[:, 0], dtype=int), self.q]


def _run(call):
    try:
        with silenced():
            call()
    except Exception as exc:
        if "size-limited" in str(exc):
            raise GurobiSizeLimit(str(exc)) from exc
        raise


def reweight(Ensemble, solver: str, U, hyper: float) -> np.ndarray:
    """colboost's weights over the columns of ``U`` (one fixed "learner" per column, so its LP is over
    exactly the instance's class); raises :class:`GurobiSizeLimit` where the licence's limit is hit."""
    N, K = U.shape
    model = Ensemble(solver=solver, tradeoff_hyperparam=hyper)
    _run(lambda: model.reweight_ensemble(np.arange(N, dtype=float)[:, None], np.ones(N),
                                         [Column(U, q) for q in range(K)]))
    return np.asarray(model.weights, dtype=float)


def fit_margins(Ensemble, solver: str, X, y, hyper: float, max_iter: int) -> np.ndarray:
    """The margins of colboost fitted with its own column generation over seeded scikit-learn stumps
    (seeded, so that ties between stumps break the same way on every run); raises
    :class:`GurobiSizeLimit` where the licence's limit is hit."""
    from sklearn.tree import DecisionTreeClassifier

    model = Ensemble(solver=solver, tradeoff_hyperparam=hyper, max_iter=max_iter,
                     base_estimator=DecisionTreeClassifier(max_depth=1, random_state=0))
    _run(lambda: model.fit(X, y))
    return model.compute_margins(X, y)
