"""The study runner: a declared grid of cells, run on Dask, one stored record per cell.

A **study** (:class:`Study`) declares, for each scale (``"ci"``: a few cells that run in seconds;
``"paper"``: the paper's protocol), its **cells**: one cell = (data set, split, booster, parameters,
weak learner). Its **analysis** turns the stored records into a table (a list of dicts) with our
numbers next to the paper's.

A cell is a pure function of its key (:func:`execute_cell`): the split is named so that it fixes
the examples (an IDA realisation, a seeded cross-validation fold of one, a seeded random
train/validation/test split, see :func:`load_split`), and the boosters are deterministic. Running a
cell twice gives the same record except the fields in :data:`RUN_FIELDS` (timings, the worker, the
time it finished, the run it belongs to).

Cells run through ``dask.distributed``: a ``LocalCluster(n_workers=N, threads_per_worker=1,
processes=True)`` by default, or the scheduler at an address (the same study runs on a real
cluster unchanged; the workers need refboost and the data sets installed). The driver collects
records with ``distributed.as_completed`` and writes each one to the store as soon as its cell
ends, so an interrupted study resumes where it stopped: :func:`run_study` skips every cell whose key
is already stored.

Store format: SQLite, one row per cell. Every record is committed in its own transaction, so a
crash or Ctrl-C loses at most the cells that were running; the primary key (the canonical JSON of
the cell key, refboost version included) makes a second write of a cell impossible; and it is one
file in the standard library, readable without refboost. Parquet files cannot be appended to: a
resumable Parquet store would be one file per cell or a rewrite per cell. For committing, the
store is also exported as ``cells.parquet`` (sorted by key, one typed column per field, compressed):
smaller than the SQLite file and readable with any Parquet reader; a store folder holding only
``cells.parquet`` is re-imported into SQLite when opened. Next to it, ``provenance.json`` lists
every run (command, refboost version, git commit, cells, wall and CPU time, machine, Dask
version, date).
"""

from __future__ import annotations

import contextlib
import datetime as _dt
import json
import os
import platform
import socket
import sqlite3
import subprocess
import time
import uuid
import zlib
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from functools import lru_cache
from pathlib import Path

import numpy as np

#: The scales every study declares.
SCALES = ("ci", "paper")

#: Fields of a key, in order.
KEY_FIELDS = ("dataset", "split", "booster", "params", "weak_learner", "version")

#: Record fields that depend on the run, not on the key: ignored when re-run records are compared.
RUN_FIELDS = ("time_oracle", "time_boost", "time_cell", "time_cpu", "trace_time", "worker", "finished", "run_id")

#: Result fields of a record (besides the key and :data:`RUN_FIELDS`).
RESULT_FIELDS = (
    "n_train",
    "n_val",
    "n_test",
    "train_error",
    "val_error",
    "test_error",
    "n_iter",
    "n_hypotheses",
    "gap",
    "converged",
    "margin_min",
    "margin_mean",
    "trace",
)

DURATION_CLASSES = (("under 2 s", 0.0, 2.0), ("2-30 s", 2.0, 30.0), ("30 s-5 min", 30.0, 300.0),
                    ("over 5 min", 300.0, float("inf")))
"""The duration classes a ``--verify --by-duration`` sample draws from (by a cell's stored ``time_cell``)."""

STORE_DB = "cells.sqlite"
STORE_PARQUET = "cells.parquet"
PROVENANCE = "provenance.json"


# ------------------------------------------------------------------------------------------
# studies
# ------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Study:
    """A declared grid of cells per scale plus an analysis (records -> table).

    Attributes
    ----------
    name : str
    title : str
        One line: what the study reproduces.
    source : str
        The paper and table, cited as in the book ("Glocer (2009), Table 5.4").
    grid : callable ``scale -> list of cell keys``
        Keys without the ``version`` field (the runner adds refboost's version).
    analysis : callable ``(records, scale) -> list of dict``
        The study's table from its stored records.
    notes : str
        Protocol notes and deviations from the paper.
    """

    name: str
    title: str
    source: str
    grid: Callable[[str], list[dict]]
    analysis: Callable[[list[dict], str], list[dict]]
    notes: str = ""

    def cells(self, scale: str) -> list[dict]:
        """The cell keys at ``scale``, each with refboost's version, in the declared order."""
        check_scale(scale)
        version = refboost_version()
        keys = [canonical_key({**k, "version": version}) for k in self.grid(scale)]
        ids = [key_id(k) for k in keys]
        if len(set(ids)) != len(ids):
            raise ValueError(f"study {self.name}: the {scale} grid declares a cell twice")
        return keys


def check_scale(scale) -> str:
    if scale not in SCALES:
        raise ValueError(f"scale must be one of {list(SCALES)}, got {scale!r}")
    return scale


def refboost_version() -> str:
    import refboost

    return str(refboost.__version__)


def canonical_key(key: dict) -> dict:
    """The key with exactly :data:`KEY_FIELDS`, parameters as a plain dict sorted by name."""
    missing = [f for f in KEY_FIELDS if f not in key]
    extra = [f for f in key if f not in KEY_FIELDS]
    if missing or extra:
        raise ValueError(f"cell key must have exactly the fields {list(KEY_FIELDS)}; missing {missing}, extra {extra}")
    params = key["params"]
    if isinstance(params, str):
        params = json.loads(params)
    if not isinstance(params, dict):
        raise TypeError(f"cell key 'params' must be a dict, got {type(params).__name__}")
    out = {f: key[f] for f in KEY_FIELDS}
    out["params"] = {k: params[k] for k in sorted(params)}
    return out


def key_id(key: dict) -> str:
    """The canonical JSON of a key (or of a record's key fields): the store's primary key."""
    missing = [f for f in KEY_FIELDS if f not in key]
    if missing:
        raise ValueError(f"cell key must have the fields {list(KEY_FIELDS)}; missing {missing}")
    return json.dumps(canonical_key({f: key[f] for f in KEY_FIELDS}), sort_keys=True, separators=(",", ":"))


def key_seed(*parts) -> int:
    """A 32-bit seed from strings (their CRC-32): the same parts give the same seed on every machine."""
    return zlib.crc32("|".join(str(p) for p in parts).encode())


# ------------------------------------------------------------------------------------------
# cells
# ------------------------------------------------------------------------------------------


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


#: Relative tolerance for floats of a record re-run on another CPU (:func:`same_record`): the BLAS kernels
#: (OpenBLAS picks Haswell or SkylakeX code at run time) and numpy's SIMD loops (AVX2 or AVX-512 ``exp``,
#: ``log``, sums) round the last bits differently.
CROSS_CPU_RTOL = 1e-9
#: Fields a booster's solver determines only to its accuracy ``eps`` (the cell's, or the booster's default),
#: with the tolerance they get across CPUs: the gap (a certificate <= eps) to eps; the margins to sqrt(eps),
#: since an eps-optimal objective fixes the solution only to O(sqrt(eps)) (strong concavity) and not at all
#: along a flat optimal face: AdaBoost-CG at eps = 1e-5 and T = 0.002 on breast-cancer returned a mean
#: margin 8.7e-5 apart on an AVX2 and an AVX-512 CPU, the same test error and minimum margin to 4e-9.
SOLVER_ACCURACY_FIELDS = {"gap": lambda eps: eps, "margin_min": np.sqrt, "margin_mean": np.sqrt}
#: Boosters whose ``n_iter`` counts the iterations of one numerical solve rather than boosting rounds
#: (AdaBoost-QP: the Newton iterations of its single QP): across CPUs it is not compared.
SOLVER_ITERATION_BOOSTERS = ("adaboost_qp",)


def _cell_eps(rec: dict) -> float | None:
    """The accuracy ``eps`` a record's booster ran at: the cell's parameter, else the booster's default."""
    import inspect

    try:
        params = json.loads(rec["params"]) if isinstance(rec.get("params"), str) else dict(rec.get("params") or {})
    except (TypeError, ValueError):
        return None
    if isinstance(params.get("eps"), int | float):
        return float(params["eps"])
    import refboost

    name = rec.get("booster")
    fn = getattr(refboost, name, None) if name in refboost.BOOSTERS else None
    par = None if fn is None else inspect.signature(fn).parameters.get("eps")
    return float(par.default) if par is not None and isinstance(par.default, int | float) else None


def same_record(a: dict, b: dict, *, rtol: float = 0.0) -> list[str]:
    """The fields (outside :data:`RUN_FIELDS`) where two records differ; [] when identical.

    ``rtol = 0`` (the default): every value must be identical (the same cell run twice on one machine,
    two stores merged). ``rtol > 0`` compares a record re-run on another CPU (:data:`CROSS_CPU_RTOL`):
    two finite floats count as equal when ``|x - y| <= rtol * max(1, |x|, |y|)``, also inside the trace
    (parsed from its JSON, compared entry by entry); the :data:`SOLVER_ACCURACY_FIELDS` may differ by up
    to their tolerance at the booster's ``eps`` (the gap: eps, the margins: sqrt(eps)); ``n_iter`` of
    :data:`SOLVER_ITERATION_BOOSTERS` is not compared. Keys, counts, test errors, verdicts, booleans
    and every discrete entry of the trace must still be identical.
    """
    if not (isinstance(rtol, int | float) and 0 <= rtol < 1):
        raise ValueError(f"rtol must be a number in [0, 1), got {rtol!r}")
    fields = sorted((set(a) | set(b)) - set(RUN_FIELDS))

    def close(x, y, atol=0.0):
        if json.dumps(x) == json.dumps(y):  # JSON: NaN equals NaN
            return True
        if not rtol:
            return False
        if isinstance(x, list) and isinstance(y, list):
            return len(x) == len(y) and all(close(u, v) for u, v in zip(x, y, strict=True))
        if isinstance(x, dict) and isinstance(y, dict):
            return x.keys() == y.keys() and all(close(x[k], y[k]) for k in x)
        floats = isinstance(x, float) and isinstance(y, float) and np.isfinite(x) and np.isfinite(y)
        return floats and abs(x - y) <= max(rtol * max(1.0, abs(x), abs(y)), atol)

    eps = _cell_eps(a) if rtol else None  # the booster's accuracy, for SOLVER_ACCURACY_FIELDS

    def same(f):
        x, y = a.get(f), b.get(f)
        if not rtol:
            return close(x, y)
        if f == "trace" and isinstance(x, str) and isinstance(y, str):
            try:
                return close(json.loads(x), json.loads(y))
            except ValueError:
                return x == y
        if f == "n_iter" and a.get("booster") in SOLVER_ITERATION_BOOSTERS and a.get("booster") == b.get("booster"):
            return True
        tol = SOLVER_ACCURACY_FIELDS.get(f)
        return close(x, y, atol=float(tol(eps)) if tol and eps else 0.0)

    return [f for f in fields if not same(f)]


# ------------------------------------------------------------------------------------------
# store
# ------------------------------------------------------------------------------------------


def _arrow_schema():
    from .._extras import require

    pa = require("pyarrow", "refboost.studies (the study stores)")

    cols = [(f, pa.string()) for f in KEY_FIELDS]
    ints = {"n_train", "n_val", "n_test", "n_iter", "n_hypotheses"}
    for f in RESULT_FIELDS:
        typ = pa.int64() if f in ints else pa.bool_() if f == "converged" else pa.float64()
        cols.append((f, pa.string() if f == "trace" else typ))
    for f in RUN_FIELDS:
        cols.append((f, pa.string() if f in ("trace_time", "worker", "finished", "run_id") else pa.float64()))
    return pa.schema(cols)


class Store:
    """One study's results at one scale: ``cells.sqlite`` (+ ``cells.parquet``, ``provenance.json``).

    Records are dicts keyed by :func:`key_id`; :meth:`put` commits each one on its own, and a second
    put of a stored key raises (a cell never runs twice into one store).
    """

    def __init__(self, path: str | os.PathLike):
        if not isinstance(path, str | os.PathLike):
            raise TypeError(f"store must be a path (str or os.PathLike), got {type(path).__name__}")
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        db = self.path / STORE_DB
        fresh = not db.exists()
        self._con = sqlite3.connect(db, isolation_level=None)  # autocommit: one transaction per put
        self._con.execute("PRAGMA journal_mode=WAL")
        self._con.execute("CREATE TABLE IF NOT EXISTS cells (key TEXT PRIMARY KEY, record TEXT NOT NULL)")
        self._con.execute("CREATE TABLE IF NOT EXISTS parquet_keys (key TEXT PRIMARY KEY)")  # see _import_parquet
        if (self.path / STORE_PARQUET).exists():
            self._import_parquet(replace=fresh)

    def close(self):
        self._con.close()

    def __enter__(self):
        return self

    def __exit__(self, *exc):
        self.close()

    def _import_parquet(self, replace: bool):
        """Make the database agree with ``cells.parquet`` (the committed export is the reference, the database a cache).

        Every record of the export is written (a record that differs from the cached one replaces it), and a
        cell that an earlier import took from the export but the export no longer holds is dropped (a store
        rebuilt upstream and pulled: its old cells are not the study's any more). Cells run into this database
        and not exported yet are kept. ``parquet_keys`` remembers the keys of the last import.
        """
        from .._extras import require

        pq = require("pyarrow.parquet", "refboost.studies (the study stores)")
        rows = pq.read_table(self.path / STORE_PARQUET).to_pylist()
        keys = [key_id(r) for r in rows]
        before = {k for (k,) in self._con.execute("SELECT key FROM parquet_keys")}
        verb = "INSERT" if replace else "INSERT OR REPLACE"
        with self._con:
            self._con.execute("BEGIN")
            for k in before - set(keys):
                self._con.execute("DELETE FROM cells WHERE key = ?", (k,))
            for k, r in zip(keys, rows, strict=True):
                self._con.execute(f"{verb} INTO cells VALUES (?, ?)", (k, json.dumps(r, sort_keys=True)))
            self._con.execute("DELETE FROM parquet_keys")
            self._con.executemany("INSERT INTO parquet_keys VALUES (?)", [(k,) for k in keys])

    def __contains__(self, key: dict) -> bool:
        return self._con.execute("SELECT 1 FROM cells WHERE key = ?", (key_id(key),)).fetchone() is not None

    def __len__(self) -> int:
        return self._con.execute("SELECT COUNT(*) FROM cells").fetchone()[0]

    def keys(self) -> set[str]:
        return {k for (k,) in self._con.execute("SELECT key FROM cells")}

    def put(self, record: dict) -> None:
        """Store one record (committed at once); a stored key raises ``KeyError``."""
        try:
            self._con.execute("INSERT INTO cells VALUES (?, ?)", (key_id(record), json.dumps(record, sort_keys=True)))
        except sqlite3.IntegrityError:
            raise KeyError(f"cell already stored: {key_id(record)}") from None

    def get(self, key: dict) -> dict | None:
        row = self._con.execute("SELECT record FROM cells WHERE key = ?", (key_id(key),)).fetchone()
        return None if row is None else json.loads(row[0])

    def records(self) -> list[dict]:
        """Every stored record, sorted by key."""
        return [json.loads(r) for (r,) in self._con.execute("SELECT record FROM cells ORDER BY key")]

    def merge(self, other: str | os.PathLike) -> int:
        """Add the records of the store folder ``other`` that this store lacks; return how many.

        The way to combine shards run on separate machines (``run_study(..., shard=(i, n))`` into
        their own stores). A cell stored in both must have identical records (timings aside), else
        ``ValueError`` names it and nothing is added: every record is checked before the first is stored.
        """
        other = Path(other)
        if not (other / STORE_DB).exists() and not (other / STORE_PARQUET).exists():
            raise FileNotFoundError(f"store: no stored cells in {other}")
        with Store(other) as src:
            theirs = src.records()
        new = []
        for rec in theirs:
            mine = self.get(rec)
            if mine is None:
                new.append(rec)
            elif diff := same_record(mine, rec):
                raise ValueError(f"store: {key_id(rec)} differs between the stores in {diff}; nothing was merged")
        with self._con:  # one transaction: all of them or, if interrupted, none
            self._con.execute("BEGIN")
            for rec in new:
                self.put(rec)
        return len(new)

    def discard(self, keys: Iterable[str]) -> int:
        """Remove the cells with these key ids (:func:`key_id`); return how many were stored.

        Also forgets them as imported from ``cells.parquet``, so :meth:`export_parquet` is the next step.
        """
        keys = list(keys)
        with self._con:
            self._con.execute("BEGIN")
            n = sum(self._con.execute("DELETE FROM cells WHERE key = ?", (k,)).rowcount for k in keys)
            self._con.executemany("DELETE FROM parquet_keys WHERE key = ?", [(k,) for k in keys])
        return n

    def export_parquet(self) -> Path:
        """Write ``cells.parquet`` (sorted by key, zstd) and return its path."""
        from .._extras import require

        pa = require("pyarrow", "refboost.studies (the study stores)")
        import pyarrow.parquet as pq

        schema = _arrow_schema()
        rows = [{f: r.get(f) for f in schema.names} for r in self.records()]
        table = pa.Table.from_pylist(rows, schema=schema)
        out = self.path / STORE_PARQUET
        pq.write_table(table, out, compression="zstd")
        return out


def repo_root() -> Path | None:
    """The clone's root (the folder holding ``refboost/`` and ``.git``), or None for an installed package."""
    root = Path(__file__).resolve().parents[2]
    return root if (root / ".git").exists() and (root / "pyproject.toml").exists() else None


def default_store(study: str, scale: str) -> Path:
    """``data/results/<study>/<scale>/`` in the clone, else ``$XDG_CACHE_HOME/refboost/results/<study>/<scale>``."""
    check_scale(scale)
    root = repo_root()
    if root is not None:
        return root / "data" / "results" / study / scale
    base = os.environ.get("XDG_CACHE_HOME") or os.path.join(os.path.expanduser("~"), ".cache")
    return Path(base) / "refboost" / "results" / study / scale


# ------------------------------------------------------------------------------------------
# provenance
# ------------------------------------------------------------------------------------------


def _git(*args) -> str | None:
    root = repo_root()
    if root is None:
        return None
    try:
        out = subprocess.run(["git", "-C", str(root), *args], capture_output=True, text=True, timeout=10, check=True)
    except (OSError, subprocess.SubprocessError):
        return None
    return out.stdout.strip()


def machine() -> dict:
    """Platform, Python and CPU count of the driver, and the floating-point environment of LocalCluster workers."""
    from .._fpenv import worker_fp_env

    return {
        "platform": platform.platform(),
        "machine": platform.machine(),
        "python": platform.python_version(),
        "cpu_count": os.cpu_count(),
        "local_worker_fp_env": worker_fp_env(),
    }


def code_state() -> dict:
    """The checkout's git commit and whether ``refboost/`` differs from it (None outside git)."""
    dirty = _git("status", "--porcelain", "--", "refboost")
    return {"git_commit": _git("rev-parse", "HEAD"), "git_refboost_modified": None if dirty is None else bool(dirty)}


def provenance_entry(*, code: dict | None = None, **fields) -> dict:
    """One run's provenance: the given fields plus versions, git commit, machine and date.

    ``code``: the :func:`code_state` taken when the run started (a run records the code it loaded, not
    a commit made while it ran); taken now if not given.

    The Dask versions come from the installed distributions' metadata, not from importing the
    packages: a run interrupted while ``distributed`` was being imported leaves a half-imported
    module behind, and importing it again here would fail and lose the run's record.
    """
    from importlib.metadata import version

    code = code_state() if code is None else code
    return {
        **fields,
        "refboost_version": refboost_version(),
        "git_commit": code["git_commit"],
        "git_refboost_modified": code["git_refboost_modified"],
        "dask_version": version("dask"),
        "distributed_version": version("distributed"),
        "numpy_version": np.__version__,
        "machine": machine(),
        "date": _dt.datetime.now(_dt.timezone.utc).isoformat(timespec="seconds"),
    }


def _update_provenance(store: str | os.PathLike, study: str, scale: str, change: Callable[[dict], None]) -> Path:
    """Read ``store``'s provenance.json (a fresh one if absent), apply ``change`` to it, write it back."""
    path = Path(store) / PROVENANCE
    data = json.loads(path.read_text()) if path.exists() else {"study": study, "scale": scale, "runs": []}
    change(data)
    path.write_text(json.dumps(data, indent=1, sort_keys=True) + "\n")
    return path


def append_provenance(store: Path, study: str, scale: str, entry: dict) -> Path:
    def add(data):
        data["runs"].append(entry)
        data["cells_stored"] = entry.get("cells_stored")

    return _update_provenance(store, study, scale, add)


def repo_relative(path: str | os.PathLike) -> str | None:
    """``path`` relative to the clone's root (as provenance records a store), None outside the clone."""
    root, path = repo_root(), Path(path).resolve()
    return str(path.relative_to(root)) if root and path.is_relative_to(root) else None


def provenance_runs(other: str | os.PathLike, study: str, scale: str) -> list[dict]:
    """The runs of the store folder ``other``'s provenance.json (``[]`` if it has none).

    ``ValueError`` if that provenance is of another study or scale, or a run has no ``run_id``:
    checked before :func:`merge_provenance` (and the cells' merge) changes anything.
    """
    src = Path(other) / PROVENANCE
    if not src.exists():
        return []
    theirs = json.loads(src.read_text())
    if theirs.get("study") != study or theirs.get("scale") != scale:
        raise ValueError(
            f"--merge: {src} is the provenance of study {theirs.get('study')!r} at scale {theirs.get('scale')!r}, "
            f"not of {study!r} at scale {scale!r}"
        )
    runs = theirs.get("runs", [])
    if any(not r.get("run_id") for r in runs):
        raise ValueError(f"--merge: a run in {src} has no run_id")
    return runs


def merge_provenance(store: str | os.PathLike, runs: list[dict], study: str, scale: str, cells_stored: int) -> int:
    """Append to ``store``'s provenance.json the ``runs`` (from :func:`provenance_runs`) it lacks, by ``run_id``.

    The companion of :meth:`Store.merge`: a shard run on another machine (or into another store) brings
    its runs' provenance -- command, versions, machine, wall and CPU time -- with its cells. Each copied
    run keeps the ``store`` it ran in and gains ``merged_into`` (the target relative to the clone, as
    :func:`repo_relative`). Returns how many runs were added.
    """
    added = []

    def add(data):
        have = {r.get("run_id") for r in data["runs"]}
        for run in runs:
            if run["run_id"] not in have:
                data["runs"].append({**run, "merged_into": repo_relative(store)})
                have.add(run["run_id"])
                added.append(run["run_id"])
        data["cells_stored"] = cells_stored

    _update_provenance(store, study, scale, add)
    return len(added)


def prune_store(study, scale: str, store: str | os.PathLike | None = None, *, command: str | None = None,
                why: str | None = None) -> list[dict]:
    """Remove the stored cells that ``study`` no longer declares at ``scale``; return their records.

    A grid that changes (a data set moved to its published split, a setting dropped) leaves the old
    cells in the store, where the verification of stored cells refuses them. The records removed are
    kept in ``provenance.json`` under ``"pruned"`` (with the date, command and git commit of the
    pruning, and ``why`` when given), so the store's history stays complete; ``"runs"`` is not touched. A
    store with no such cell is left as it is (nothing recorded).
    """
    from . import get_study

    st = get_study(study) if isinstance(study, str) else study
    check_scale(scale)
    path = Path(store) if store is not None else default_store(st.name, scale)
    if not (path / STORE_DB).exists() and not (path / STORE_PARQUET).exists():
        raise FileNotFoundError(f"store: no stored cells in {path}")
    declared = {key_id(k) for k in st.cells(scale)}
    with Store(path) as sto:
        stray = [r for r in sto.records() if key_id(r) not in declared]
        if not stray:
            return []
        sto.discard(key_id(r) for r in stray)
        sto.export_parquet()
        n = len(sto)
    entry = provenance_entry(command=command, cells_pruned=len(stray), cells_stored=n, records=stray,
                             **({"why": why} if why else {}))

    def add(data):
        data.setdefault("pruned", []).append(entry)
        data["cells_stored"] = n

    _update_provenance(path, st.name, scale, add)
    return stray


# ------------------------------------------------------------------------------------------
# running
# ------------------------------------------------------------------------------------------


@contextlib.contextmanager
def dask_client(scheduler: str | None = None, workers: int | None = None):
    """A ``distributed.Client``: on the scheduler at ``scheduler``, else on a fresh LocalCluster.

    The LocalCluster has ``workers`` single-threaded worker processes (default: the CPU count), started
    in the canonical floating-point environment (:data:`refboost._fpenv.CANONICAL_FP_ENV`: AVX2 code
    paths in OpenBLAS and numpy, on an x86-64 CPU with AVX2), in which the committed stores were written.
    Workers of a cluster at ``scheduler`` run in whatever environment they were started with; set those
    variables there for records identical to the committed ones.
    """
    from .._extras import require
    from .._fpenv import worker_fp_env

    dask = require("dask", "refboost.studies (running cells)")
    distributed = require("distributed", "refboost.studies (running cells)")

    if scheduler is not None:
        if not isinstance(scheduler, str) or not scheduler:
            raise TypeError(f"scheduler must be an address string such as 'tcp://host:8786', got {scheduler!r}")
        with distributed.Client(scheduler) as client:
            yield client
        return
    n = (os.cpu_count() or 1) if workers is None else workers
    if not isinstance(n, int) or isinstance(n, bool) or n < 1:
        raise ValueError(f"workers must be an integer >= 1, got {workers!r}")
    spawn_env = {**dask.config.get("distributed.nanny.pre-spawn-environ", {}), **worker_fp_env()}
    with (
        dask.config.set({"distributed.nanny.pre-spawn-environ": spawn_env}),
        distributed.LocalCluster(
            n_workers=n, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def _progress_bar(total: int, initial: int, desc: str, progress: bool | None):
    from .._extras import require

    tqdm = require("tqdm", "refboost.studies (the progress bar)").tqdm

    if progress is not None and not isinstance(progress, bool):
        raise TypeError(f"progress must be True, False or None (auto: only on a terminal), got {progress!r}")
    return tqdm(
        total=total, initial=initial, desc=desc, unit="cell", disable=None if progress is None else not progress
    )


def run_cells(keys: Sequence[dict], client, on_record: Callable[[dict], None]) -> list[tuple[dict, str]]:
    """Submit every key to ``client``; call ``on_record`` as each cell ends; return the failures.

    A failed cell is reported as ``(key, error message)`` and stored nowhere, so a later run retries it.
    Every call has its own Dask task names, so a cell submitted again is computed again (never a
    result the cluster still holds).
    """
    import distributed

    batch = uuid.uuid4().hex[:12]
    futures = {}
    for i, k in enumerate(keys):
        fut = client.submit(execute_cell, k, key=f"refboost-cell-{batch}-{i}")
        futures[fut] = k
    failures = []
    for fut in distributed.as_completed(list(futures)):
        if fut.status == "error":
            exc = fut.exception()
            failures.append((futures[fut], f"{type(exc).__name__}: {exc}"))
            continue
        on_record(fut.result())
        fut.release()
    return failures


@dataclass
class RunSummary:
    """What :func:`run_study` did."""

    study: str
    scale: str
    store: Path
    cells_total: int
    cells_before: int
    cells_run: int
    failures: list = field(default_factory=list)
    wall_time: float = 0.0
    run_id: str = ""


def run_study(
    study,
    scale: str,
    *,
    store: str | os.PathLike | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    limit: int | None = None,
    datasets: Sequence[str] | None = None,
    boosters: Sequence[str] | None = None,
    shard: tuple[int, int] | str | None = None,
    progress: bool | None = None,
    command: str | None = None,
    client=None,
    why: str | None = None,
) -> RunSummary:
    """Run the cells of ``study`` at ``scale`` that the store does not hold yet.

    Parameters
    ----------
    study : str or Study
    scale : {"ci", "paper"}
    store : path, optional
        The store folder (default :func:`default_store`).
    scheduler : str, optional
        A Dask scheduler address; default a LocalCluster of ``workers`` processes.
    workers : int, optional
        Worker processes of the LocalCluster (default: the CPU count).
    limit : int, optional
        Run at most this many of the missing cells (the rest on a later call).
    datasets, boosters : sequences of str, optional
        Run only the cells of these data sets / boosters of the grid (e.g. the data sets at hand);
        a later call without them adds the rest to the same store.
    shard : (i, n) or "i/n", optional
        Run only the i-th of n interleaved slices of the (selected) grid, 0 <= i < n: n drivers, each
        with its own cluster and store (e.g. on n machines), share a study; :meth:`Store.merge`
        combines their stores.
    progress : bool or None
        tqdm bar of cells done / total with ETA; None: only on a terminal.
    command : str, optional
        The command line, for the provenance file.
    client : distributed.Client, optional
        Use this client (``scheduler`` and ``workers`` are then ignored).
    why : str, optional
        Why the run was made (``refboost-repro --why``), recorded with it in ``provenance.json`` and shown
        on the status page (:func:`refboost.studies.status`).

    Returns
    -------
    RunSummary
    """
    from . import get_study

    st = get_study(study)
    check_scale(scale)
    if limit is not None and (not isinstance(limit, int) or isinstance(limit, bool) or limit < 0):
        raise ValueError(f"limit must be an integer >= 0, got {limit!r}")
    path = Path(store) if store is not None else default_store(st.name, scale)
    keys = st.cells(scale)
    todo = select(keys, "dataset", datasets, f"datasets of {st.name} at scale {scale}")
    todo = select(todo, "booster", boosters, f"boosters of {st.name} at scale {scale}")
    if shard is not None:
        i, n = parse_shard(shard)
        todo = todo[i::n]
    check_data(todo)
    run_id = uuid.uuid4().hex[:12]
    code = code_state()
    t0, c0 = time.perf_counter(), time.process_time()
    cpu_cells = [0.0]
    sto = bar = None
    before, pending, failures, ran, completed, noop = 0, [], [], [0], False, False
    # everything after the store's file exists is inside try/finally: an interruption at any point
    # (Ctrl-C, SIGTERM via the CLI) still exports the stored cells and records the run
    try:
        sto = Store(path)
        stored = sto.keys()
        before = sum(1 for k in keys if key_id(k) in stored)
        pending = [k for k in todo if key_id(k) not in stored]
        if limit is not None:
            pending = pending[:limit]
        if not pending:
            noop = True
            return RunSummary(st.name, scale, path, len(keys), before, 0, [], time.perf_counter() - t0, run_id)
        bar = _progress_bar(len(keys), before, f"{st.name} [{scale}]", progress)

        def on_record(rec):
            rec["run_id"] = run_id
            sto.put(rec)
            ran[0] += 1
            cpu_cells[0] += rec["time_cpu"]
            bar.update(1)

        if client is not None:
            failures = run_cells(pending, client, on_record)
        else:
            with dask_client(scheduler, workers) as cl:
                failures = run_cells(pending, cl, on_record)
        completed = True
    finally:
        if bar is not None:
            bar.close()
        if not noop:
            if sto is None:  # interrupted while the store was being opened
                sto = Store(path)
            n_stored = sum(1 for k in keys if k in sto)
            sto.export_parquet()
            wall = time.perf_counter() - t0
            where = repo_relative(path)
            append_provenance(
                path,
                st.name,
                scale,
                provenance_entry(
                    code=code,
                    run_id=run_id,
                    command=command,
                    store=where,
                    completed=completed,
                    cells_total=len(keys),
                    cells_before=before,
                    cells_selected=len(pending),
                    cells_run=ran[0],
                    cells_failed=len(failures),
                    cells_stored=n_stored,
                    datasets=None if datasets is None else list(datasets),
                    shard=None if shard is None else "{}/{}".format(*parse_shard(shard)),
                    boosters=None if boosters is None else list(boosters),
                    scheduler="address given" if scheduler else "LocalCluster",
                    workers=workers if scheduler is None else None,
                    wall_time=round(wall, 3),
                    cpu_time_cells=round(cpu_cells[0], 3),
                    cpu_time_driver=round(time.process_time() - c0, 3),
                    **({"why": why} if why else {}),
                ),
            )
        if sto is not None:
            sto.close()
    return RunSummary(st.name, scale, path, len(keys), before, ran[0], failures, wall, run_id)


def parse_shard(shard) -> tuple[int, int]:
    """``(i, n)`` from ``(i, n)`` or ``"i/n"``, checked: integers with n >= 1 and 0 <= i < n."""
    if isinstance(shard, str):
        a, sep, b = shard.partition("/")
        if not (sep and a.strip().isdigit() and b.strip().isdigit()):
            raise ValueError(f"shard must be 'I/N' with integers 0 <= I < N, got {shard!r}")
        shard = (int(a), int(b))
    ok = isinstance(shard, tuple | list) and len(shard) == 2
    ok = ok and all(isinstance(v, int) and not isinstance(v, bool) for v in shard)
    if not ok or not (shard[1] >= 1 and 0 <= shard[0] < shard[1]):
        raise ValueError(f"shard must be (I, N) or 'I/N' with integers 0 <= I < N, got {shard!r}")
    return int(shard[0]), int(shard[1])


def verify_study(
    study,
    scale: str,
    k: int,
    *,
    store: str | os.PathLike | None = None,
    scheduler: str | None = None,
    workers: int | None = None,
    seed: int | None = None,
    datasets: Sequence[str] | None = None,
    boosters: Sequence[str] | None = None,
    client=None,
    by_duration: bool = False,
    record: bool = False,
) -> list[dict]:
    """Re-run ``k`` random stored cells and compare with their records (timings aside).

    ``by_duration``: sample ``k`` cells from each duration class of :data:`DURATION_CLASSES` (by the
    stored ``time_cell``), so the expensive cells are re-run too, not only the many cheap ones.
    ``record``: append the outcome to the store's ``provenance.json`` under ``"verified"`` (date, code,
    the cells re-run with their class and stored duration, and the fields that differed).

    ``datasets`` and ``boosters`` restrict the sample to the stored cells of these data sets / boosters
    of the grid (e.g. the cells a run just added); unknown names raise, as for :func:`run_study`.
    Returns one dict per re-run cell: ``key``, ``fields`` (the differing fields, [] when the same). The
    cells may have been stored on another CPU, so they are compared as :func:`same_record` does with
    ``rtol = CROSS_CPU_RTOL`` (floats to rounding, solver outputs to their eps; discrete results exactly).
    """
    from . import get_study

    st = get_study(study)
    check_scale(scale)
    if not isinstance(k, int) or isinstance(k, bool) or k < 1:
        raise ValueError(f"verify: K must be an integer >= 1, got {k!r}")
    path = Path(store) if store is not None else default_store(st.name, scale)
    if not (path / STORE_DB).exists() and not (path / STORE_PARQUET).exists():
        raise FileNotFoundError(f"store: no stored cells for {st.name} at scale {scale} (run the study first)")
    grid = st.cells(scale)
    wanted = select(grid, "dataset", datasets, f"datasets of {st.name} at scale {scale}")
    wanted = {key_id(k) for k in select(wanted, "booster", boosters, f"boosters of {st.name} at scale {scale}")}
    with Store(path) as sto:
        records = {key_id(r): r for r in sto.records()}
    if not records:
        raise ValueError(f"store: no stored cells for {st.name} at scale {scale} (run the study first)")
    ids = sorted(i for i in records if datasets is None and boosters is None or i in wanted)
    if not ids:
        raise ValueError(
            f"store: no stored cells of {st.name} at scale {scale} for datasets {datasets} and boosters {boosters}"
        )
    rng = np.random.default_rng(seed)
    if by_duration:
        pick = []
        for _name, lo, hi in DURATION_CLASSES:
            members = [i for i in ids if lo <= float(records[i].get("time_cell") or 0.0) < hi]
            if members:
                pick += [members[j] for j in sorted(rng.choice(len(members), size=min(k, len(members)), replace=False))]
    else:
        pick = [ids[i] for i in sorted(rng.choice(len(ids), size=min(k, len(ids)), replace=False))]
    keys = [canonical_key({f: records[i][f] for f in KEY_FIELDS}) for i in pick]
    code = code_state()
    fresh: dict[str, dict] = {}

    def on_record(rec):
        fresh[key_id(rec)] = rec

    if client is not None:
        failures = run_cells(keys, client, on_record)
    else:
        with dask_client(scheduler, workers) as cl:
            failures = run_cells(keys, cl, on_record)
    out = []
    for i in pick:
        if i in fresh:
            out.append({"key": json.loads(i), "fields": same_record(records[i], fresh[i], rtol=CROSS_CPU_RTOL)})
    for key, msg in failures:
        out.append({"key": key, "fields": ["(failed: " + msg + ")"]})
    if record:
        cells = []
        for o in out:
            t = float(records[key_id(o["key"])].get("time_cell") or 0.0)
            cls = next(n for n, lo, hi in DURATION_CLASSES if lo <= t < hi)
            cells.append({"key": o["key"], "duration_class": cls, "stored_time_cell": t, "fields": o["fields"]})
        entry = provenance_entry(
            code=code,
            sample="by duration class" if by_duration else "uniform",
            k=k,
            seed=seed,
            outcome="same" if all(not o["fields"] for o in out) else "differs",
            cells=cells,
        )

        def add(data):
            data.setdefault("verified", []).append(entry)

        _update_provenance(path, st.name, scale, add)
    return out


def analyse(study, scale: str, *, store: str | os.PathLike | None = None) -> list[dict]:
    """The study's table from the stored records."""
    from . import get_study

    st = get_study(study)
    check_scale(scale)
    path = Path(store) if store is not None else default_store(st.name, scale)
    if not (path / STORE_DB).exists() and not (path / STORE_PARQUET).exists():
        raise FileNotFoundError(f"store: no stored cells for {st.name} at scale {scale} (run the study first)")
    with Store(path) as sto:
        records = sto.records()
    return st.analysis(records, scale)


def format_table(rows: Iterable[dict]) -> str:
    """A plain-text table of a list of dicts (floats to 4 significant digits, None as '-')."""
    rows = list(rows)
    if not rows:
        return "(no rows)"
    cols = list(dict.fromkeys(c for r in rows for c in r))

    def fmt(v):
        if v is None:
            return "-"
        if isinstance(v, float):
            return f"{v:.4g}"
        return str(v)

    cells = [[fmt(r.get(c)) for c in cols] for r in rows]
    widths = [max(len(c), *(len(row[i]) for row in cells)) for i, c in enumerate(cols)]
    lines = ["  ".join(c.ljust(w) for c, w in zip(cols, widths, strict=True))]
    lines.append("  ".join("-" * w for w in widths))
    lines += ["  ".join(v.ljust(w) for v, w in zip(row, widths, strict=True)) for row in cells]
    return "\n".join(lines)
