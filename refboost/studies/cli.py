"""``refboost-repro``: run a study, verify stored cells, list the studies.

::

    refboost-repro --list
    refboost-repro STUDY --scale {ci,paper} [--scheduler ADDRESS] [--workers N] [--store PATH]
                   [--datasets A,B] [--boosters C,D] [--limit N] [--shard I/N]
    refboost-repro STUDY --scale {ci,paper} --merge DIR [DIR ...]
    refboost-repro STUDY --scale {ci,paper} --verify K [--by-duration] [--record] [--seed S]
                   [--datasets A,B] [--boosters C,D]
    refboost-repro STUDY --scale {ci,paper} --table
    refboost-repro STUDY --scale {ci,paper} --prune

A run or a prune may say why it was made (``--why "..."``): the reason is recorded in ``provenance.json``
and shown on the generated status page (``python -m refboost.studies status --write``).

A run executes the cells missing from the store (default ``data/results/<study>/<scale>/`` in the
clone, else the user cache), then prints the study's table. ``--verify K`` re-runs K random stored
cells and exits with status 1 unless every record is identical (timings aside). ``--datasets`` and
``--boosters`` run part of the grid (e.g. the data sets at hand); a later run adds the rest. With
``--verify`` they restrict the sample to those stored cells.
``--shard I/N`` runs the I-th of N interleaved slices of the grid (N drivers with their own clusters
and stores, e.g. on N machines, share a study); ``--merge DIR ...`` adds the records of other store
folders (the other shards) to the store, and their runs' provenance (refused if it is of another
study or scale). ``--prune`` removes the stored cells the study no longer declares (after a grid
change) and keeps their records in provenance.json under ``"pruned"``.
"""

from __future__ import annotations

import argparse
import shlex
import signal
import sys
import threading
from pathlib import Path

from .._validation import check_choice, check_int
from . import SCALES, STUDIES, Store, analyse, default_store, format_table, get_study, run_study, verify_study
from .keys import key_id
from .provenance import merge_provenance, provenance_runs
from .run import prune_store


def _parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog="refboost-repro", description="Reproduce the papers' experiments (refboost studies) on Dask."
    )
    p.add_argument("study", nargs="?", help=f"one of {', '.join(STUDIES)}")
    p.add_argument("--list", action="store_true", help="list every study with its cell count at each scale")
    p.add_argument("--scale", default=None, help=f"one of {', '.join(SCALES)}")
    p.add_argument("--scheduler", default=None, help="a Dask scheduler address (default: a LocalCluster)")
    p.add_argument("--workers", type=int, default=None, help="worker processes of the LocalCluster (default: CPUs)")
    p.add_argument("--store", default=None, help="store folder (default: data/results/<study>/<scale>/)")
    p.add_argument("--verify", type=int, default=None, metavar="K", help="re-run K random stored cells and compare")
    p.add_argument("--seed", type=int, default=None, help="seed of the --verify sample (default: random)")
    p.add_argument("--by-duration", action="store_true",
                   help="--verify K samples K cells of each duration class (under 2 s, 2-30 s, 30 s-5 min, longer)")
    p.add_argument("--record", action="store_true",
                   help="record the --verify outcome in the store's provenance.json (under 'verified')")
    p.add_argument("--limit", type=int, default=None, help="run at most this many missing cells")
    p.add_argument("--datasets", default=None, help="comma-separated: run only the cells of these data sets")
    p.add_argument("--boosters", default=None, help="comma-separated: run only the cells of these boosters")
    p.add_argument("--shard", default=None, metavar="I/N", help="run only the I-th of N slices of the grid")
    p.add_argument(
        "--merge", nargs="+", default=None, metavar="DIR", help="add the records and run provenance of these stores"
    )
    p.add_argument(
        "--prune", action="store_true", help="remove stored cells the study no longer declares (kept in provenance)"
    )
    p.add_argument("--table", action="store_true", help="print the study's table from the store, run nothing")
    p.add_argument("--why", default=None, help="why this run or prune is made (recorded in provenance.json)")
    p.add_argument("--no-progress", action="store_true", help="no progress bar")
    return p


def list_studies() -> str:
    rows = []
    for name, st in STUDIES.items():
        row = {"study": name}
        for s in SCALES:
            row[f"{s} cells"] = len(st.cells(s))
        row["source"] = st.source
        rows.append(row)
    return format_table(rows)


def _cells_and_cluster(args) -> dict:
    """The options a run and a verification share: the store, the cluster and the cells of the grid."""
    return dict(
        store=args.store,
        scheduler=args.scheduler,
        workers=args.workers,
        datasets=None if args.datasets is None else args.datasets.split(","),
        boosters=None if args.boosters is None else args.boosters.split(","),
    )


def _interrupt(signum, frame):
    # a second SIGTERM (a batch system repeating its signal) must not cut short the clean-up that
    # exports the stored cells and records the run in provenance.json
    signal.signal(signal.SIGTERM, signal.SIG_IGN)
    raise KeyboardInterrupt


def main(argv=None) -> int:
    args = _parser().parse_args(argv)
    if threading.current_thread() is threading.main_thread():
        # SIGTERM (kill, a batch system's time limit) stops a run like Ctrl-C: stored cells kept, run recorded
        signal.signal(signal.SIGTERM, _interrupt)
    if args.list:
        print(list_studies())
        return 0
    try:
        if args.study is None:
            raise ValueError(f"study: give one of {list(STUDIES)} (or --list)")
        st = get_study(args.study)
        command = "refboost-repro " + shlex.join(sys.argv[1:] if argv is None else list(argv))
        if args.scale is None:
            raise ValueError(f"--scale: give one of {list(SCALES)}")
        check_choice(args.scale, "--scale", SCALES)
        if args.workers is not None:
            check_int(args.workers, "--workers", low=1)
        if args.table:
            print(format_table(analyse(st, args.scale, store=args.store)))
            return 0
        if args.prune:
            gone = prune_store(st, args.scale, args.store, command=command, why=args.why)
            print(f"pruned {len(gone)} stored cells that {st.name} [{args.scale}] no longer declares"
                  + "".join(f"\n  {key_id(r)}" for r in gone))
            return 0
        if args.merge:
            target = Path(args.store) if args.store is not None else default_store(st.name, args.scale)
            runs = {other: provenance_runs(other, st.name, args.scale) for other in args.merge}  # checked first
            with Store(target) as sto:
                for other in args.merge:
                    print(f"merged {sto.merge(other)} cells from {other}")
                    added = merge_provenance(target, runs[other], st.name, args.scale, len(sto))
                    print(f"merged the provenance of {added} runs from {other}")
                sto.export_parquet()
            return 0
        if args.verify is not None:
            check_int(args.verify, "--verify K", low=1)
            if args.limit is not None or args.shard is not None:
                raise ValueError("--limit and --shard select cells to run, not to verify; restrict the --verify "
                                 "sample with --datasets and --boosters")
            out = verify_study(st, args.scale, args.verify, seed=args.seed, by_duration=args.by_duration,
                               record=args.record, **_cells_and_cluster(args))
            bad = [o for o in out if o["fields"]]
            for o in bad:
                print(f"differs: {o['key']}: {', '.join(o['fields'])}")
            print(
                f"verified {len(out)} cells of {st.name} [{args.scale}]: "
                f"{len(out) - len(bad)} identical, {len(bad)} differ"
            )
            return 1 if bad else 0
        summ = run_study(
            st,
            args.scale,
            limit=args.limit,
            shard=args.shard,
            progress=False if args.no_progress else None,
            command=command,
            why=args.why,
            **_cells_and_cluster(args),
        )
    except (ValueError, TypeError, FileNotFoundError) as exc:
        print(f"refboost-repro: error: {exc}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        print("refboost-repro: interrupted; the finished cells are stored: the same command resumes", file=sys.stderr)
        return 130
    print(
        f"{summ.study} [{summ.scale}]: {summ.cells_run} cells run, {summ.cells_before} already stored, "
        f"{summ.cells_total} in the grid, {summ.wall_time:.1f} s"
    )
    for key, msg in summ.failures:
        print(f"failed: {key}: {msg}", file=sys.stderr)
    print(format_table(analyse(st, args.scale, store=summ.store)))
    return 1 if summ.failures else 0


if __name__ == "__main__":
    raise SystemExit(main())
