"""The study runner's cost: overhead per cell next to the booster's own time, throughput at 1 and 2 workers.

Runs the ``ci`` grids of every study (small cells: the worst case for overhead) into fresh temporary
stores on a LocalCluster of 1 and of 2 single-threaded worker processes, ``REPEATS`` times each, and
reports

* the median cell: the booster's own time (``time_boost``), the cell's time in the worker
  (``time_cell``: loading the split, building the weak learner, the booster, the errors), and the
  difference (work in the worker around the booster);
* the runner's overhead per cell: worker time not spent inside cells
  (``workers * wall - sum(time_cell)``, divided by the cells: scheduling, transfers, the driver's
  SQLite write, the progress bar), cluster start-up excluded and reported on its own;
* throughput in cells per second;
* the time of one :meth:`refboost.studies.Store.put` (a committed SQLite insert).

A second part measures a paper-scale workload: the committed ``mht_table3`` paper cells on IDA heart
(bundled) for LPBoost and ERLPBoost (60 cells of about a second each, depth-2 trees), run into fresh
stores on (a) one LocalCluster with 1 worker, (b) one with 2 workers, and (c) two LocalClusters of 1
worker each on loopback addresses, each fed by its own driver process (``refboost-repro --shard I/2
--scheduler ADDRESS``, as two machines would run it), merged afterwards. It reports wall time,
cells per second, the ratios to (a), the runner's overhead per cell as a percentage of the median
booster time, and whether the re-run records equal the committed ones.

Usage: ``OPENBLAS_NUM_THREADS=1 python benchmarks/bench_studies.py [--out benchmarks/results/bench_studies.txt]``.
"""

from __future__ import annotations

import argparse
import os
import platform
import statistics
import tempfile
import time
from pathlib import Path

import distributed

from refboost import studies

REPEATS = 3
WORKERS = (1, 2)


def bench_run(n_workers: int) -> dict:
    t0 = time.perf_counter()
    with (
        distributed.LocalCluster(
            n_workers=n_workers, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        startup = time.perf_counter() - t0
        client.run(lambda: None)
        runs = []
        for _ in range(REPEATS):
            recs, wall = [], 0.0
            for name in studies.STUDIES:
                with tempfile.TemporaryDirectory() as tmp:
                    t = time.perf_counter()
                    studies.run_study(name, "ci", store=tmp, client=client, progress=False)
                    wall += time.perf_counter() - t
                    with studies.Store(tmp) as sto:
                        recs += sto.records()
            runs.append((wall, recs))
    walls = [w for w, _ in runs]
    recs = [r for _, rr in runs for r in rr]
    n = len(runs[0][1])
    boost = statistics.median(r["time_boost"] for r in recs)
    cell = statistics.median(r["time_cell"] for r in recs)
    overhead = [(n_workers * w - sum(r["time_cell"] for r in rr)) / len(rr) for w, rr in runs]
    return {
        "workers": n_workers,
        "cells": n,
        "startup": startup,
        "wall": statistics.median(walls),
        "cold": walls[0],
        "throughput": n / statistics.median(walls),
        "median_boost": boost,
        "median_cell": cell,
        "median_around_booster": statistics.median(r["time_cell"] - r["time_boost"] for r in recs),
        "overhead_per_cell": statistics.median(overhead),
    }


def bench_put(n: int = 500) -> float:
    key = studies.get_study("mht_table3").cells("ci")[0]
    with tempfile.TemporaryDirectory() as tmp, studies.Store(tmp) as sto:
        t = time.perf_counter()
        for i in range(n):
            sto.put({**key, "split": f"r{i + 1}", "test_error": 0.1})
        return (time.perf_counter() - t) / n


def paper_cells() -> list[str]:
    """The committed paper-scale stores: median booster time and cell time, for scale."""
    out = []
    for name in studies.STUDIES:
        path = studies.default_store(name, "paper")
        if not (path / "cells.parquet").exists():
            continue
        import pyarrow.parquet as pq

        t = pq.read_table(path / "cells.parquet", columns=["time_boost", "time_cell"]).to_pydict()
        out.append(
            f"{name} [paper] committed store, {len(t['time_boost'])} cells: median boost "
            f"{statistics.median(t['time_boost']):.3f} s, median cell {statistics.median(t['time_cell']):.3f} s"
        )
    return [""] + out if out else []


PAPER_STUDY, PAPER_FILTER = "mht_table3", {"datasets": ["heart"], "boosters": ["lpboost", "erlpboost"]}


def _local_cluster(n_workers: int):
    return distributed.LocalCluster(
        n_workers=n_workers,
        threads_per_worker=1,
        processes=True,
        host="127.0.0.1",
        dashboard_address=":0",
        silence_logs=40,
    )


def _summary(label: str, wall: float, recs: list[dict], n_workers: int) -> dict:
    boost = statistics.median(r["time_boost"] for r in recs)
    overhead = (n_workers * wall - sum(r["time_cell"] for r in recs)) / len(recs)
    committed = {}
    with studies.Store(studies.default_store(PAPER_STUDY, "paper")) as sto:
        for r in recs:
            committed[studies.key_id(r)] = sto.get(r)
    same = sum(
        1 for r in recs if committed[studies.key_id(r)] and not studies.same_record(committed[studies.key_id(r)], r)
    )
    return {
        "label": label,
        "workers": n_workers,
        "cells": len(recs),
        "wall": wall,
        "throughput": len(recs) / wall,
        "median_boost": boost,
        "overhead_pct": 100 * overhead / boost,
        "same": same,
    }


def bench_paper_workload() -> list[dict]:
    """(a) 1 worker, (b) 2 workers, (c) two 1-worker clusters with a driver process each (shards 0/2, 1/2)."""
    import subprocess
    import sys

    rows = []
    for n_workers in (1, 2):
        with _local_cluster(n_workers) as cluster, distributed.Client(cluster) as client:
            client.run(lambda: None)
            with tempfile.TemporaryDirectory() as tmp:
                t = time.perf_counter()
                studies.run_study(PAPER_STUDY, "paper", store=tmp, client=client, progress=False, **PAPER_FILTER)
                wall = time.perf_counter() - t
                with studies.Store(tmp) as sto:
                    recs = sto.records()
        rows.append(_summary(f"1 cluster, {n_workers} worker(s)", wall, recs, n_workers))
    with _local_cluster(1) as c0, _local_cluster(1) as c1, tempfile.TemporaryDirectory() as tmp:
        cmd = [sys.executable, "-m", "refboost.studies.cli", PAPER_STUDY, "--scale", "paper", "--no-progress"]
        cmd += ["--datasets", ",".join(PAPER_FILTER["datasets"]), "--boosters", ",".join(PAPER_FILTER["boosters"])]
        t = time.perf_counter()
        procs = [
            subprocess.Popen(
                [*cmd, "--scheduler", c.scheduler_address, "--shard", f"{i}/2", "--store", f"{tmp}/s{i}"],
                stdout=subprocess.DEVNULL,
            )
            for i, c in enumerate((c0, c1))
        ]
        codes = [p.wait() for p in procs]
        wall = time.perf_counter() - t
        if any(codes):
            raise RuntimeError(f"a shard's driver failed: exit codes {codes}")
        with studies.Store(f"{tmp}/s0") as sto:
            sto.merge(f"{tmp}/s1")
            recs = sto.records()
        rows.append(
            _summary(
                f"2 clusters (loopback: {c0.scheduler_address}, {c1.scheduler_address}), 1 worker each", wall, recs, 2
            )
        )
    return rows


def main(argv=None) -> int:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", default=None)
    args = ap.parse_args(argv)
    rows = [bench_run(w) for w in WORKERS]
    put = bench_put()
    cells = ", ".join(f"{name} {len(st.cells('ci'))}" for name, st in studies.STUDIES.items())
    lines = [
        "bench_studies: the study runner on the ci grids (" + cells + " cells), "
        f"median of {REPEATS} runs per worker count",
        f"machine: {platform.platform()}, {os.cpu_count()} CPUs (shared with other jobs: timings are noisy), "
        f"dask {distributed.__version__}",
        "",
        f"{'workers':>7} {'cells':>5} {'start-up s':>10} {'1st wall s':>10} {'wall s':>7} {'cells/s':>8} "
        f"{'boost ms':>9} {'cell ms':>8} {'around ms':>9} {'overhead ms':>11}",
    ]
    for r in rows:
        lines.append(
            f"{r['workers']:>7} {r['cells']:>5} {r['startup']:>10.2f} {r['cold']:>10.2f} {r['wall']:>7.2f} "
            f"{r['throughput']:>8.1f} "
            f"{1e3 * r['median_boost']:>9.1f} {1e3 * r['median_cell']:>8.1f} "
            f"{1e3 * r['median_around_booster']:>9.1f} {1e3 * r['overhead_per_cell']:>11.1f}"
        )
    lines += [
        "",
        "1st wall s: the first run on fresh workers (imports, compilation); wall s, cells/s: median run;",
        "boost ms: median booster's own time per cell; cell ms: median time of a cell in its worker;",
        "around ms: median (cell - boost), the split, weak learner and errors around the booster;",
        "overhead ms: (workers * wall - sum of cell times) / cells, the runner's cost per cell (scheduling,",
        "transfer, the driver's store write, the progress bar); start-up of the LocalCluster is not in wall.",
        f"Store.put (one committed SQLite insert): {1e3 * put:.2f} ms",
    ]
    lines += paper_cells()
    paper = bench_paper_workload()
    base = paper[0]["throughput"]
    lines += [
        "",
        f"paper-scale workload: the committed {PAPER_STUDY} [paper] cells of {PAPER_FILTER}, re-run into fresh stores",
        f"{'cells':>5} {'wall s':>7} {'cells/s':>8} {'x (a)':>6} {'boost ms':>9} {'overhead % of boost':>19} "
        f"{'= committed':>11}  configuration",
    ]
    for r in paper:
        lines.append(
            f"{r['cells']:>5} {r['wall']:>7.1f} {r['throughput']:>8.3f} {r['throughput'] / base:>6.2f} "
            f"{1e3 * r['median_boost']:>9.0f} {r['overhead_pct']:>19.1f} {r['same']:>5}/{r['cells']:<5}  {r['label']}"
        )
    lines += [
        "x (a): throughput over the 1-worker run; overhead: (workers * wall - sum of cell times) / cells over the",
        "median booster time (the two-cluster row's wall includes starting two driver processes);",
        "= committed: re-run records identical to the committed store's (timings aside).",
    ]
    text = "\n".join(lines) + "\n"
    print(text, end="")
    if args.out:
        Path(args.out).write_text(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
