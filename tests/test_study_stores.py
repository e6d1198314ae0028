"""Every committed study store is verified, not trusted: random stored cells are re-run and must give the same record.

For each store folder ``data/results/<study>/<scale>/`` with a ``cells.parquet``, the test re-runs
``CELLS_PER_STORE`` cells drawn at random among those whose data set this machine has (CI: the bundled
sets) and whose stored cell time is at most ``MAX_CELL_SECONDS`` (so the sample fits the test budget;
the expensive cells are re-run on demand with ``refboost-repro STUDY --scale SCALE --verify K``). The
cells run on a one-worker LocalCluster, whose worker selects the canonical floating-point environment
(``refboost._fpenv``: OpenBLAS's and numpy's AVX2 code paths on any x86-64 CPU with AVX2), as the study
runner's workers do. The stores were written on other machines, so records are compared as
``studies.same_record(..., rtol=CROSS_CPU_RTOL)`` does: finite floats, also inside traces, to 1e-9
relative (another CPU's BLAS and numpy SIMD loops round the last bits differently); the fields a
solver fixes only to its eps, to eps (the gap) or sqrt(eps) (the margins); AdaBoost-QP's Newton
iteration count not at all; test errors, boosting rounds, hypothesis counts, verdicts and the discrete
entries of traces exactly.
The sample's seed is printed on failure; ``REFBOOST_STORE_SAMPLE_SEED`` fixes it.
"""

from __future__ import annotations

import os
from pathlib import Path

import numpy as np
import pytest

from refboost import studies
from refboost.datasets import DataNotFoundError
from refboost.studies.cells import load_split
from refboost.studies.compare import CROSS_CPU_RTOL
from refboost.studies.keys import KEY_FIELDS, canonical_key
from refboost.studies.run import dask_client
from refboost.studies.store import STORE_PARQUET

ROOT = Path(__file__).resolve().parents[1]
STORES = sorted(p.parent for p in (ROOT / "data" / "results").glob(f"*/*/{STORE_PARQUET}"))
CELLS_PER_STORE = 3
MAX_CELL_SECONDS = 2.0


def _available(dataset: str, split: str) -> bool:
    try:
        load_split(dataset, split)
    except DataNotFoundError:
        return False
    return True


def test_the_committed_stores_are_found():
    names = {(p.parent.name, p.name) for p in STORES}
    assert ("mht_table3", "paper") in names and ("mht_table3", "ci") in names
    for study, scale in names:
        assert study in studies.STUDIES, f"data/results/{study}: no such study"
        assert scale in studies.SCALES


@pytest.fixture(scope="module")
def canonical_worker():
    """A one-worker LocalCluster (``studies.run.dask_client``): its worker process starts in the canonical
    floating-point environment (``refboost._fpenv``: AVX2 code paths), in which the stores were written. The
    test process itself cannot select it: numpy is loaded before any conftest runs."""
    with dask_client(workers=1) as client:
        yield client


@pytest.mark.parametrize("store", STORES, ids=lambda p: f"{p.parent.name}-{p.name}")
def test_random_stored_cells_rerun_identically(store, canonical_worker):
    seed = int(os.environ.get("REFBOOST_STORE_SAMPLE_SEED", np.random.SeedSequence().entropy % 2**32))
    with studies.Store(store) as sto:
        records = sto.records()
    declared = {studies.key_id(k) for k in studies.get_study(store.parent.name).cells(store.name)}
    stray = [studies.key_id(r) for r in records if studies.key_id(r) not in declared]
    assert not stray, f"{store}: stored cells the study does not declare: {stray[:3]}"
    cheap = [r for r in records if r["time_cell"] <= MAX_CELL_SECONDS]
    have = {(r["dataset"], r["split"]) for r in cheap}
    have = {ds for ds in have if _available(*ds)}
    pool = [r for r in cheap if (r["dataset"], r["split"]) in have]
    if not pool:
        pytest.skip(f"{store}: no stored cell under {MAX_CELL_SECONDS} s on a data set this machine has")
    rng = np.random.default_rng(seed)
    pick = [pool[i] for i in rng.choice(len(pool), size=min(CELLS_PER_STORE, len(pool)), replace=False)]
    for rec in pick:
        key = canonical_key({f: rec[f] for f in KEY_FIELDS})
        fresh = canonical_worker.submit(studies.execute_cell, key, pure=False).result()
        diff = studies.same_record(rec, fresh, rtol=CROSS_CPU_RTOL)
        assert not diff, (
            f"{store}: stored cell {studies.key_id(rec)} re-ran differently in {diff} "
            f"(sample seed {seed}; REFBOOST_STORE_SAMPLE_SEED={seed} repeats it)"
        )
