"""One cell of an experiment, and the seeded splits: what :mod:`refboost.studies` runs.

A *cell* is one (split, booster, parameter setting, weak learner): :func:`run_cell` builds the
weak-learner oracle on the training part, runs the booster, predicts the other parts with the oracle's
``predict(keys, weights, X)`` and returns one flat record (train/validation/test error, margin
summary, n_iter, gap, converged, times; optionally a trace over the iterations,
:func:`booster_trace` / :func:`history_curve`). The studies (:func:`refboost.studies.execute_cell`,
in this process or on Dask workers) are the one experiment engine: they name the split and store the
record. :func:`train_val_test_split` and :func:`random_split` are the seeded index splits;
:func:`error_rate` and :func:`staged_errors` score a combined hypothesis (``sign(0) = +1``).
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable

import numpy as np

from ._registry import WEAK_LEARNERS, resolve_booster, resolve_weak_learner
from ._validation import check_choice, check_int, check_real, check_rng
from .oracles import Oracle

#: Weak learners by name (factories ``(X, y) -> Oracle``): the registry's :data:`~refboost._registry.WEAK_LEARNERS`.
ORACLES: dict[str, Callable] = WEAK_LEARNERS

#: Quantiles of the training margins recorded per cell.
MARGIN_QUANTILES = (0.0, 0.05, 0.25, 0.5)

#: Seeded random train/validation/test splits by name: fractions (train, validation, test).
SPLIT_SCHEMES: dict[str, tuple[float, float, float]] = {
    "70/15/15": (0.70, 0.15, 0.15),
    "60/20/20": (0.60, 0.20, 0.20),
}

#: Fractions of a split scheme must sum to 1 within this tolerance.
FRACTION_SUM_TOL = 1e-9


def random_split(n: int, test_fraction: float, rng: np.random.Generator) -> tuple[np.ndarray, np.ndarray]:
    """Seeded random train/test index split (test size = round(test_fraction * n), at least 1)."""
    n = check_int(n, "n", low=2)
    test_fraction = check_real(test_fraction, "test_fraction", low=0.0, high=1.0, low_open=True, high_open=True)
    perm = rng.permutation(n)
    n_test = min(n - 1, max(1, int(round(test_fraction * n))))
    return np.sort(perm[n_test:]), np.sort(perm[:n_test])


def _check_scheme(scheme) -> tuple[float, float, float]:
    if isinstance(scheme, str):
        check_choice(scheme, "scheme", SPLIT_SCHEMES)
        return SPLIT_SCHEMES[scheme]
    try:
        fr = tuple(float(f) for f in scheme)
    except TypeError:
        raise TypeError(
            f"scheme must be one of {sorted(SPLIT_SCHEMES)} or fractions (train, validation, test), got {scheme!r}"
        ) from None
    if len(fr) != 3 or not all(0 < f < 1 for f in fr) or abs(sum(fr) - 1.0) > FRACTION_SUM_TOL:
        raise ValueError(f"scheme must be three fractions in (0, 1) summing to 1 (train, validation, test), got {fr}")
    return fr  # type: ignore[return-value]


def train_val_test_split(
    n: int, scheme, rng: np.random.Generator
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Seeded random train/validation/test index split.

    ``scheme`` is ``"70/15/15"``, ``"60/20/20"`` (:data:`SPLIT_SCHEMES`) or three fractions. The
    validation and test sizes are ``round(fraction * n)`` (at least 1 each); the rest is training
    (at least 1). Returns sorted index arrays ``(train, validation, test)``.
    """
    n = check_int(n, "n", low=3)
    _, f_val, f_test = _check_scheme(scheme)
    check_rng(rng)
    perm = rng.permutation(n)
    n_val = max(1, int(round(f_val * n)))
    n_test = max(1, int(round(f_test * n)))
    if n_val + n_test > n - 1:
        raise ValueError(f"n = {n} is too small for scheme {scheme!r} (needs a non-empty part each)")
    return np.sort(perm[n_val + n_test :]), np.sort(perm[:n_val]), np.sort(perm[n_val : n_val + n_test])


def error_rate(f: np.ndarray, y: np.ndarray) -> float:
    """Misclassification rate of ``sign(f)`` with ``sign(0) = +1``.

    The papers leave sign(0) open; ``+1`` is the package's convention, used everywhere.
    """
    pred = np.where(f >= 0, 1.0, -1.0)
    return float(np.mean(pred != y))


def staged_errors(oracle, result, X, y) -> np.ndarray:
    """Error of ``sign(f_t)`` after each iteration t of a *stagewise* booster (AdaBoost family).

    ``f_t = sum_{s <= t} alpha_s h_{j_s}`` from the history records ``hypothesis`` and ``alpha``
    (the coefficients are never revised, so the history determines every f_t); ``sign(0) = +1``.
    A record with ``infinite_step = True`` (a perfect hypothesis: the line search's step is infinite)
    makes ``f_t = h_{j_t}`` from then on.

    Raises
    ------
    ValueError
        If the history has no ``alpha`` (totally corrective boosters re-optimise all weights:
        use their per-iteration records instead).
    """
    from ._validation import check_labels

    hist = getattr(result, "history", None)
    if not hist or any("alpha" not in r or "hypothesis" not in r for r in hist):
        raise ValueError("result: staged_errors needs a stagewise history with 'hypothesis' and 'alpha' per record")
    y = check_labels(y, "y")
    f = np.zeros(len(y))
    out = np.empty(len(hist))
    for t, rec in enumerate(hist):
        a = float(rec["alpha"])
        h = oracle.predict([rec["hypothesis"]], [1.0], X)
        f = h if rec.get("infinite_step") or np.isinf(a) else f + a * h
        out[t] = error_rate(f, y)
    return out


#: Ratio of consecutive checkpoints of a trace (:func:`trace_checkpoints`).
TRACE_RATIO = 2**0.5


def trace_checkpoints(n_iter: int, ratio: float = TRACE_RATIO) -> list[int]:
    """Iterations 1 <= t <= n_iter at which a trace evaluates the combined hypothesis.

    Roughly geometric (``t_k = ceil(ratio**k)``, duplicates dropped) and always ending at ``n_iter``:
    re-running a booster up to each checkpoint costs at most about ``1 / (1 - 1/ratio)`` (3.4 for
    sqrt 2) times the full run when an iteration's cost does not fall with t.
    """
    n_iter = check_int(n_iter, "n_iter", low=1)
    out, k = [], 0
    while True:
        t = int(np.ceil(ratio**k - 1e-9))
        if t >= n_iter:
            break
        if not out or t > out[-1]:
            out.append(t)
        k += 1
    return [*out, n_iter]


def _margin_objective(margins: np.ndarray, w: np.ndarray, nu: float | None) -> float:
    """Soft margin (Glocer (2009), eq. (2.2)) of the l1-normalised margins; the minimum margin without nu."""
    from .margins import soft_margin

    l1 = float(np.sum(np.abs(w)))
    m = np.asarray(margins, dtype=float) / (l1 if l1 > 0 else 1.0)
    return float(np.min(m)) if nu is None else float(soft_margin(m, nu))


def booster_trace(orc, bfn, params: dict, result, split: dict) -> tuple[dict, list[float]]:
    """Training, validation and test error and the objective of the combined hypothesis after t iterations.

    The boosters are deterministic and their first t iterations do not depend on ``max_iter``, so the
    combined hypothesis after t iterations of ``result`` is the result of the same call with
    ``max_iter = t``; this is checked (the hypotheses chosen must be the first t of ``result``'s
    history) and a mismatch raises. Checkpoints: :func:`trace_checkpoints`. The objective is the soft
    margin for nu of the l1-normalised margins (Glocer (2009), eq. (2.2); MHT's rho(w_t)), the
    minimum margin for boosters without nu.

    Returns
    -------
    trace : dict
        ``t``, ``train_error``, ``val_error`` (None without a validation part), ``test_error``,
        ``objective``: lists over the checkpoints.
    times : list of float
        The full run's wall-clock time (s, from its history) at each checkpoint.
    """
    hist = list(result.history)
    if not hist or any("hypothesis" not in r or "time" not in r for r in hist):
        raise ValueError("trace: the booster's history must record 'hypothesis' and 'time' per iteration")
    nu = params.get("nu")
    full_seq = [r["hypothesis"] for r in hist]
    out: dict = {"t": [], "train_error": [], "val_error": [], "test_error": [], "objective": []}
    times = []
    for t in trace_checkpoints(len(hist)):
        res = result if t == len(hist) else bfn(orc, **{**params, "max_iter": t})
        seq = [r["hypothesis"] for r in res.history]
        if json.dumps(seq, default=_json_default) != json.dumps(full_seq[:t], default=_json_default):
            raise RuntimeError(f"trace: the run stopped at max_iter = {t} chose other hypotheses than the full run")
        w = np.asarray(res.weights, dtype=float)
        out["t"].append(t)
        out["objective"].append(_margin_objective(res.margins, w, nu))
        for part, (xk, yk) in {"train": ("X", "y"), "val": ("X_val", "y_val"), "test": ("X_test", "y_test")}.items():
            x = split.get(xk)
            out[f"{part}_error"].append(
                None if x is None else error_rate(orc.predict(res.hypotheses, w, x), split[yk])
            )
        times.append(float(hist[t - 1]["time"]))
    if all(v is None for v in out["val_error"]):
        out["val_error"] = None
    return out, times


#: Ratio of consecutive checkpoints of a history curve (:func:`history_curve`): about 24 points a decade.
CURVE_RATIO = 1.1


def history_curve(result, field: str, ratio: float = CURVE_RATIO) -> tuple[dict, list[float]]:
    """One field of a booster's per-iteration history at roughly geometric checkpoints t, without re-running.

    For the quantities a booster records each iteration -- e.g. the duality gap it stops on (ERLPBoost's
    ``delta_practical``, Glocer (2009) Alg. 3.2; Corrective ERLPBoost's ``delta``, Alg. 4.1; LPBoost's
    ``gap``, Alg. 2.1) -- against iterations and time, as in Glocer (2009), Figs 5.28 and 5.29.
    Checkpoints: :func:`trace_checkpoints` with ``ratio`` (the last iteration always included).

    Returns
    -------
    curve : dict
        ``{"t": [...], field: [...]}``; a value is None at a t whose history entry lacks ``field``.
    times : list of float
        The run's wall-clock time (s, from its history) at each checkpoint.
    """
    if not isinstance(field, str) or not field:
        raise ValueError(f"curve: the history field must be a non-empty string, got {field!r}")
    hist = list(result.history)
    if not hist or any("time" not in r for r in hist):
        raise ValueError("curve: the booster's history must record 'time' per iteration")
    if not any(field in r for r in hist):
        raise ValueError(f"curve: no iteration of this booster's history records {field!r}; "
                         f"its fields are {sorted(set().union(*hist))}")
    ts = trace_checkpoints(len(hist), ratio)
    vals = [hist[t - 1].get(field) for t in ts]
    return {"t": ts, field: [None if v is None else float(v) for v in vals]}, [float(hist[t - 1]["time"]) for t in ts]


def run_cell(split: dict, booster, params: dict, oracle="stump", *, trace: bool = False,
             curve: str | None = None) -> dict:
    """Run one cell and return its record (see :func:`run`).

    With ``trace=True`` the record also has ``trace`` and ``trace_time`` (:func:`booster_trace`); with
    ``curve="<history field>"`` it has them from :func:`history_curve` instead (not both).
    """
    if trace and curve is not None:
        raise ValueError("run_cell: give trace=True or curve, not both (both fill the record's trace)")
    bname, bfn = resolve_booster(booster)
    oname, ofac = resolve_weak_learner(oracle)
    t0 = time.perf_counter()
    orc = ofac(split["X"], split["y"])
    if not isinstance(orc, Oracle):
        raise TypeError(f"oracle factory must return a refboost.Oracle, got {type(orc).__name__}")
    t_oracle = time.perf_counter() - t0
    t0 = time.perf_counter()
    res = bfn(orc, **params)
    t_boost = time.perf_counter() - t0
    w = np.asarray(res.weights, dtype=float)
    f_train = orc.predict(res.hypotheses, w, split["X"])
    f_test = orc.predict(res.hypotheses, w, split["X_test"]) if split.get("X_test") is not None else None
    f_val = orc.predict(res.hypotheses, w, split["X_val"]) if split.get("X_val") is not None else None
    l1 = float(np.sum(np.abs(w)))
    m = np.asarray(res.margins, dtype=float) / (l1 if l1 > 0 else 1.0)  # normalised margins y f / ||w||_1
    rec = {
        "booster": bname,
        "oracle": oname,
        "split": split["split"],
        **{f"param_{k}": v for k, v in params.items()},
        "n_train": int(split["X"].shape[0]),
        "n_test": None if f_test is None else int(f_test.shape[0]),
        "train_error": error_rate(f_train, split["y"]),
        "test_error": None if f_test is None else error_rate(f_test, split["y_test"]),
        **({} if f_val is None else {"n_val": int(f_val.shape[0]), "val_error": error_rate(f_val, split["y_val"])}),
        "n_iter": int(res.n_iter),
        "n_hypotheses": len(res.hypotheses),
        "gap": float(res.gap),
        "converged": bool(res.converged),
        "time_oracle": t_oracle,
        "time_boost": t_boost,
    }
    for q in MARGIN_QUANTILES:
        rec[f"margin_q{int(100 * q):02d}"] = float(np.quantile(m, q))
    rec["margin_mean"] = float(np.mean(m))
    if trace:
        rec["trace"], rec["trace_time"] = booster_trace(orc, bfn, params, res, split)
    elif curve is not None:
        rec["trace"], rec["trace_time"] = history_curve(res, curve)
    return rec


def _json_default(o):
    if isinstance(o, np.generic):
        return o.item()
    if isinstance(o, np.ndarray):
        return o.tolist()
    raise TypeError(f"record value of type {type(o).__name__} is not JSON serialisable")
