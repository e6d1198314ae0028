"""Checking another implementation against the conformance kit: an assertion and adapters.

:func:`assert_certified` is what a test of another project calls: it recomputes a
:class:`refboost.certify.Certificate` for the candidate (through
:func:`refboost.conformance.certify_candidate`) and raises an ``AssertionError`` whose message is a
readable report when the candidate is not certified.

The adapters turn the common shapes of other libraries' outputs into a candidate over the
instance's columns:

* :func:`weights_from_columns` -- coefficients attached to chosen column indices (repeated indices,
  unnormalised sums, negative sign conventions);
* :func:`from_margins` -- only the margins ``y_n f(x_n)`` of the combination: the weights are
  recovered by non-negative least squares over the instance's columns when the combination lies in
  the class's cone;
* :func:`from_sklearn_ensemble` -- a fitted scikit-learn ensemble of depth-1 trees (e.g.
  ``AdaBoostClassifier``) evaluated on a real-data instance's ``X``.

Everything here imports cheaply (numpy only); the kit itself is loaded on first use.
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field

import numpy as np

from .._validation import check_array, check_choice, check_int, check_real, check_vector

__all__ = [
    "EnsembleCandidate",
    "assert_certified",
    "failure_report",
    "from_margins",
    "from_sklearn_ensemble",
    "weights_from_columns",
]

NEGATIVE = ("raise", "abs", "clip")


def _kit():
    from refboost import conformance

    return conformance


# ------------------------------------------------------------------------------------------------
# The assertion
# ------------------------------------------------------------------------------------------------


def _worst_kkt(cert) -> tuple[str, float] | None:
    finite = {k: v for k, v in cert.kkt.items() if isinstance(v, float) and math.isfinite(v)}
    if not finite:
        return None
    name = max(finite, key=lambda k: abs(finite[k]))
    return name, finite[name]


def _failed_condition(cert) -> str:
    from refboost.certify import FEAS_TOL

    if cert.feasibility > FEAS_TOL:
        return f"feasibility: worst constraint violation {cert.feasibility:.3g} > {FEAS_TOL:.1g}"
    if not math.isfinite(cert.gap):
        return "optimality: no finite bound, the gap cannot be certified"
    return f"optimality: gap {cert.gap:.3g} > tolerance {cert.tol:.3g}"


def _params_text(params) -> str:
    if not params:
        return "(none)"
    out = []
    for k, v in params.items():
        if isinstance(v, (list, tuple)) or (hasattr(v, "shape") and getattr(v, "ndim", 0) > 0):
            out.append(f"{k} = <{len(v)} values>")
        elif isinstance(v, float):
            out.append(f"{k} = {v:.10g}")
        else:
            out.append(f"{k} = {v!r}")
    return ", ".join(out)


def failure_report(problem: str, cert, *, optimum: float | None = None, instance: str | None = None,
                   params: dict | None = None) -> str:
    """The message :func:`assert_certified` raises: the instance and its parameters, the violated condition,
    objective, optimum/bound, gap, the true distance to the kit's optimum and the worst KKT residual."""
    head = f"refboost conformance: {problem}"
    if instance:
        head += f" / {instance}"
    lines = [f"{head}: candidate NOT certified"]
    if params is not None:
        lines.append(f"  {'parameters':<21}{_params_text(params)}")
    lines.append(f"  {'failed condition':<21}{_failed_condition(cert)}")
    lines.append(f"  {'objective (' + cert.sense + ')':<21}{cert.objective:.12g}")
    if optimum is not None:
        lines.append(f"  {'optimum (kit)':<21}{optimum:.12g}")
        if math.isfinite(cert.objective):
            lines.append(f"  {'distance to optimum':<21}{abs(cert.objective - optimum):.3g}   "
                         "(|objective - optimum|; the gap bounds it)")
    lines.append(f"  {'bound':<21}{cert.bound:.12g}   ({cert.bound_source})")
    lines.append(f"  {'gap':<21}{cert.gap:.3g}   (tolerance {cert.tol:.3g}, absolute)")
    worst = _worst_kkt(cert)
    if worst is not None:
        lines.append(f"  {'worst KKT residual':<21}{worst[0]} = {worst[1]:.3g}")
    lines.append("")
    lines.append(cert.report())
    return "\n".join(lines)


#: the kit instance of the running test (set by the ``refboost_instance`` fixture of the pytest plugin)
_CURRENT: list = []


def assert_certified(problem, U=None, params=None, *, weights=None, distribution=None, tol=None, pair=None):
    """Assert that a candidate solves one of the kit's problems; return its certificate.

    Parameters
    ----------
    problem : refboost.conformance.Instance or str
        The kit instance (``refboost_instance``: then the kit's own stored matrix and parameters are used),
        or a family of :func:`refboost.conformance.problems` (hyphenated forms accepted) with ``U`` and
        ``params``.
    U : array (N, K), optional
        The instance's matrix (``instance.U``), with a family name.
    params : dict, optional
        The instance's parameters (``instance.params``: ``nu``, ``eta``, ``T``, ...), with a family name.
    weights : array (K,), optional
        The candidate w over all K columns (see :func:`weights_from_columns` for other shapes).
    distribution : array (N,), optional
        The candidate d.
    tol : float >= 0, optional
        The absolute gap the verdict requires (default: 1e-6 times max(1, |optimum|)).
    pair : bool, optional
        ``None`` (default): when both weights and distribution are given, they are checked against each
        other (the primal-dual pair: a stale distribution fails); ``True`` requires both; ``False`` certifies
        the weights and keeps the distribution as extra evidence.

    Inside a test parametrised by the plugin's marker, ``U`` and ``params`` must be the instance's own: a
    matrix changed by the code under test is an error, and the kit always certifies against its stored copy.

    Returns
    -------
    refboost.certify.Certificate
        The certificate, when ``cert.ok``.

    Raises
    ------
    AssertionError
        The candidate is infeasible or its gap exceeds ``tol``; the message names the instance and its
        parameters, the condition that failed, the objective, the optimum, the distance to it, the bound,
        the gap and the worst KKT residual. Also when ``U``/``params`` differ from the running test's instance.
    ValueError, TypeError
        The problem is unknown, the family does not accept this kind of candidate, or the candidate's shape or
        values are invalid.
    """
    if weights is None and distribution is None:
        raise ValueError("assert_certified needs a candidate: give weights=(K,) and/or distribution=(N,)")
    kit = _kit()
    if isinstance(problem, kit.Instance):
        inst = kit.stored_copy(problem)
        if U is not None or params is not None:
            raise ValueError("assert_certified(instance, ...) takes no U or params: the kit certifies against its "
                             "stored copy of the instance")
    else:
        if U is None or params is None:
            raise ValueError("assert_certified needs (instance) or (problem, U, params)")
        inst = None
        if _CURRENT:
            cur = kit.stored_copy(_CURRENT[-1])
            if kit._canonical(problem) == cur.problem:
                _same_instance(cur, U, params)
                inst = cur
        if inst is None:
            inst = kit._find_stored(kit._canonical(problem), np.asarray(U, dtype=float), params)
    if inst is not None:
        cert = kit.certify_candidate(inst, weights=weights, distribution=distribution, tol=tol, pair=pair)
    else:
        cert = kit.certify_candidate(problem, U, params, weights=weights, distribution=distribution, tol=tol,
                                     pair=pair)
    if not cert.ok:
        raise AssertionError(failure_report(
            cert.problem, cert, optimum=None if inst is None else inst.value,
            instance=None if inst is None else inst.name, params=params if inst is None else inst.params))
    return cert


def _same_instance(inst, U, params) -> None:
    A = np.asarray(U, dtype=float)
    if A.shape != inst.U.shape or not np.array_equal(A, inst.U):
        diff = "shape " + str(A.shape) if A.shape != inst.U.shape else f"max |change| {np.max(np.abs(A - inst.U)):.3g}"
        raise AssertionError(
            f"refboost conformance: {inst.problem} / {inst.name}: the U given to assert_certified is not the kit's "
            f"stored matrix ({diff}): the code under test changed the instance's matrix; the kit certifies "
            "against its stored copy (pass the instance itself: assert_certified(refboost_instance, weights=w))")
    if dict(params) != dict(inst.params):
        raise AssertionError(
            f"refboost conformance: {inst.problem} / {inst.name}: the params given to assert_certified "
            f"({_params_text(dict(params))}) are not the instance's ({_params_text(inst.params)})")


# ------------------------------------------------------------------------------------------------
# Adapters
# ------------------------------------------------------------------------------------------------


def weights_from_columns(columns, coefs, K: int, *, negative: str = "raise", normalize: bool = True) -> np.ndarray:
    """Weights over all K columns from coefficients attached to chosen column indices.

    Many implementations return their combination as a list of chosen hypotheses (column indices,
    possibly repeated when a column is chosen at several iterations, as AdaBoost does) with
    unnormalised coefficients. The kit's problems read ``w`` on the simplex (Glocer (2009), LP
    (2.2): ``w in S^K``), so the coefficients are summed per column and divided by their total.

    Parameters
    ----------
    columns : sequence of int
        Column indices in ``[0, K)``; repeats are summed.
    coefs : sequence of float
        One coefficient per entry of ``columns`` (finite).
    K : int >= 1
        Number of columns of the instance.
    negative : {"raise", "abs", "clip"}
        What to do with negative coefficients. ``"raise"`` (default): a ``ValueError``, since a
        negative weight is outside the class unless the class holds the negated column (then give
        that column's index instead). ``"abs"``: take absolute values, for libraries whose weights are
        the multipliers of ``<=`` constraints and so come out with a minus sign. ``"clip"``: set them
        to 0, for round-off negatives of an LP solver (e.g. ``-1e-15``).
    normalize : bool
        Divide by the total so the result lies on the simplex (default). With ``False`` the summed
        coefficients are returned as they are (for the families whose weights are not on the
        simplex, e.g. Shen & Li's ``||w||_1 <= T``).

    Returns
    -------
    ndarray (K,)
    """
    K = check_int(K, "K", low=1)
    check_choice(negative, "negative", NEGATIVE)
    cols = np.asarray(columns)
    c = check_array(coefs, "coefs", ndim=1, min_size=0)
    if cols.ndim != 1 or cols.shape != c.shape:
        raise ValueError(f"columns and coefs must be 1-d of equal length, got shapes {cols.shape} and {c.shape}")
    if cols.size and not np.issubdtype(cols.dtype, np.integer):
        if not np.all(np.equal(np.mod(cols.astype(float), 1), 0)):
            raise ValueError("columns must be integer column indices")
        cols = cols.astype(np.int64)
    if cols.size and (cols.min() < 0 or cols.max() >= K):
        raise ValueError(f"columns must lie in [0, K) = [0, {K}), got min {cols.min()} and max {cols.max()}")
    if np.any(c < 0):
        if negative == "raise":
            raise ValueError(
                f"coefs has negative entries (min {c.min():.3g}); pass negative='abs' for a sign convention or "
                "negative='clip' for round-off, or give the index of the negated column"
            )
        c = np.abs(c) if negative == "abs" else np.clip(c, 0.0, None)
    w = np.zeros(int(K))
    np.add.at(w, cols.astype(np.int64), c)
    if normalize:
        total = w.sum()
        if not total > 0:
            raise ValueError("coefs must have a positive total to be normalised onto the simplex")
        w = w / total
    return w


def from_margins(U, margins, *, rtol: float = 1e-8) -> np.ndarray:
    """Weights on the simplex over U's columns whose margins are proportional to ``margins``.

    For a library that only exposes the margins ``m_n = y_n f(x_n)`` of its combination (not which
    of the instance's columns it used): solve ``min ||U w - m||`` over ``w >= 0`` (non-negative
    least squares) and normalise ``w`` onto the simplex. When ``f`` is a non-negative combination of
    the instance's columns the residual is zero and the weights reproduce ``m / sum(w)`` exactly;
    otherwise a ``ValueError`` says how far ``m`` is from the class's cone (then compare the
    normalised margins with the certified optimum instead, as the chapter does).

    Parameters
    ----------
    U : array (N, K)
    margins : array (N,)
        The combination's margins, any positive scale.
    rtol : float > 0
        Largest accepted residual, relative to ``||m||``.
    """
    from scipy.optimize import nnls

    A = check_array(U, "U", ndim=2)
    m = check_vector(margins, A.shape[0], "margins", "N")
    rtol = check_real(rtol, "rtol", low=0.0, low_open=True)
    w, res = nnls(A, m)
    scale = max(float(np.linalg.norm(m)), 1e-300)
    if res > rtol * scale:
        raise ValueError(
            f"margins are not a non-negative combination of U's columns: relative residual {res / scale:.3g} > "
            f"rtol {rtol:.3g}"
        )
    if not w.sum() > 0:
        raise ValueError("margins are zero: no combination to normalise")
    return w / w.sum()


@dataclass(frozen=True)
class EnsembleCandidate:
    """A fitted ensemble seen on a kit instance.

    Attributes
    ----------
    weights : ndarray (K,) or None
        The normalised combination over the instance's columns, when every member of the ensemble
        with a non-zero weight equals one of the instance's columns on its examples; else ``None``.
    margins : ndarray (N,)
        The normalised margins ``y_n sum_t alpha_t h_t(x_n) / sum_t alpha_t`` (always available).
    columns : tuple of int
        For each member, the index of the instance column it equals, or ``-1``.
    alphas : ndarray
        The members' (non-negative) weights.
    """

    weights: np.ndarray | None
    margins: np.ndarray
    columns: tuple
    alphas: np.ndarray
    notes: tuple = field(default_factory=tuple)

    @property
    def matched(self) -> int:
        """Members (with non-zero weight) found among the instance's columns."""
        return int(sum(1 for q, a in zip(self.columns, self.alphas, strict=True) if q >= 0 and a > 0))

    @property
    def n_members(self) -> int:
        return int(np.count_nonzero(self.alphas))


def _column_index(U: np.ndarray) -> dict:
    index = {}
    for q in range(U.shape[1]):
        index.setdefault(np.ascontiguousarray(U[:, q]).tobytes(), q)
    return index


def from_sklearn_ensemble(estimator, instance) -> EnsembleCandidate:
    """A fitted scikit-learn ensemble of depth-1 trees as a candidate on a real-data kit instance.

    The ensemble's members ``h_t`` are evaluated on the instance's features ``instance.X``: a
    member predicting the positive class (``classes_[1]``, which must be the label the instance
    codes +1) gives ``+1``, the other ``-1``, so its column is ``u_t = y * h_t(X)``. The weights are
    ``estimator.estimator_weights_`` (AdaBoost; members beyond ``len(estimators_)`` are dropped), or
    equal weights for ensembles without them (bagging, random forests). This is the SAMME combination
    scikit-learn's ``AdaBoostClassifier.decision_function`` computes for two classes, normalised:
    ``f = sum_t alpha_t h_t / sum_t alpha_t``, a point of the simplex of the class (Glocer (2009),
    LP (2.2)).

    When every member with a non-zero weight equals one of the instance's columns (the instance's
    stumps, ``instance.solution["stumps"]``, describe every threshold between distinct feature
    values, in both orientations), ``weights`` is that combination over the instance's columns and can
    be certified with :func:`assert_certified`. Where a member does not match (a threshold learned on
    other data, a constant tree), ``weights`` is ``None`` and only ``margins`` are returned: their
    soft margin can still be compared with the certified optimum, but a value above it then only
    means the ensemble is outside the instance's class.

    Parameters
    ----------
    estimator : fitted scikit-learn ensemble
        Has ``estimators_`` (and optionally ``estimator_weights_``) and two ``classes_``.
    instance : refboost.conformance.Instance
        A real-data instance (``instance.X`` and ``instance.y`` present).
    """
    X = getattr(instance, "X", None)
    y = getattr(instance, "y", None)
    if X is None or y is None:
        name = getattr(instance, "name", "?")
        raise ValueError(f"instance must be a real-data instance with X and y (instance {name!r} has none)")
    members = getattr(estimator, "estimators_", None)
    if members is None:
        raise ValueError("estimator must be a fitted ensemble with estimators_ (fit it first)")
    members = list(np.ravel(np.asarray(members, dtype=object)))
    classes = getattr(estimator, "classes_", None)
    if classes is None or len(classes) != 2:
        raise ValueError("estimator must be a binary classifier (two classes_)")
    alphas = getattr(estimator, "estimator_weights_", None)
    alphas = np.ones(len(members)) if alphas is None else np.asarray(alphas, dtype=float)[: len(members)]
    if np.any(alphas < 0) or not np.all(np.isfinite(alphas)):
        raise ValueError("estimator's member weights must be finite and >= 0")
    if not alphas.sum() > 0:
        raise ValueError("estimator has no member with a positive weight")
    y = np.asarray(y, dtype=float).ravel()
    if not np.all(np.isin(y, (-1.0, 1.0))):
        raise ValueError("instance.y must hold labels in {-1, +1}")
    U = np.asarray(instance.U, dtype=float)
    index = _column_index(U)
    cols, notes = [], []
    total = np.zeros(U.shape[0])
    for t, (h, a) in enumerate(zip(members, alphas, strict=True)):
        kind = type(h).__name__
        sub_classes = getattr(h, "classes_", None)
        if not hasattr(h, "predict") or sub_classes is None or np.ndim(sub_classes) != 1 or len(sub_classes) > 2:
            raise ValueError(
                f"estimator's member {t} ({kind}) is not a two-class classifier: from_sklearn_ensemble maps members "
                f"whose outputs are two class labels to columns of +-1 ({type(estimator).__name__}'s members "
                "cannot be mapped; e.g. GradientBoostingClassifier's members are regression trees with real-valued "
                "outputs)")
        pred = np.asarray(h.predict(X))
        # a member may predict the class labels or their positions (AdaBoost's members were fitted on
        # the encoded labels 0/1 in recent scikit-learn versions; classes_ there is the encoded one)
        if not np.all(np.isin(pred, sub_classes)):
            raise ValueError(f"estimator's member {t} ({kind}) predicts values outside its classes_ "
                             f"{list(sub_classes)}: only members with two-class outputs can be mapped to +-1 columns")
        pos = sub_classes[1] if len(sub_classes) == 2 else classes[1]
        u = y * np.where(pred == pos, 1.0, -1.0)
        total += a * u
        q = index.get(np.ascontiguousarray(u).tobytes(), -1) if a > 0 else -1
        if a > 0 and q < 0:
            notes.append(f"member {t} matches no column of the instance")
        cols.append(q)
    margins = total / alphas.sum()
    keep = [(q, a) for q, a in zip(cols, alphas, strict=True) if a > 0]
    weights = None
    if all(q >= 0 for q, _ in keep):
        weights = weights_from_columns([q for q, _ in keep], [a for _, a in keep], U.shape[1])
    return EnsembleCandidate(weights=weights, margins=margins, columns=tuple(cols), alphas=alphas,
                             notes=tuple(notes))
