"""Running a study: on Dask (:func:`run_study`), re-running stored cells (:func:`verify_study`), pruning, analysis.

Cells run through ``dask.distributed``: a ``LocalCluster(n_workers=N, threads_per_worker=1,
processes=True)`` by default, or the scheduler at an address (the same study runs on a real
cluster unchanged; the workers need refboost and the data sets installed). The driver collects
records with ``distributed.as_completed`` and writes each one to the store as soon as its cell
ends, so an interrupted study resumes where it stopped: :func:`run_study` skips every cell whose key
is already stored.
"""

from __future__ import annotations

import contextlib
import json
import os
import time
import uuid
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

import numpy as np

from .cells import check_data, execute_cell, select
from .compare import CROSS_CPU_RTOL, same_record
from .keys import KEY_FIELDS, canonical_key, check_scale, key_id
from .provenance import (
    append_provenance,
    append_pruned,
    append_verification,
    code_state,
    provenance_entry,
    repo_relative,
)
from .store import STORE_DB, STORE_PARQUET, Store, default_store

DURATION_CLASSES = (("under 2 s", 0.0, 2.0), ("2-30 s", 2.0, 30.0), ("30 s-5 min", 30.0, 300.0),
                    ("over 5 min", 300.0, float("inf")))
"""The duration classes a ``--verify --by-duration`` sample draws from (by a cell's stored ``time_cell``)."""


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
    todo = _selected_cells(st, scale, keys, datasets, boosters, shard)
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
            wall = time.perf_counter() - t0
            _record_run(
                sto, path, st.name, scale, keys,
                code=code, run_id=run_id, command=command, completed=completed, cells_before=before,
                cells_selected=len(pending), cells_run=ran[0], cells_failed=len(failures),
                datasets=None if datasets is None else list(datasets),
                shard=None if shard is None else "{}/{}".format(*parse_shard(shard)),
                boosters=None if boosters is None else list(boosters),
                scheduler="address given" if scheduler else "LocalCluster",
                workers=workers if scheduler is None else None,
                wall_time=round(wall, 3),
                cpu_time_cells=round(cpu_cells[0], 3),
                cpu_time_driver=round(time.process_time() - c0, 3),
                **({"why": why} if why else {}),
            )
        if sto is not None:
            sto.close()
    return RunSummary(st.name, scale, path, len(keys), before, ran[0], failures, wall, run_id)


def _selected_cells(st, scale: str, keys: list[dict], datasets, boosters, shard) -> list[dict]:
    """The cells of the grid a run is asked for (data sets, boosters, shard), their data checked at hand."""
    todo = select(keys, "dataset", datasets, f"datasets of {st.name} at scale {scale}")
    todo = select(todo, "booster", boosters, f"boosters of {st.name} at scale {scale}")
    if shard is not None:
        i, n = parse_shard(shard)
        todo = todo[i::n]
    check_data(todo)
    return todo


def _record_run(sto, path: Path, study: str, scale: str, keys: list[dict], **fields) -> None:
    """Export the store's cells and append the run (``fields``, with the cells stored now) to its provenance."""
    n_stored = sum(1 for k in keys if k in sto)
    sto.export_parquet()
    entry = provenance_entry(code=fields.pop("code"), run_id=fields.pop("run_id"), command=fields.pop("command"),
                             store=repo_relative(path), completed=fields.pop("completed"),
                             cells_total=len(keys), cells_before=fields.pop("cells_before"),
                             cells_selected=fields.pop("cells_selected"), cells_run=fields.pop("cells_run"),
                             cells_failed=fields.pop("cells_failed"), cells_stored=n_stored, **fields)
    append_provenance(path, study, scale, entry)


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
        append_verification(path, st.name, scale, entry)
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
    append_pruned(path, st.name, scale, entry, n)
    return stray
