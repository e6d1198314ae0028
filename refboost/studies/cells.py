"""Cells: the named splits of a data set (:func:`load_split`) and one cell's run (:func:`execute_cell`).

A cell is a pure function of its key (:func:`execute_cell`): the split is named so that it fixes
the examples (an IDA realisation, a seeded cross-validation fold of one, a seeded random
train/validation/test split, see :func:`load_split`), and the boosters are deterministic. Running a
cell twice gives the same record except the fields in :data:`~refboost.studies.keys.RUN_FIELDS`
(timings, the worker, the time it finished, the run it belongs to).
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import socket
import time
from collections.abc import Callable, Iterable
from functools import lru_cache

import numpy as np

from .keys import canonical_key, key_seed, refboost_version


@lru_cache(maxsize=32)
def _load(dataset: str, realisation: int | None):
    from .. import datasets

    return datasets.load(dataset, realisation=realisation)


#: Published train/validation/test splits, by data set and split name: the catalogue entry that holds the
#: three parts. a9a's ``"erlpboost-0.1"`` is the 60/20/20 split of a9a + a9a.t shipped with the ERLPBoost
#: code (Vishwanathan & Warmuth): 29,305 / 9,768 / 9,769 examples, the sizes of Glocer (2009), Table 5.2.
PUBLISHED_SPLITS = {"a9a": {"erlpboost-0.1": "a9a-erlpboost"}}


def load_split(dataset: str, split: str) -> dict:
    """The examples of a named split, as a dict ``X, y`` (training part), ``X_val, y_val``, ``X_test, y_test``.

    Split names:

    * a published split of the data set (:data:`PUBLISHED_SPLITS`), e.g. a9a's ``"erlpboost-0.1"``: its
      training, validation and test parts exactly as published.

    * ``"r<R>"``: IDA realisation R, its training and test parts.
    * ``"p<R>"``: refboost's seeded partition R of the pattern set of an IDA set stored as realisation
      files (realisation 1's training and test parts together) into parts of realisation 1's sizes:
      the first rows of a random permutation seeded by data set and R train, the rest test (each
      sorted). For runs beyond the realisations the catalogue has; *not* IDA's own realisations.
    * ``"r<R>/cv<K>.<F>"``: fold F (0-based) of stratified K-fold cross-validation on the training
      part of realisation R (shuffled, seeded by data set, realisation and K): the other folds train,
      fold F is the validation part.
    * ``"<a>/<b>/<c>:s<S>"``: a random train/validation/test split with percentages a, b, c
      (summing to 100) of all the data set's examples (its training and test parts together),
      seeded by data set, scheme and S.
    """
    from .._extras import require

    StratifiedKFold = require("sklearn.model_selection", "refboost.studies (cross-validation splits)").StratifiedKFold

    from ..experiments import train_val_test_split

    if not isinstance(split, str):
        raise TypeError(f"split must be a string, got {type(split).__name__}")
    published = PUBLISHED_SPLITS.get(dataset, {})
    if split in published:
        ds = _load(published[split], None)
        return {"X": ds.X, "y": ds.y, "X_val": ds.X_valid, "y_val": ds.y_valid, "X_test": ds.X_test,
                "y_test": ds.y_test}
    if split.startswith("p") and split[1:].isdigit():
        ds = _load(dataset, 1)
        X, y = np.vstack([ds.X, ds.X_test]), np.concatenate([ds.y, ds.y_test])
        perm = np.random.default_rng(key_seed(dataset, "partition", int(split[1:]))).permutation(len(y))
        tr, te = np.sort(perm[: len(ds.y)]), np.sort(perm[len(ds.y) :])
        return {"X": X[tr], "y": y[tr], "X_test": X[te], "y_test": y[te]}
    if split.startswith("r"):
        real, _, cv = split[1:].partition("/")
        if not real.isdigit():
            raise ValueError(f"split {split!r}: expected 'r<R>' or 'r<R>/cv<K>.<F>'")
        ds = _load(dataset, int(real))
        if not cv:
            return {"X": ds.X, "y": ds.y, "X_test": ds.X_test, "y_test": ds.y_test}
        k, _, f = cv.removeprefix("cv").partition(".")
        if not (cv.startswith("cv") and k.isdigit() and f.isdigit() and int(f) < int(k)):
            raise ValueError(f"split {split!r}: expected 'r<R>/cv<K>.<F>' with 0 <= F < K")
        k, f = int(k), int(f)
        folds = StratifiedKFold(n_splits=k, shuffle=True, random_state=key_seed(dataset, real, k))
        tr, va = list(folds.split(ds.X, ds.y))[f]
        return {"X": ds.X[tr], "y": ds.y[tr], "X_val": ds.X[va], "y_val": ds.y[va]}
    scheme, _, seed = split.partition(":s")
    parts = scheme.split("/")
    if len(parts) != 3 or not all(p.isdigit() for p in parts) or not seed.isdigit():
        named = f", or one of {dataset}'s published splits {sorted(published)}" if published else ""
        raise ValueError(f"split {split!r}: expected 'r<R>', 'r<R>/cv<K>.<F>' or '<a>/<b>/<c>:s<S>'{named}")
    fr = [int(p) / 100 for p in parts]
    if sum(int(p) for p in parts) != 100:
        raise ValueError(f"split {split!r}: the percentages must sum to 100")
    ds = _load(dataset, None)
    X, y = ds.X, ds.y
    if ds.X_test is not None:
        X, y = np.vstack([X, ds.X_test]), np.concatenate([y, ds.y_test])
    rng = np.random.default_rng(key_seed(dataset, scheme, seed))
    tr, va, te = train_val_test_split(X.shape[0], fr, rng)
    return {"X": X[tr], "y": y[tr], "X_val": X[va], "y_val": y[va], "X_test": X[te], "y_test": y[te]}


def select(keys: list[dict], field: str, names, what: str) -> list[dict]:
    """The keys whose ``field`` is one of ``names`` (all keys for None); unknown names raise."""
    if names is None:
        return keys
    if isinstance(names, str):
        names = [names]
    valid = list(dict.fromkeys(k[field] for k in keys))
    bad = [n for n in names if n not in valid]
    if bad or not names:
        raise ValueError(f"{field}s must be among the {what}: {valid}, got {list(names)}")
    return [k for k in keys if k[field] in names]


def check_data(keys: Iterable[dict]) -> None:
    """Load one split of every data set of ``keys`` in the driver; raise one error naming every missing one.

    Raises
    ------
    refboost.datasets.DataNotFoundError
        Some data sets are neither bundled nor downloaded (the message gives the download command).
    """
    from ..datasets import DataNotFoundError

    first: dict[str, str] = {}
    for k in keys:
        first.setdefault(k["dataset"], k["split"])
    missing = []
    for dataset, split in first.items():
        try:
            load_split(dataset, split)
        except DataNotFoundError as exc:
            missing.append(f"{dataset} ({exc})")
    if missing:
        raise DataNotFoundError("data sets not found: " + "; ".join(missing))


def booster_params(params: dict, m: int) -> dict:
    """A cell's declared parameters -> the booster's keyword arguments.

    ``nu_frac = p`` becomes ``nu = p * m`` (m = the cell's training examples), the papers' "ν = pm"
    and "ν/N" grids; every other parameter is passed through.
    """
    out = dict(params)
    if "nu_frac" in out:
        if "nu" in out:
            raise ValueError("params: give nu or nu_frac, not both")
        p = out.pop("nu_frac")
        if not (isinstance(p, int | float) and 0 < p <= 1):
            raise ValueError(f"params: nu_frac must be in (0, 1], got {p!r}")
        out["nu"] = max(1.0, float(p) * m)
    return out


def _with_adaboost_inputs(booster: str, pool_rounds: int | None, t_rounds: int | None) -> Callable:
    """``booster`` fed by an AdaBoost run on the same weak learner (Shen & Li's protocols).

    ``pool_adaboost_rounds = r``: ``pool`` = the hypotheses of ``r`` AdaBoost rounds (Table II's
    AdaBoost-QP over "the 1500 weak classifiers generated by AdaBoost"); ``T_from_adaboost_rounds = r``:
    ``T = 1 / (sum of the AdaBoost coefficients)`` after ``r`` rounds (Table IV). The AdaBoost run counts
    in the booster's time.
    """
    from .._registry import resolve_booster

    _, fn = resolve_booster(booster)
    for name, r in (("pool_adaboost_rounds", pool_rounds), ("T_from_adaboost_rounds", t_rounds)):
        if r is not None and (not isinstance(r, int) or isinstance(r, bool) or r < 1):
            raise ValueError(f"params: {name} must be an integer >= 1, got {r!r}")

    def run(oracle, **kw):
        from .. import adaboost

        runs = {}

        def ab(r):
            if r not in runs:
                runs[r] = adaboost(oracle, max_iter=r, store_d=False)
            return runs[r]

        if pool_rounds is not None:
            kw["pool"] = list(ab(pool_rounds).hypotheses)
        if t_rounds is not None:
            kw["T"] = 1.0 / float(ab(t_rounds).extra["norm"])
        return fn(oracle, **kw)

    return run


def _plain(v):
    if isinstance(v, np.generic):
        return v.item()
    return v


#: Cell parameters the runner itself consumes (:func:`execute_cell`); the others go to the booster.
RUNNER_PARAMS = ("pool_adaboost_rounds", "T_from_adaboost_rounds", "trace", "curve")
#: What :func:`_warm_up` has run in this process: (booster, weak learner, capped or not).
_WARMED: set = set()
#: Training examples and iterations of the warm-up run.
WARM_UP_EXAMPLES, WARM_UP_ITERATIONS = 24, 3


def _warm_up(key: dict) -> None:
    """Run the cell's booster once, untimed, on a tiny part of its training data, once per worker process.

    Loading the split (cached) and a 3-iteration run on 24 training examples (12 of each label where possible)
    with the cell's own parameters (``nu_frac`` taken of the 24) make the lazy imports and numba's cached
    kernels load before the cell's clock starts. Without it the first cell of a booster in a worker paid for
    them: a 17-iteration Binary ERLPBoost cell on diabetes took 3.9 s of CPU cold and 0.04 s warm. Once per
    (booster, weak learner, capped or not); an error here is left for the timed run to raise.
    """
    from ..experiments import run_cell

    params = {k: v for k, v in key["params"].items() if k not in RUNNER_PARAMS}
    memo = (key["booster"], key["weak_learner"], "nu_frac" in params or "nu" in params)
    if memo in _WARMED:
        return
    _WARMED.add(memo)
    try:
        split = load_split(key["dataset"], key["split"])
        y = np.asarray(split["y"])
        half = WARM_UP_EXAMPLES // 2
        idx = np.sort(np.concatenate([np.flatnonzero(y > 0)[:half], np.flatnonzero(y <= 0)[:half]]))
        tiny = {"X": split["X"][idx], "y": y[idx], "X_test": split["X"][idx], "y_test": y[idx], "split": key["split"]}
        kwargs = booster_params(params, idx.size)
        kwargs["max_iter"] = WARM_UP_ITERATIONS
        run_cell(tiny, key["booster"], kwargs, key["weak_learner"])
    except Exception:  # noqa: BLE001 (the timed run reports the cell's errors)
        pass


def execute_cell(key: dict) -> dict:
    """Run one cell: the record (key fields, results, :data:`RUN_FIELDS`).

    Loads the split, builds the weak learner on the training part (through the registry), runs the
    booster with :func:`refboost.experiments.run_cell` and records the errors on each part, the
    iterations, the certificate (``gap``; ``converged``: the booster's stopping statement confirmed
    by :mod:`refboost.certify`), the normalised margins' minimum and mean and the timings (after
    :func:`_warm_up`, so a worker's first cell is not charged with loading code).

    The parameter ``trace: true`` (popped before the booster is called) adds ``trace``: the errors on
    each part and the objective after roughly geometric checkpoints t of the run
    (:func:`refboost.experiments.booster_trace`, JSON), and ``trace_time``: the run's wall-clock time
    at those t (JSON; a run field, since it varies between runs). The parameter ``curve: "<field>"``
    fills the same two fields with one field of the booster's own per-iteration history, e.g. the
    duality gap it stops on, at about 24 checkpoints a decade (:func:`refboost.experiments.history_curve`;
    no re-run).
    """
    from ..experiments import run_cell

    key = canonical_key(key)
    if key["version"] != refboost_version():
        raise ValueError(f"cell version {key['version']!r}: this is refboost {refboost_version()}")
    _warm_up(key)
    t_wall, t_cpu = time.perf_counter(), time.process_time()
    split = load_split(key["dataset"], key["split"])
    split["split"] = key["split"]
    kwargs = booster_params(key["params"], int(split["X"].shape[0]))
    pool_rounds = kwargs.pop("pool_adaboost_rounds", None)
    t_rounds = kwargs.pop("T_from_adaboost_rounds", None)
    trace = kwargs.pop("trace", False)
    if not isinstance(trace, bool):
        raise ValueError(f"params: trace must be true or false, got {trace!r}")
    curve = kwargs.pop("curve", None)
    if curve is not None and not (isinstance(curve, str) and curve):
        raise ValueError(f"params: curve must name a field of the booster's history (a string), got {curve!r}")
    if trace and curve is not None:
        raise ValueError("params: give trace or curve, not both (both fill the record's trace)")
    booster = key["booster"]
    if pool_rounds is not None or t_rounds is not None:
        booster = _with_adaboost_inputs(booster, pool_rounds, t_rounds)
    rec = run_cell(split, booster, kwargs, key["weak_learner"], trace=trace, curve=curve)
    out = {**key, "params": json.dumps(key["params"], sort_keys=True)}
    out.update(
        n_train=rec["n_train"],
        n_val=rec.get("n_val"),
        n_test=rec["n_test"],
        train_error=rec["train_error"],
        val_error=rec.get("val_error"),
        test_error=rec["test_error"],
        n_iter=rec["n_iter"],
        n_hypotheses=rec["n_hypotheses"],
        gap=rec["gap"],
        converged=rec["converged"],
        margin_min=rec["margin_q00"],
        margin_mean=rec["margin_mean"],
        time_oracle=rec["time_oracle"],
        time_boost=rec["time_boost"],
        trace=json.dumps(rec["trace"], sort_keys=True) if trace or curve else None,
        trace_time=json.dumps(rec["trace_time"]) if trace or curve else None,
    )
    out = {k: _plain(v) for k, v in out.items()}
    out["time_cell"] = time.perf_counter() - t_wall
    out["time_cpu"] = time.process_time() - t_cpu
    out["worker"] = f"{socket.gethostname()}:{os.getpid()}"
    out["finished"] = _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds")
    return out
