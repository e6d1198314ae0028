"""A scikit-learn estimator around the refboost boosters and weak-learner oracles.

:class:`BoostingClassifier` builds a weak-learner oracle (:class:`~refboost.StumpOracle`,
:class:`~refboost.TreeOracle`, ...) on the training set, runs a refboost booster on it (any of
the names in :data:`BOOSTERS`) and predicts with the oracle's ``predict(keys, weights, X)``,
i.e. ``f(x) = sum_k w_k h_k(x)`` on the hypotheses the booster chose. The full
:class:`~refboost.BoostResult` (weights, distribution, history, gap certificate) is kept as
``result_``, so a fitted classifier carries the same certificates as a direct call.

Example
-------
>>> from refboost.sklearn import BoostingClassifier
>>> clf = BoostingClassifier("lpboost", "stump", max_iter=200, nu=10.0).fit(X, y)  # doctest: +SKIP
>>> clf.result_.gap <= 1e-3                                                       # doctest: +SKIP

Under cross-validation give the capping parameter as a fraction of the training-set size, so
that it means the same on every fold:

>>> from sklearn.model_selection import cross_val_score
>>> cross_val_score(BoostingClassifier("lpboost", nu_fraction=0.2), X, y, cv=5)     # doctest: +SKIP
"""

from __future__ import annotations

import inspect
import numbers
from collections.abc import Callable

import numpy as np

try:
    from sklearn.base import BaseEstimator, ClassifierMixin
    from sklearn.utils.multiclass import check_classification_targets, type_of_target
    from sklearn.utils.validation import check_is_fitted, validate_data
except ModuleNotFoundError:  # scikit-learn is the [sklearn] extra: raise the error that names it
    from ._extras import require

    require("sklearn", "refboost.sklearn")
    raise

from ._registry import BOOSTERS, WEAK_LEARNERS, resolve_booster, resolve_weak_learner
from .boosters._params import Nu
from .oracles import Oracle, StumpOracle
from .result import BoostResult

__all__ = ["BoostingClassifier", "StumpClassifier", "BOOSTERS", "WEAK_LEARNERS"]

# Booster names (``refboost.BOOSTERS``) and weak learners by name (factories ``(X, y) -> Oracle``
# with ``y`` in {-1, +1}) come from the one registry, :mod:`refboost._registry`, shared with
# :mod:`refboost.experiments`.

_BASE_PARAMS = ("booster", "weak_learner", "max_iter", "nu_fraction")


class BoostingClassifier(ClassifierMixin, BaseEstimator):
    """Binary classifier: a refboost booster over a weak-learner oracle.

    Parameters
    ----------
    booster : str or callable, default "adaboost"
        A name from :data:`BOOSTERS` (``refboost.<name>``) or any ``f(oracle, **params) ->
        BoostResult``.
    weak_learner : str or callable, default "stump"
        ``"stump"`` (exact decision stumps), ``"tree"`` (exact depth-2 trees), ``"tree-greedy"``,
        ``"raw"``, ``"kernel"``, ``"lda"``, or a factory ``(X, y) -> Oracle`` whose oracle has
        ``predict(keys, weights, X)``.
    max_iter : int or None, default 100
        The booster's iteration limit (its keyword ``max_iter``), an integer >= 1. ``None``
        leaves it to the booster: its own default limit (see the booster's docstring; a few,
        such as ``cerlpboost`` and ``mlpboost``, have none and stop only on their own stopping
        rule). A booster may stop earlier on its gap certificate.
    nu_fraction : float in (0, 1] or None, default None
        The capping parameter ``nu`` as a fraction of the training-set size: ``fit`` on ``N``
        examples passes ``nu = max(1, nu_fraction * N)`` to the booster. ``nu`` counts examples
        (the soft-margin boosters need ``1 <= nu <= N``; ``binary_erlpboost`` and
        ``corrective_binary_erlpboost`` need ``nu < N``), so a fixed ``nu`` means a different
        amount of capping, or becomes invalid, when ``cross_val_score`` or ``GridSearchCV``
        refit on folds of other sizes; ``nu_fraction`` means the same on every fold (it is how
        Mitsuboshi, Hatano & Takimoto (2022), §5, set it: ``nu = p m`` for ``m`` training
        examples, ``p`` in {0.1, ..., 0.5}). It is mutually exclusive with ``nu``, and allowed
        only for boosters whose ``nu`` is such a count (not ``adaboost_star``, whose ``nu`` is
        the accuracy of its target margin, in (0, 1]). For a callable booster that takes ``nu``
        without declaring its range, ``nu`` is assumed to be a count.
    **booster_params
        Further keyword arguments of the booster (``nu``, ``eps``, ``eta``, ``T``, ``D``,
        ``beta``, ...), checked against the booster's signature at ``fit``. They are ordinary
        estimator parameters: ``get_params``/``set_params``/``clone``/``GridSearchCV`` see them.
        A booster's required parameter must be given here (``T`` for ``adaboost_cg``,
        ``adaboost_qp`` and ``logitboost_cg``; ``D`` for ``lpboost_hinge``; ``nu`` for
        ``adaboost_star``), e.g. ``BoostingClassifier("adaboost_cg", T=2.0)``; ``fit`` says
        which one is missing. ``adaboost_qp`` optimises over a finite pool of hypotheses: use it
        with ``weak_learner="raw"`` or ``"kernel"`` (all hypotheses), or pass ``pool``. For
        boosters with a ``store_d`` option it defaults to ``False`` here (no per-iteration
        distributions kept in ``result_.history``) unless given.

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
        The two labels; ``classes_[0]`` is mapped to -1 and ``classes_[1]`` to +1.
    n_features_in_ : int
    oracle_ : refboost.Oracle
        The weak learner built on the training set (labels in {-1, +1}).
    result_ : refboost.BoostResult
        The booster's output with its certificates.
    hypotheses_, weights_ : list, ndarray
        ``result_.hypotheses`` and ``result_.weights``.
    n_iter_ : int
        ``result_.n_iter`` (iterations as the booster counts them).
    nu_ : float or None
        The ``nu`` the booster ran with (from ``nu``, from ``nu_fraction``, or the booster's
        default); ``None`` for a booster without ``nu``.

    Notes
    -----
    ``decision_function(X) = sum_k w_k h_k(X)``; ``predict`` returns ``classes_[1]`` where it is
    ``>= 0``. The papers output the combined classifier ``H_T = sum_t w_t h_t`` (e.g.
    Mitsuboshi, Hatano & Takimoto (2022), Algorithm 1, last line), classify by its sign and
    leave ``H_T(x) = 0`` open; refboost decides such a tie for ``+1`` everywhere, the same rule
    as :func:`refboost.experiments.error_rate`, so that the estimator and the experiments
    report the same errors. Only binary problems are supported (the papers' setting): a
    multiclass target raises ``ValueError``.
    """

    def __init__(self, booster="adaboost", weak_learner="stump", max_iter=100, *, nu_fraction=None,
                 **booster_params):
        self.booster = booster
        self.weak_learner = weak_learner
        self.max_iter = max_iter
        self.nu_fraction = nu_fraction
        # private: sklearn's checks allow only __init__ arguments as public attributes
        self._booster_params = dict(booster_params)

    # -- parameters: the named ones plus the booster's keyword arguments ------------------

    def get_params(self, deep: bool = True) -> dict:
        params = {k: getattr(self, k) for k in _BASE_PARAMS}
        params.update(self._booster_params)
        return params

    def set_params(self, **params) -> BoostingClassifier:
        extra = dict(self._booster_params)
        for k, v in params.items():
            if k in _BASE_PARAMS:
                setattr(self, k, v)
            else:
                extra[k] = v
        self._booster_params = extra
        return self

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        tags.input_tags.sparse = True
        return tags

    def _booster_kwargs(self, fn: Callable, n_samples: int) -> dict:
        """The booster's keyword arguments for a training set of ``n_samples`` examples.

        Checks them against the booster's signature first, so that an unknown or a missing
        parameter is reported in the estimator's terms, before any oracle is built.
        """
        name = getattr(fn, "__name__", str(fn))
        kwargs = dict(self._booster_params)
        if self.max_iter is not None:  # None: the booster's own default limit
            kwargs["max_iter"] = self.max_iter
        if self.nu_fraction is not None and kwargs.get("nu", 0) is None:
            del kwargs["nu"]  # nu=None next to nu_fraction: "not given"
        try:
            sig = inspect.signature(fn)
        except (TypeError, ValueError):  # pragma: no cover - builtins without a signature
            sig = None
        params = {} if sig is None else {p.name: p for p in sig.parameters.values() if p.kind == p.KEYWORD_ONLY}
        takes_any = sig is None or any(p.kind == p.VAR_KEYWORD for p in sig.parameters.values())
        declared = getattr(fn, "__refboost_constraints__", {})
        if not takes_any:
            unknown = sorted(set(kwargs) - set(params))
            if unknown:
                raise ValueError(
                    f"booster_params: {name} does not take {unknown}; its parameters are {list(params)}"
                )
        if self.nu_fraction is not None:
            kwargs["nu"] = self._nu_from_fraction(name, kwargs, params, takes_any, declared.get("nu"), n_samples)
        missing = [p for p in params if params[p].default is inspect.Parameter.empty and p not in kwargs]
        if missing:
            what = ", ".join(f"{p} ({declared[p].describe() if p in declared else 'required'})" for p in missing)
            example = ", ".join(f"{p}=..." for p in missing)
            raise TypeError(
                f"BoostingClassifier(booster={self.booster!r}) needs the booster parameter(s) {what}: "
                f"pass them to the estimator, BoostingClassifier({self.booster!r}, {example}), "
                f"or set them with set_params({example})"
            )
        if "store_d" in params and "store_d" not in kwargs:
            kwargs["store_d"] = False
        if "pool" in declared and "pool" not in kwargs and params["pool"].default is None:
            kwargs["pool"] = None  # adaboost_qp: explicit, so that fit can check the oracle can do without one
        return kwargs

    def _nu_from_fraction(self, name, kwargs, params, takes_any, spec, n_samples) -> float:
        """``nu = max(1, nu_fraction * n_samples)``, after checking that it applies to the booster."""
        f = self.nu_fraction
        if "nu" in kwargs:
            raise ValueError(
                "nu and nu_fraction are mutually exclusive: give the capping parameter either as a "
                "count of examples (nu) or as a fraction of the training-set size (nu_fraction)"
            )
        if isinstance(f, bool) or not isinstance(f, numbers.Real):
            raise TypeError(f"nu_fraction must be a real in (0, 1] or None, got {type(f).__name__}")
        if not (0.0 < float(f) <= 1.0):
            raise ValueError(f"nu_fraction must be a real in (0, 1] or None, got {f!r}")
        if "nu" not in params and not takes_any:
            raise ValueError(f"nu_fraction: {name} has no capping parameter nu")
        if spec is not None and not isinstance(spec, Nu):
            raise ValueError(
                f"nu_fraction: the nu of {name} is not a count of examples (it must be {spec.describe()}); "
                "pass nu itself"
            )
        nu = max(1.0, float(f) * n_samples)
        if isinstance(spec, Nu) and spec.binary and nu >= n_samples:
            raise ValueError(
                f"nu_fraction={f!r} gives nu = {nu:g} on N = {n_samples} examples, but {name} needs "
                "nu < N: use a nu_fraction below 1"
            )
        return nu

    # -- fit / predict --------------------------------------------------------------------

    def fit(self, X, y) -> BoostingClassifier:
        """Build the oracle on ``(X, y)`` and run the booster.

        Raises
        ------
        ValueError
            Non-finite or empty X, a non-classification target, a multiclass target
            ("Only binary classification is supported"), a single class, an unknown booster
            or weak learner, booster parameters the booster does not take, ``nu`` together
            with ``nu_fraction``, or a ``nu_fraction`` outside (0, 1] or for a booster whose
            ``nu`` is not a count of examples.
        TypeError
            A required booster parameter is missing (the message names it and how to pass
            it), or a parameter has the wrong type.
        """
        _, fn = resolve_booster(self.booster)
        _, factory = resolve_weak_learner(self.weak_learner)
        X, y = validate_data(self, X, y, accept_sparse=("csr", "csc"), dtype=np.float64)
        check_classification_targets(y)
        classes = np.unique(y)
        if classes.size < 2:
            raise ValueError(
                f"y has 1 class ({classes[0]!r}); a classifier needs both classes to train (a boosting "
                "edge is undefined on single-class data)"
            )
        y_type = type_of_target(y, input_name="y", raise_unknown=True)
        if y_type != "binary":
            raise ValueError(f"Only binary classification is supported. The type of the target is {y_type}.")
        kwargs = self._booster_kwargs(fn, X.shape[0])
        y_pm = np.where(y == classes[1], 1.0, -1.0)
        oracle = factory(X, y_pm)
        if not isinstance(oracle, Oracle) or not hasattr(oracle, "predict"):
            raise TypeError("weak_learner must build a refboost.Oracle with predict(keys, weights, X)")
        if "pool" in kwargs and kwargs["pool"] is None and not hasattr(oracle, "U"):
            raise ValueError(
                f"BoostingClassifier(booster={self.booster!r}) optimises over a finite hypothesis pool: "
                f"use a weak_learner whose hypotheses form a matrix ('raw' or 'kernel'), or pass "
                f"pool=[hypothesis keys of the {type(oracle).__name__}]"
            )
        res = fn(oracle, **kwargs)
        if not isinstance(res, BoostResult):
            raise TypeError(f"booster must return a refboost.BoostResult, got {type(res).__name__}")
        self.classes_ = classes
        self.oracle_ = oracle
        self.result_ = res
        self.hypotheses_ = list(res.hypotheses)
        self.weights_ = np.asarray(res.weights, dtype=float)
        self.n_iter_ = int(res.n_iter)
        self.nu_ = self._nu_used(fn, kwargs)
        return self

    @staticmethod
    def _nu_used(fn: Callable, kwargs: dict) -> float | None:
        if "nu" in kwargs:
            return kwargs["nu"]
        try:
            p = inspect.signature(fn).parameters.get("nu")
        except (TypeError, ValueError):  # pragma: no cover
            return None
        return None if p is None or p.default is inspect.Parameter.empty else p.default

    def decision_function(self, X) -> np.ndarray:
        """``f(x) = sum_k w_k h_k(x)``; positive values vote for ``classes_[1]``."""
        check_is_fitted(self)
        X = validate_data(self, X, accept_sparse=("csr", "csc"), dtype=np.float64, reset=False)
        return self.oracle_.predict(self.hypotheses_, self.weights_, X)

    def predict(self, X) -> np.ndarray:
        """``classes_[1]`` where ``f(x) >= 0``, else ``classes_[0]``."""
        f = self.decision_function(X)
        return self.classes_[(f >= 0).astype(int)]


class StumpClassifier(ClassifierMixin, BaseEstimator):
    """The exact maximum-edge decision stump as a scikit-learn classifier (with ``sample_weight``).

    ``fit(X, y, sample_weight)`` returns the stump of :class:`~refboost.StumpOracle` with the
    largest edge under ``d = sample_weight / sum(sample_weight)`` (uniform if omitted), i.e. the
    stump of **minimum weighted error** ``(1 - edge) / 2``, with the oracle's deterministic tie
    order. scikit-learn's ``DecisionTreeClassifier(max_depth=1)`` instead picks the split of
    best Gini (or entropy) gain and labels each leaf by weighted majority, which is in general
    a different stump. Plugged into ``sklearn.ensemble.AdaBoostClassifier(estimator=StumpClassifier())``
    it makes SAMME run exactly the AdaBoost of :func:`refboost.adaboost` with exact stumps
    (chapter 02, section 5).

    Attributes
    ----------
    classes_ : ndarray of shape (2,)
    key_ : tuple
        The stump key ``(feature, threshold, sign)`` (feature -1: a constant).
    edge_ : float
        Its edge under the normalised sample weights.
    """

    def __init__(self, reflexive: bool = True):
        self.reflexive = reflexive

    def __sklearn_tags__(self):
        tags = super().__sklearn_tags__()
        tags.classifier_tags.multi_class = False
        tags.input_tags.sparse = True
        return tags

    def fit(self, X, y, sample_weight=None) -> StumpClassifier:
        from sklearn.utils.validation import _check_sample_weight

        X, y = validate_data(self, X, y, accept_sparse=("csr", "csc"), dtype=np.float64)
        check_classification_targets(y)
        classes = np.unique(y)
        if classes.size < 2:
            raise ValueError(f"y has 1 class ({classes[0]!r}); a stump needs both classes to train")
        y_type = type_of_target(y, input_name="y", raise_unknown=True)
        if y_type != "binary":
            raise ValueError(f"Only binary classification is supported. The type of the target is {y_type}.")
        w = _check_sample_weight(sample_weight, X, dtype=np.float64, ensure_non_negative=True)
        if not w.sum() > 0:
            raise ValueError("sample_weight must have a positive sum")
        y_pm = np.where(y == classes[1], 1.0, -1.0)
        oracle = StumpOracle(X, y_pm, reflexive=self.reflexive)
        self.key_, self.edge_ = oracle.best_edge(w / w.sum())
        self.classes_ = classes
        self._oracle = oracle
        return self

    def decision_function(self, X) -> np.ndarray:
        """``h(x)`` in {-1, +1} (+1 votes for ``classes_[1]``)."""
        check_is_fitted(self)
        X = validate_data(self, X, accept_sparse=("csr", "csc"), dtype=np.float64, reset=False)
        return self._oracle.predict([self.key_], [1.0], X)

    def predict(self, X) -> np.ndarray:
        """``classes_[1]`` where ``h(x) = +1``, else ``classes_[0]``."""
        f = self.decision_function(X)
        return self.classes_[(f >= 0).astype(int)]
