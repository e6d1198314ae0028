"""A small experiment runner: data set x realisations x booster x parameter grid -> tidy records.

Each *cell* is one (train/test split, parameter setting). The runner builds the weak-learner
oracle on the training part, runs the booster, predicts the test part with the oracle's
``predict(keys, weights, X)`` and returns one flat dict per cell (train/test error, margin
summary, n_iter, gap, converged, time). Splits are the IDA realisations where the data set has
them, the data set's own test part (LIBSVM ``.t``), or seeded random splits otherwise.
Cells run in parallel with joblib when it is installed and ``n_jobs != 1``, else in a plain loop.

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
from ._validation import check_choice, check_int, check_real
from .oracles import KernelColumnOracle, LDAOracle, Oracle, RawFeatureOracle, StumpOracle, TreeOracle

#: Weak learners by name (factories ``(X, y) -> Oracle``).
ORACLES: dict[str, Callable] = {
    "stump": StumpOracle,
    "tree": TreeOracle,
    "tree-greedy": lambda X, y: TreeOracle(X, y, search="greedy"),
    "raw": RawFeatureOracle,
    "kernel": KernelColumnOracle,
    "lda": LDAOracle,
}

#: Quantiles of the training margins recorded per cell.
MARGIN_QUANTILES = (0.0, 0.05, 0.25, 0.5)


def _resolve_booster(booster) -> tuple[str, Callable]:
    if callable(booster):
        return getattr(booster, "__name__", repr(booster)), booster
    if not isinstance(booster, str):
        raise TypeError(f"booster must be a booster name (e.g. 'lpboost') or a callable, got {type(booster).__name__}")
    import refboost

    fn = getattr(refboost, booster, None)
    if fn is None or not callable(fn) or isinstance(fn, type):
        raise ValueError(f"booster: unknown booster {booster!r} (not a function exported by refboost)")
    return booster, fn


def _resolve_oracle(oracle) -> tuple[str, Callable]:
    if isinstance(oracle, str):
        check_choice(oracle, "oracle", ORACLES)
        return oracle, ORACLES[oracle]
    if callable(oracle):
        return getattr(oracle, "__name__", "custom"), oracle
    raise TypeError(
        f"oracle must be one of {sorted(ORACLES)} or a factory (X, y) -> Oracle, got {type(oracle).__name__}"
    )


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


def splits(
    dataset,
    *,
    realisations: Iterable[int] | None = None,
    n_splits: int = 1,
    test_fraction: float = 0.3,
    rng: np.random.Generator | None = None,
    data_home=None,
    scale: str | None = None,
) -> list[dict]:
    """Train/test splits of a data set as dicts ``{split, X, y, X_test, y_test}``.

    * IDA sets with realisations (a name): the given ``realisations`` (default ``[1]``).
    * Data with a test part (a :class:`~refboost.datasets.Dataset` or a LIBSVM name with ``.t``):
      that one split.
    * Otherwise ``n_splits`` seeded random splits with ``test_fraction`` held out (needs ``rng``).
    """
    if isinstance(dataset, str):
        spec = _datasets._resolve(dataset)
        if spec.kind == "ida-asc":
            reals = [1] if realisations is None else [check_int(r, "realisations", low=1) for r in realisations]
            out = []
            for r in reals:
                ds = _datasets.load(dataset, data_home=data_home, realisation=r, scale=scale)
                out.append({"split": r, "X": ds.X, "y": ds.y, "X_test": ds.X_test, "y_test": ds.y_test})
            return out
        if realisations is not None:
            raise ValueError(f"realisations: data set {spec.name} has no IDA realisations; use n_splits")
        dataset = _datasets.load(dataset, data_home=data_home, scale=scale, rng=rng)
    if not isinstance(dataset, _datasets.Dataset):
        raise TypeError(f"dataset must be a data set name or a refboost.datasets.Dataset, got {type(dataset).__name__}")
    if dataset.X_test is not None:
        return [{"split": 0, "X": dataset.X, "y": dataset.y, "X_test": dataset.X_test, "y_test": dataset.y_test}]
    n_splits = check_int(n_splits, "n_splits", low=1)
    if rng is None or not isinstance(rng, np.random.Generator):
        raise TypeError("rng must be a numpy.random.Generator for random splits (np.random.default_rng(seed))")
    out = []
    for s in range(n_splits):
        tr, te = random_split(dataset.n_examples, test_fraction, rng)
        out.append(
            {"split": s, "X": dataset.X[tr], "y": dataset.y[tr], "X_test": dataset.X[te], "y_test": dataset.y[te]}
        )
    return out


def error_rate(f: np.ndarray, y: np.ndarray) -> float:
    """Misclassification rate of ``sign(f)`` with ``sign(0) = +1`` (Mitsuboshi digest §6.22)."""
    pred = np.where(f >= 0, 1.0, -1.0)
    return float(np.mean(pred != y))


def staged_errors(oracle, result, X, y) -> np.ndarray:
    """Error of ``sign(f_t)`` after each iteration t of a *stagewise* booster (AdaBoost family).

    ``f_t = sum_{s <= t} alpha_s h_{j_s}`` from the history records ``hypothesis`` and ``alpha``
    (the coefficients are never revised, so the history determines every f_t); ``sign(0) = +1``.
    A record with ``alpha = inf`` (a perfect hypothesis) makes ``f_t = h_{j_t}`` from then on.

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
        f = h if np.isinf(a) else f + a * h
        out[t] = error_rate(f, y)
    return out


def run_cell(split: dict, booster, params: dict, oracle="stump") -> dict:
    """Run one cell and return its record (see :func:`run`)."""
    bname, bfn = _resolve_booster(booster)
    oname, ofac = _resolve_oracle(oracle)
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
    n_jobs: int = 1,
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
    realisations, n_splits, test_fraction, rng, data_home, scale
        See :func:`splits`.
    n_jobs : int
        Parallel cells with joblib (if installed); 1 runs a plain loop.

    Returns
    -------
    list of dict
        One record per cell: dataset, booster, oracle, split, ``param_<name>`` columns,
        train/test error (sign(0) = +1), normalised-margin quantiles, n_iter, gap, converged, times.
    """
    _resolve_booster(booster)
    _resolve_oracle(oracle)
    n_jobs = check_int(n_jobs, "n_jobs")
    if n_jobs == 0:
        raise ValueError("n_jobs must be a non-zero integer (1 = no parallelism, -1 = all cores)")
    settings = param_grid(grid)
    sp_list = splits(
        dataset,
        realisations=realisations,
        n_splits=n_splits,
        test_fraction=test_fraction,
        rng=rng,
        data_home=data_home,
        scale=scale,
    )
    name = dataset if isinstance(dataset, str) else dataset.name
    cells = [(s, p) for s in sp_list for p in settings]
    try:
        import joblib
    except ImportError:  # pragma: no cover - joblib ships with scikit-learn
        joblib = None
    if joblib is not None and n_jobs != 1 and len(cells) > 1:
        recs = joblib.Parallel(n_jobs=n_jobs)(joblib.delayed(run_cell)(s, booster, p, oracle) for s, p in cells)
    else:
        recs = [run_cell(s, booster, p, oracle) for s, p in cells]
    for r in recs:
        r["dataset"] = name
    return recs


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
