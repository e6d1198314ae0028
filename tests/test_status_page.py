"""The generated status page (book/status.md, data/results/STATUS.md) is current and says what provenance says."""

import dataclasses
import json

import pyarrow as pa
import pyarrow.parquet as pq
import pytest

from refboost import studies
from refboost.studies import _status


@pytest.fixture(scope="module")
def statuses():
    return studies.status()


def test_pages_are_up_to_date(statuses):
    bench = _status.benchmark_results()
    for i, rel in enumerate(_status.PAGES):
        path = _status.ROOT / rel
        assert path.exists(), f"{rel} is missing: run python -m refboost.studies status --write"
        assert path.read_text(encoding="utf-8") == _status.render_page(statuses, bench, book=(i == 0)), (
            f"{rel} is out of date with the study stores: run python -m refboost.studies status --write"
        )


def test_status_agrees_with_each_provenance(statuses):
    assert {(s.study, s.scale) for s in statuses} == {(n, sc) for n in studies.STUDIES for sc in studies.SCALES}
    for s in statuses:
        prov = json.loads((_status.ROOT / s.store / "provenance.json").read_text())
        assert s.stored + s.undeclared == prov["cells_stored"], s.study
        assert s.runs == len(prov["runs"])
        assert s.wall_time == pytest.approx(sum(r["wall_time"] for r in prov["runs"]))
        assert len(s.prunes) == len(prov.get("pruned", []))
        assert s.declared == len(studies.STUDIES[s.study].cells(s.scale))
        assert sum(b["stored"] for b in s.boosters) == s.stored
        assert s.last_run["date"] == max(r["date"] for r in prov["runs"])


def test_cold_timed_cells_are_only_the_long_ones(statuses):
    """Every paper-scale cell timed with code loading (before the warm-up) that took under 300 s was re-run."""
    cold = [(s.study, c) for s in statuses if s.scale == "paper" for c in s.cold]
    short = [(st, c["dataset"], c["booster"], c["time_cpu"]) for st, c in cold if c["time_cpu"] < 300]
    assert not short, f"cells timed cold with under 300 s of CPU (re-time them): {short}"


def _record(key, run_id, worker, finished, cpu):
    return {**{f: key[f] for f in studies.KEY_FIELDS}, "params": json.dumps(key["params"], sort_keys=True),
            "converged": True, "n_train": 10, "time_cpu": cpu, "worker": worker, "finished": finished,
            "run_id": run_id}


def test_status_of_a_small_store(tmp_path):
    """Stored / declared, the cold rule (a re-timed first cell leaves no cold cell behind), prunes and notes."""
    st = studies.STUDIES["sun_table1"]
    keys = st.cells("ci")
    a1, a2, b1 = keys[0], keys[1], keys[2]  # a1, a2: one booster; b1 another
    assert a1["booster"] == a2["booster"] != b1["booster"]
    early, late = "2026-11-20T10:00:00+00:00", "2026-12-01T10:00:00+00:00"
    replaced = _record(a1, "r1", "w", "2026-11-20T09:00:00+00:00", 3.0)  # first of its booster, re-timed by r2
    cells = [_record(a2, "r1", "w", "2026-11-20T09:00:01+00:00", 2.0),  # second of its booster: warm
             _record(b1, "r1", "w", "2026-11-20T09:00:02+00:00", 1.5),  # first of its booster: cold
             _record(a1, "r2", "v", "2026-12-01T09:00:00+00:00", 0.5)]  # after the warm-up: warm
    pq.write_table(pa.Table.from_pylist(cells), tmp_path / "cells.parquet")
    run = {"wall_time": 60.0, "cpu_time_cells": 5.0, "completed": True, "git_commit": "0" * 40, "cells_run": 3}
    prov = {"study": st.name, "scale": "ci", "cells_stored": 3,
            "runs": [{**run, "run_id": "r1", "date": early, "command": "a", "completed": False},
                     {**run, "run_id": "r2", "date": late, "command": "b --store /tmp/x", "note": "re-time"}],
            "pruned": [{"date": late, "cells_pruned": 1, "command": "re-time", "why": "loading code",
                        "records": [replaced]}]}
    (tmp_path / "provenance.json").write_text(json.dumps(prov))
    s = _status.store_status(st.name, "ci", tmp_path)
    assert (s.stored, s.declared, s.undeclared, s.runs, s.interrupted) == (3, len(keys), 0, 2, 1)
    assert not s.complete and s.wall_time == 120.0 and s.cpu_time_cells == pytest.approx(4.0)
    assert s.last_run["command"] == "b --store /tmp/x" and s.first_run == early
    assert [(c["booster"], c["run_id"], c["time_cpu"]) for c in s.cold] == [(b1["booster"], "r1", 1.5)]
    assert s.prunes[0]["why"] == "loading code" and s.run_notes[0]["note"] == "re-time"
    page = _status.render_page([dataclasses.replace(s, scale="paper")], [])  # the page details paper scale
    assert "`sun_table1`" in page and "--store DIR" in page and "/tmp/x" not in page


def test_a_prune_records_why_and_the_status_shows_it(tmp_path):
    """``refboost-repro ... --prune --why "..."``: the reason is kept in provenance.json and shown."""
    import shutil

    from refboost.studies import cli

    src = _status.ROOT / "data" / "results" / "sun_fig6" / "ci"
    store = tmp_path / "store"
    shutil.copytree(src, store, ignore=shutil.ignore_patterns("cells.sqlite*"))
    full = studies.STUDIES["sun_fig6"]
    shrunk = dataclasses.replace(full, grid=lambda scale: full.grid(scale)[:-1])  # one stored cell undeclared
    assert cli._parser().parse_args(["sun_fig6", "--scale", "ci", "--prune", "--why", "grid change"]).why
    gone = studies.prune_store(shrunk, "ci", store, command="refboost-repro sun_fig6 --prune", why="grid change")
    assert len(gone) == 1
    prov = json.loads((store / "provenance.json").read_text())
    assert prov["pruned"][-1]["why"] == "grid change"
    s = _status.store_status(shrunk, "ci", store)
    assert s.prunes[-1]["why"] == "grid change" and s.stored == s.declared == len(full.cells("ci")) - 1
