"""A small experiment runner: data set x realisations x booster x parameter grid -> tidy records.

Each *cell* is one (train/test split, parameter setting). The runner builds the weak-learner
oracle on the training part, runs the booster, predicts the test part with the oracle's
``predict(keys, weights, X)`` and returns one flat dict per cell (train/test error, margin
summary, n_iter, gap, converged, time). Splits are the IDA realisations where the data set has
them, the data set's own test part (LIBSVM ``.t``), or seeded random splits otherwise.
Random splits are train/test (``test_fraction``) or train/validation/test (``scheme="70/15/15"`` or
``"60/20/20"``, see :data:`SPLIT_SCHEMES`); :func:`cross_validate` runs k-fold cross-validation
over a parameter grid and :func:`best_params` picks the setting of least mean validation error.
Cells run in parallel with joblib when it is installed and ``n_jobs != 1``, else in a plain loop;
a tqdm progress bar shows on long runs (``progress=None``: only when stderr is a terminal, so
never in tests, CI logs or notebooks; ``True``/``False`` force it).

Example
-------
>>> import refboost as rb
>>> recs = rb.experiments.run("heart", "lpboost", realisations=[1, 2],
...                           grid={"nu": [1.0, 10.0], "eps": [1e-3]})          # doctest: +SKIP
"""

from __future__ import annotations

import itertools
import json
import os
import time
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

import numpy as np

from . import datasets as _datasets
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


def _progress(iterable, *, total: int, desc: str, progress: bool | None):
    """Wrap ``iterable`` in a tqdm bar (``progress=None``: only on a terminal; no tqdm: no bar)."""
    if progress is not None and not isinstance(progress, bool):
        raise TypeError(f"progress must be True, False or None (auto: only on a terminal), got {progress!r}")
    if progress is False:
        return iterable
    try:
        from tqdm import tqdm
    except ImportError:  # tqdm is optional (the [studies] extra): no bar
        return iterable
    # tqdm's disable=None switches the bar off when the output is not a TTY
    return tqdm(iterable, total=total, desc=desc, disable=None if progress is None else False, leave=False)


def _check_n_jobs(n_jobs) -> int:
    n_jobs = check_int(n_jobs, "n_jobs")
    if n_jobs == 0:
        raise ValueError("n_jobs must be a non-zero integer (1 = no parallelism, -1 = all cores)")
    return n_jobs


def param_grid(grid: Mapping[str, Iterable] | None) -> list[dict]:
    """All combinations of a ``{name: values}`` grid, in the order given (``[{}]`` for None)."""
    if grid is None:
        return [{}]
    if not isinstance(grid, Mapping):
        raise TypeError(f"grid must be a mapping {{parameter: list of values}}, got {type(grid).__name__}")
    names = list(grid)
    values = []
    for k in names:
        v = grid[k]
        if isinstance(v, str | bytes) or not isinstance(v, Iterable):
            raise TypeError(f"grid[{k!r}] must be a list of values, got {type(v).__name__}")
        v = list(v)
        if not v:
            raise ValueError(f"grid[{k!r}] must not be empty")
        values.append(v)
    return [dict(zip(names, combo, strict=True)) for combo in itertools.product(*values)]


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


def splits(
    dataset,
    *,
    realisations: Iterable[int] | None = None,
    n_splits: int = 1,
    test_fraction: float = 0.3,
    rng: np.random.Generator | None = None,
    data_home=None,
    scale: str | None = None,
    scheme=None,
) -> list[dict]:
    """Train/test splits of a data set as dicts ``{split, X, y, X_test, y_test}``.

    * IDA sets with realisations (a name): the given ``realisations`` (default ``[1]``); for the
      IDA sets stored as a full pattern set, ``realisations`` selects refboost's seeded partitions
      (:func:`refboost.datasets.mat_realisation`), and without it the random splits below apply.
    * Data with a test part (a :class:`~refboost.datasets.Dataset` or a LIBSVM name with ``.t``):
      that one split.
    * Otherwise ``n_splits`` seeded random splits with ``test_fraction`` held out (needs ``rng``);
      with ``scheme`` (``"70/15/15"``, ``"60/20/20"`` or three fractions) train/validation/test
      splits instead (:func:`train_val_test_split`), each dict also holding ``X_val, y_val``.
    """
    if scheme is not None:
        _check_scheme(scheme)
    if isinstance(dataset, str):
        spec = _datasets._resolve(dataset)
        if spec.kind == "ida-asc" or (spec.kind == "ida-mat" and realisations is not None):
            if scheme is not None:
                raise ValueError(f"scheme: data set {spec.name} has fixed IDA realisations (scheme: random only)")
            reals = [1] if realisations is None else [check_int(r, "realisations", low=1) for r in realisations]
            out = []
            for r in reals:
                ds = _datasets.load(dataset, data_home=data_home, realisation=r, scale=scale)
                out.append({"split": r, "X": ds.X, "y": ds.y, "X_test": ds.X_test, "y_test": ds.y_test})
            return out
        if realisations is not None:
            raise ValueError(f"realisations: data set {spec.name} has no IDA realisations; use n_splits")
        gen_rng = rng if spec.kind == "generator" else None  # file data sets take no rng; the split below does
        dataset = _datasets.load(dataset, data_home=data_home, scale=scale, rng=gen_rng)
    if not isinstance(dataset, _datasets.Dataset):
        raise TypeError(f"dataset must be a data set name or a refboost.datasets.Dataset, got {type(dataset).__name__}")
    if dataset.X_test is not None:
        if scheme is not None:
            raise ValueError(f"scheme: data set {dataset.name} has its own test part; scheme is for random splits")
        return [{"split": 0, "X": dataset.X, "y": dataset.y, "X_test": dataset.X_test, "y_test": dataset.y_test}]
    n_splits = check_int(n_splits, "n_splits", low=1)
    check_rng(rng, when="for random splits")
    out = []
    for s in range(n_splits):
        if scheme is not None:
            tr, va, te = train_val_test_split(dataset.n_examples, scheme, rng)
            out.append(
                {
                    "split": s,
                    "X": dataset.X[tr],
                    "y": dataset.y[tr],
                    "X_val": dataset.X[va],
                    "y_val": dataset.y[va],
                    "X_test": dataset.X[te],
                    "y_test": dataset.y[te],
                }
            )
            continue
        tr, te = random_split(dataset.n_examples, test_fraction, rng)
        out.append(
            {"split": s, "X": dataset.X[tr], "y": dataset.y[tr], "X_test": dataset.X[te], "y_test": dataset.y[te]}
        )
    return out


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


def run(
    dataset,
    booster,
    *,
    grid: Mapping[str, Iterable] | None = None,
    oracle="stump",
    realisations: Iterable[int] | None = None,
    n_splits: int = 1,
    test_fraction: float = 0.3,
    rng: np.random.Generator | None = None,
    data_home=None,
    scale: str | None = None,
    scheme=None,
    n_jobs: int = 1,
    progress: bool | None = None,
) -> list[dict]:
    """Run ``booster`` on every (split, parameter setting) cell; return tidy records.

    Parameters
    ----------
    dataset : str or refboost.datasets.Dataset
    booster : str or callable
        A refboost booster name (``"lpboost"``) or any ``f(oracle, **params) -> BoostResult``.
    grid : mapping {parameter: values}
        Parameter grid; every combination is one setting.
    oracle : str or callable
        ``"stump"`` (default), ``"tree"``, ``"tree-greedy"``, ``"raw"``, ``"kernel"``, ``"lda"``,
        or a factory ``(X, y) -> Oracle``.
    realisations, n_splits, test_fraction, rng, data_home, scale, scheme
        See :func:`splits`.
    n_jobs : int
        Parallel cells with joblib (if installed); 1 runs a plain loop.
    progress : bool or None
        tqdm progress bar over the cells; None (default) shows it only on a terminal.

    Returns
    -------
    list of dict
        One record per cell: dataset, booster, oracle, split, ``param_<name>`` columns,
        train/test error (sign(0) = +1), with a ``scheme`` also ``n_val`` and ``val_error``,
        normalised-margin quantiles, n_iter, gap, converged, times.
    """
    resolve_booster(booster)
    resolve_weak_learner(oracle)
    n_jobs = _check_n_jobs(n_jobs)
    settings = param_grid(grid)
    sp_list = splits(
        dataset,
        realisations=realisations,
        n_splits=n_splits,
        test_fraction=test_fraction,
        rng=rng,
        data_home=data_home,
        scale=scale,
        scheme=scheme,
    )
    name = dataset if isinstance(dataset, str) else dataset.name
    cells = [(s, p) for s in sp_list for p in settings]
    recs = _run_cells(cells, booster, oracle, n_jobs=n_jobs, progress=progress, desc=f"{name}: {booster}")
    for r in recs:
        r["dataset"] = name
    return recs


def _run_cells(cells, booster, oracle, *, n_jobs: int, progress, desc: str) -> list[dict]:
    try:
        import joblib
    except ImportError:  # pragma: no cover - joblib ships with scikit-learn
        joblib = None
    if joblib is not None and n_jobs != 1 and len(cells) > 1:
        gen = joblib.Parallel(n_jobs=n_jobs, return_as="generator")(
            joblib.delayed(run_cell)(s, booster, p, oracle) for s, p in cells
        )
        return list(_progress(gen, total=len(cells), desc=desc, progress=progress))
    cells_iter = _progress(cells, total=len(cells), desc=desc, progress=progress)
    return [run_cell(s, booster, p, oracle) for s, p in cells_iter]


def cross_validate(
    X,
    y,
    booster,
    *,
    grid: Mapping[str, Iterable] | None = None,
    oracle="stump",
    k: int = 5,
    rng: np.random.Generator,
    stratified: bool = True,
    n_jobs: int = 1,
    progress: bool | None = None,
) -> list[dict]:
    """k-fold cross-validation of ``booster`` over a parameter grid (scikit-learn's fold splitters).

    Every (fold, setting) cell trains on k-1 folds and records the error on the held-out fold as
    ``val_error`` (``split`` = fold index, ``test_error`` = None). Folds are
    ``StratifiedKFold`` (default) or ``KFold``, shuffled with a seed drawn from ``rng``.

    Parameters
    ----------
    X : array_like, shape (N, d)
    y : array_like, shape (N,), labels in {-1, +1}
    booster, grid, oracle, n_jobs, progress
        As in :func:`run`.
    k : int >= 2
        Number of folds.
    rng : numpy.random.Generator
    stratified : bool, default True

    Returns
    -------
    list of dict
        Records as :func:`run`'s; summarise with :func:`best_params` or :func:`summarise`
        (``value="val_error"``).
    """
    from ._extras import require
    from ._validation import check_array, check_labels

    sk = require("sklearn.model_selection", "refboost.experiments (cross-validation)")
    KFold, StratifiedKFold = sk.KFold, sk.StratifiedKFold

    resolve_booster(booster)
    resolve_weak_learner(oracle)
    Xa = check_array(X, "X", ndim=2)
    ya = check_labels(y, "y")
    if ya.shape[0] != Xa.shape[0]:
        raise ValueError(f"y must have one label per row of X: {ya.shape[0]} labels, {Xa.shape[0]} rows")
    k = check_int(k, "k", low=2)
    if k > Xa.shape[0]:
        raise ValueError(f"k must be at most the number of examples {Xa.shape[0]}, got {k}")
    check_rng(rng)
    if not isinstance(stratified, bool):
        raise TypeError(f"stratified must be a bool, got {type(stratified).__name__}")
    n_jobs = _check_n_jobs(n_jobs)
    seed = int(rng.integers(2**31 - 1))
    splitter = (StratifiedKFold if stratified else KFold)(n_splits=k, shuffle=True, random_state=seed)
    folds = []
    for f, (tr, va) in enumerate(splitter.split(Xa, ya)):
        folds.append({"split": f, "X": Xa[tr], "y": ya[tr], "X_val": Xa[va], "y_val": ya[va], "X_test": None})
    cells = [(s, p) for s in folds for p in param_grid(grid)]
    recs = _run_cells(cells, booster, oracle, n_jobs=n_jobs, progress=progress, desc=f"{k}-fold CV: {booster}")
    for r in recs:
        r["cv_folds"] = k
    return recs


def best_params(records: list[dict], value: str = "val_error") -> dict:
    """The parameter setting of least mean ``value`` over its records (first in grid order on ties).

    Returns the setting as ``{name: value}`` (the ``param_`` prefix removed).
    """
    if not isinstance(records, list) or not records:
        raise ValueError("records must be a non-empty list of records (e.g. from cross_validate)")
    keys = sorted({k for r in records for k in r if k.startswith("param_")})
    summ = summarise(records, by=keys, value=value)
    best = min(summ, key=lambda s: s["mean"])  # min keeps the first of equal means (insertion order)
    return {k[len("param_") :]: best[k] for k in keys}


def save_records(records: list[dict], path: str | os.PathLike) -> Path:
    """Write records as JSON lines (one record per line; reload with :func:`load_records`)."""
    if not isinstance(records, list) or not all(isinstance(r, dict) for r in records):
        raise TypeError("records must be a list of dicts (the output of refboost.experiments.run)")
    path = Path(path)
    with path.open("w", encoding="utf-8") as fh:
        for r in records:
            fh.write(json.dumps(r, default=_json_default, sort_keys=True) + "\n")
    return path


def load_records(path: str | os.PathLike) -> list[dict]:
    """Read records written by :func:`save_records`."""
    with Path(path).open(encoding="utf-8") as fh:
        return [json.loads(line) for line in fh if line.strip()]


def _json_default(o):
    if isinstance(o, np.generic):
        return o.item()
    if isinstance(o, np.ndarray):
        return o.tolist()
    raise TypeError(f"record value of type {type(o).__name__} is not JSON serialisable")


def summarise(records: list[dict], by: Iterable[str], value: str = "test_error") -> list[dict]:
    """Mean and standard deviation of ``value`` over the records sharing the keys ``by``."""
    by = list(by)
    groups: dict[tuple, list[float]] = {}
    for r in records:
        if value not in r:
            raise ValueError(f"value: records have no field {value!r}")
        groups.setdefault(tuple(r.get(k) for k in by), []).append(r[value])
    out = []
    for key, vals in groups.items():
        v = np.array([x for x in vals if x is not None], dtype=float)
        out.append(
            {**dict(zip(by, key, strict=True)), "n": int(v.size), "mean": float(v.mean()), "std": float(v.std())}
        )
    return out


def select_by_cv(
    split: dict,
    booster,
    grid: Mapping[str, Iterable],
    *,
    n_folds: int = 5,
    rng: np.random.Generator,
    oracle="stump",
) -> tuple[dict, list[dict]]:
    """Choose a parameter setting by stratified K-fold cross-validation on a training part.

    The IDA protocol of Rätsch, Onoda & Müller (2001), used by Sun, Todorovic & Li (2006) §4
    (they cite it, Ref. 16, without restating it), selects parameters by 5-fold CV on the training part
    of a realisation.
    Every setting of ``grid`` is run on every fold (with :func:`run_cell`, so the weak learner is
    rebuilt on the fold's training part); the setting with the smallest mean validation error
    wins, ties going to the first setting in grid order.

    Parameters
    ----------
    split : dict
        A split as returned by :func:`splits`; only its training part ``X``, ``y`` is used.
    booster, oracle
        As in :func:`run`.
    grid : mapping {parameter: values}
    n_folds : int >= 2
    rng : numpy.random.Generator
        Seeds the fold assignment (``sklearn.model_selection.StratifiedKFold`` with shuffling).

    Returns
    -------
    (best, table)
        ``best`` the chosen parameter dict; ``table`` one dict per setting with the parameters,
        ``cv_error`` (mean over folds) and ``fold_errors``.
    """
    resolve_booster(booster)
    resolve_weak_learner(oracle)
    if not isinstance(split, dict) or "X" not in split or "y" not in split:
        raise TypeError("split must be a dict with the training part 'X', 'y' (see refboost.experiments.splits)")
    settings = param_grid(grid)
    check_rng(rng)
    y = np.asarray(split["y"], dtype=float)
    n_min = int(min(np.sum(y > 0), np.sum(y < 0)))
    n_folds = check_int(n_folds, "n_folds", low=2, high=max(2, n_min))
    # one CV implementation: cross_validate (stratified, shuffled folds seeded from rng)
    recs = cross_validate(split["X"], y, booster, grid=grid, oracle=oracle, k=n_folds, rng=rng, progress=False)
    table = []
    for p in settings:
        errs = [
            r["val_error"]
            for r in sorted(recs, key=lambda r: r["split"])
            if all(r.get(f"param_{k}") == v for k, v in p.items())
        ]
        table.append({**p, "cv_error": float(np.mean(errs)), "fold_errors": errs})
    best = settings[int(np.argmin([r["cv_error"] for r in table]))]
    return dict(best), table


def cv_table(
    dataset,
    boosters: Mapping[str, tuple],
    *,
    realisations: Iterable[int],
    cv_realisations: Iterable[int],
    n_folds: int = 5,
    rng: np.random.Generator,
    oracle="stump",
    data_home=None,
) -> dict:
    """Test errors of several boosters with CV-selected parameters: one row of a "Table 1".

    The IDA protocol (Rätsch, Onoda & Müller 2001, as cited by Sun et al. 2006, §4): for each booster the
    parameters are chosen by :func:`select_by_cv` on the training part of each realisation in
    ``cv_realisations``; the per-parameter **median** of the selected values is then used on
    every realisation in ``realisations`` (numeric parameters; a non-numeric one takes the most
    frequent choice). A booster with an empty grid is run as is.

    Parameters
    ----------
    dataset : str
        An IDA data set name with realisations (e.g. ``"banana"``).
    boosters : mapping {label: (booster, grid)}
        ``booster`` as in :func:`run`; ``grid`` a parameter grid (fixed parameters as one-element
        lists, e.g. ``{"beta": [0.1, 0.3], "max_iter": [200]}``).
    realisations, cv_realisations : iterables of int
    n_folds : int
    rng : numpy.random.Generator
        Seeds the folds.
    oracle, data_home
        As in :func:`run`.

    Returns
    -------
    dict
        ``{"dataset", "params": {label: chosen params}, "cv": {label: [per CV realisation: (best, table)]},
        "records": [run_cell records with a "label" field], "errors": {label: array of test errors in
        realisation order}}``.
    """
    check_rng(rng)
    if not isinstance(boosters, Mapping) or not boosters:
        raise TypeError("boosters must be a non-empty mapping {label: (booster, grid)}")
    reals = [check_int(r, "realisations", low=1) for r in realisations]
    cv_reals = [check_int(r, "cv_realisations", low=1) for r in cv_realisations]
    if not reals:
        raise ValueError("realisations must not be empty")
    by_real = {
        s["split"]: s for s in splits(dataset, realisations=sorted(set(reals) | set(cv_reals)), data_home=data_home)
    }
    chosen: dict[str, dict] = {}
    cv: dict[str, list] = {}
    for label, (booster, grid) in boosters.items():
        settings = param_grid(grid)
        if len(settings) == 1 or not cv_reals:
            chosen[label], cv[label] = settings[0], []
            continue
        picks = [select_by_cv(by_real[r], booster, grid, n_folds=n_folds, rng=rng, oracle=oracle) for r in cv_reals]
        cv[label] = picks
        params = {}
        for k in settings[0]:
            vals = [b[k] for b, _ in picks]
            if all(isinstance(v, int | float) and not isinstance(v, bool) for v in vals):
                params[k] = float(np.median(vals)) if len(set(vals)) > 1 else vals[0]
            else:
                params[k] = max(set(vals), key=vals.count)
        chosen[label] = params
    records = []
    for r in reals:
        for label, (booster, _) in boosters.items():
            rec = run_cell(by_real[r], booster, chosen[label], oracle)
            rec.update(label=label, dataset=dataset)
            records.append(rec)
    errors = {
        label: np.array([rec["test_error"] for rec in records if rec["label"] == label], dtype=float)
        for label in boosters
    }
    return {"dataset": dataset, "params": chosen, "cv": cv, "records": records, "errors": errors}
