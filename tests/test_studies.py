"""The study runner: listing, every study at ci scale on a 2-worker LocalCluster, resume, verify, errors."""

from __future__ import annotations

import json
import os
import sqlite3

import numpy as np
import pytest

import refboost as rb
from refboost import datasets, studies
from refboost.studies import cli
from refboost.studies.provenance import PROVENANCE
from refboost.studies.store import STORE_DB, STORE_PARQUET

distributed = pytest.importorskip("distributed")


@pytest.fixture(scope="module")
def cluster():
    with distributed.LocalCluster(
        n_workers=2, threads_per_worker=1, processes=True, dashboard_address=":0", silence_logs=40
    ) as lc:
        yield lc


@pytest.fixture(scope="module")
def client(cluster):
    with distributed.Client(cluster) as cl:
        yield cl


def _by_key(store_path) -> dict:
    with studies.Store(store_path) as sto:
        return {studies.key_id(r): r for r in sto.records()}


def test_list_shows_every_study_with_cell_counts(capsys):
    assert cli.main(["--list"]) == 0
    out = capsys.readouterr().out
    for name, st in studies.STUDIES.items():
        line = next(ln for ln in out.splitlines() if ln.startswith(name + " "))
        assert str(len(st.cells("ci"))) in line and str(len(st.cells("paper"))) in line
        assert st.source in line


@pytest.mark.parametrize("name", list(studies.STUDIES))
def test_every_study_runs_at_ci_scale(name, cluster, tmp_path, capsys):
    """Through the command line, on the cluster's scheduler address (the path a real cluster takes)."""
    store = tmp_path / name
    code = cli.main(
        [name, "--scale", "ci", "--scheduler", cluster.scheduler_address, "--store", str(store), "--no-progress"]
    )
    out = capsys.readouterr().out
    assert code == 0, out
    st = studies.get_study(name)
    recs = _by_key(store)
    assert set(recs) == {studies.key_id(k) for k in st.cells("ci")}
    for r in recs.values():
        assert 0 <= r["train_error"] <= 1 and r["n_iter"] >= 1 and r["time_boost"] >= 0
        assert r["time_cell"] >= r["time_boost"]
        assert r["version"] == studies.STUDIES[name].cells("ci")[0]["version"]
    table = studies.analyse(name, "ci", store=store)
    assert table  # every row has our test error (the paper's columns may be empty at ci scale)
    assert all(any(v is not None for k, v in row.items() if k.startswith("test")) for row in table)
    prov = json.loads((store / PROVENANCE).read_text())
    run = prov["runs"][-1]
    assert run["cells_run"] == len(recs) and run["refboost_version"] and run["machine"]["cpu_count"] >= 1
    assert run["command"].startswith(f"refboost-repro {name}") and run["dask_version"]
    assert (store / STORE_PARQUET).exists()
    # a store folder with only the Parquet export reads back the same records
    (store / STORE_DB).unlink()
    for extra in store.glob(STORE_DB + "-*"):
        extra.unlink()
    again = _by_key(store)
    assert set(again) == set(recs)
    assert all(not studies.same_record(recs[k], again[k]) for k in recs)


def test_interrupt_and_resume_equals_one_shot(client, tmp_path):
    name = "mht_table3"
    n = len(studies.get_study(name).cells("ci"))
    half = n // 2
    first = studies.run_study(name, "ci", store=tmp_path / "resumed", client=client, limit=half, progress=False)
    assert (first.cells_before, first.cells_run) == (0, half)
    second = studies.run_study(name, "ci", store=tmp_path / "resumed", client=client, progress=False)
    assert (second.cells_before, second.cells_run) == (half, n - half)
    third = studies.run_study(name, "ci", store=tmp_path / "resumed", client=client, progress=False)
    assert third.cells_run == 0  # nothing left
    resumed = _by_key(tmp_path / "resumed")
    runs = [r["run_id"] for r in resumed.values()]
    assert len(resumed) == n and runs.count(first.run_id) == half and runs.count(second.run_id) == n - half
    studies.run_study(name, "ci", store=tmp_path / "oneshot", client=client, progress=False)
    oneshot = _by_key(tmp_path / "oneshot")
    assert set(oneshot) == set(resumed)
    assert {k: studies.same_record(resumed[k], oneshot[k]) for k in resumed} == dict.fromkeys(resumed, [])
    prov = json.loads((tmp_path / "resumed" / PROVENANCE).read_text())
    assert [r["cells_run"] for r in prov["runs"]] == [half, n - half]
    assert [r["completed"] for r in prov["runs"]] == [True, True]


def test_ctrl_c_keeps_the_finished_cells_and_records_the_run(client, tmp_path, monkeypatch):
    name = "mht_table3"
    n = len(studies.get_study(name).cells("ci"))
    put = studies.Store.put
    calls = []

    def put_then_interrupt(self, rec):
        if len(calls) == 5:
            raise KeyboardInterrupt
        calls.append(rec)
        put(self, rec)

    monkeypatch.setattr(studies.Store, "put", put_then_interrupt)
    with pytest.raises(KeyboardInterrupt):
        studies.run_study(name, "ci", store=tmp_path, client=client, progress=False)
    monkeypatch.setattr(studies.Store, "put", put)
    run = json.loads((tmp_path / PROVENANCE).read_text())["runs"][-1]
    assert (run["completed"], run["cells_run"], run["cells_stored"]) == (False, 5, 5)
    assert len(_by_key(tmp_path)) == 5
    again = studies.run_study(name, "ci", store=tmp_path, client=client, progress=False)
    assert (again.cells_before, again.cells_run) == (5, n - 5)


def test_provenance_names_the_code_a_run_started_with(client, tmp_path, monkeypatch):
    # a commit made while a long run works must not be credited with its cells: the run's git state is the
    # one taken before its first cell, not the one at its end
    from refboost.studies import run as run_module

    states = iter([{"git_commit": "c0ffee", "git_refboost_modified": False}])
    later = {"git_commit": "later", "git_refboost_modified": True}
    monkeypatch.setattr(run_module, "code_state", lambda: next(states, later))
    studies.run_study("mht_table3", "ci", store=tmp_path, client=client, limit=2, progress=False)
    run = json.loads((tmp_path / PROVENANCE).read_text())["runs"][-1]
    assert (run["git_commit"], run["git_refboost_modified"], run["cells_run"]) == ("c0ffee", False, 2)


def test_verify_reruns_cells_identically_and_catches_a_change(client, tmp_path):
    name = "mht_table3"
    studies.run_study(name, "ci", store=tmp_path, client=client, progress=False)
    out = studies.verify_study(name, "ci", 3, store=tmp_path, client=client, seed=0)
    assert len(out) == 3 and all(o["fields"] == [] for o in out)
    # --datasets / --boosters restrict the sample to those stored cells
    out = studies.verify_study(name, "ci", 2, store=tmp_path, client=client, seed=0, boosters=["erlpboost"])
    assert len(out) == 2 and all(o["key"]["booster"] == "erlpboost" and o["fields"] == [] for o in out)
    with pytest.raises(ValueError, match=r"boosters must be among the boosters of mht_table3 at scale ci"):
        studies.verify_study(name, "ci", 1, store=tmp_path, client=client, boosters=["adaboost"])
    # --by-duration samples each duration class of the stored cells; --record keeps the outcome in provenance
    con = sqlite3.connect(tmp_path / STORE_DB)
    (first_key, first_rec), *_ = con.execute("SELECT key, record FROM cells").fetchall()
    slow = {**json.loads(first_rec), "time_cell": 45.0}  # pretend one cell is slow
    con.execute("UPDATE cells SET record = ? WHERE key = ?", (json.dumps(slow), first_key))
    con.commit()
    con.close()
    (tmp_path / STORE_PARQUET).unlink()
    out = studies.verify_study(name, "ci", 1, store=tmp_path, client=client, seed=0, by_duration=True, record=True)
    assert len(out) == 2 and all(o["fields"] == [] for o in out)
    ver = json.loads((tmp_path / PROVENANCE).read_text())["verified"][-1]
    assert ver["outcome"] == "same" and ver["sample"] == "by duration class"
    assert sorted(c["duration_class"] for c in ver["cells"]) == ["30 s-5 min", "under 2 s"]
    # tamper with every stored test error: verification must name the field
    con = sqlite3.connect(tmp_path / STORE_DB)
    for key, rec in con.execute("SELECT key, record FROM cells").fetchall():
        r = json.loads(rec)
        r["test_error"] = 0.5 if r["test_error"] != 0.5 else 0.25
        con.execute("UPDATE cells SET record = ? WHERE key = ?", (json.dumps(r), key))
    con.commit()
    con.close()
    # else the export (the reference) would restore the records on opening
    (tmp_path / STORE_PARQUET).unlink(missing_ok=True)
    out = studies.verify_study(name, "ci", 2, store=tmp_path, client=client, seed=1)
    assert all(o["fields"] == ["test_error"] for o in out)


def test_store_refuses_a_second_record_of_a_cell(tmp_path):
    key = {**studies.get_study("mht_table3").cells("ci")[0]}
    with studies.Store(tmp_path) as sto:
        sto.put({**key, "test_error": 0.1})
        with pytest.raises(KeyError, match="already stored"):
            sto.put({**key, "test_error": 0.2})
        assert len(sto) == 1


def test_cells_are_pure_functions_of_their_keys():
    key = studies.get_study("mht_table3").cells("ci")[0]
    a, b = studies.execute_cell(key), studies.execute_cell(key)
    assert studies.same_record(a, b) == []
    assert set(studies.RUN_FIELDS) - {"run_id"} <= set(a)


def test_first_cell_of_a_worker_is_timed_warm(monkeypatch):
    """The booster runs once, untimed, on 24 training examples before a worker's first cell of it (per booster,
    weak learner and capped or not), and that leaves the record unchanged; a cell that fails, fails in the
    timed run."""
    import refboost.experiments as ex
    from refboost.studies import cells

    monkeypatch.setattr(cells, "_WARMED", set())
    key = studies.get_study("glocer_ch5").cells("ci")[0]
    calls = []
    orig = ex.run_cell

    def counting(split, *a, **k):
        calls.append(split["X"].shape[0])
        return orig(split, *a, **k)

    monkeypatch.setattr(ex, "run_cell", counting)
    a = studies.execute_cell(key)
    assert calls[0] == cells.WARM_UP_EXAMPLES and len(calls) == 2
    assert (key["booster"], key["weak_learner"], "nu_frac" in key["params"]) in cells._WARMED
    b = studies.execute_cell(key)
    assert len(calls) == 3 and studies.same_record(a, b) == []  # warm once per process; the record as before
    with pytest.raises(ValueError, match="nu_frac"):
        studies.execute_cell({**key, "params": {**key["params"], "nu_frac": 2}})


def test_same_record_across_cpus():
    """rtol = 0: identical or not. rtol = CROSS_CPU_RTOL: floats (also in traces) to rounding, gap to eps, margins to
    sqrt(eps), AdaBoost-QP's Newton count ignored; discrete values (errors in a trace, rounds) still exact."""
    from refboost.studies.compare import CROSS_CPU_RTOL as R

    trace = {"t": [1, 2], "test_error": [0.25, 0.125], "objective": [0.1, 0.2]}
    a = {"booster": "adaboost_cg", "params": '{"T": 0.1, "eps": 1e-05}', "n_iter": 7, "gap": 2e-6,
         "margin_mean": 0.15, "test_error": 0.25, "trace": json.dumps(trace)}
    near = {**trace, "objective": [0.1 + 1e-16, 0.2]}
    b = {**a, "gap": 9e-6, "margin_mean": 0.15 + 1e-4, "trace": json.dumps(near)}
    assert studies.same_record(a, b) == ["gap", "margin_mean", "trace"]
    assert studies.same_record(a, b, rtol=R) == []
    assert studies.same_record(a, {**b, "margin_mean": 0.16}, rtol=R) == ["margin_mean"]  # > sqrt(eps)
    assert studies.same_record(a, {**b, "gap": 2e-5}, rtol=R) == ["gap"]  # > eps
    assert studies.same_record(a, {**b, "n_iter": 8}, rtol=R) == ["n_iter"]  # boosting rounds: exact
    flipped = json.dumps({**near, "test_error": [0.25, 0.25]})
    assert studies.same_record(a, {**b, "trace": flipped}, rtol=R) == ["trace"]
    assert studies.same_record(a, {**b, "test_error": 0.25 + 1e-6}, rtol=R) == ["test_error"]  # > 1e-9: differs
    qp = {"booster": "adaboost_qp", "params": '{"T": 0.025}', "n_iter": 4, "gap": 1e-12}
    assert studies.same_record(qp, {**qp, "n_iter": 7}, rtol=R) == []  # its Newton iterations: not compared
    assert studies.same_record(qp, {**qp, "n_iter": 7}) == ["n_iter"]
    assert studies.same_record(qp, {**qp, "gap": 1e-8}, rtol=R) == ["gap"]  # > its default eps 1e-10 (and 1e-9)


def test_split_names():
    cv = studies.load_split("heart", "r1/cv5.2")
    full = studies.load_split("heart", "r1")
    assert cv["X"].shape[0] + cv["X_val"].shape[0] == full["X"].shape[0]
    tvt = studies.load_split("australian", "60/20/20:s0")
    assert tvt["X"].shape[0] + tvt["X_val"].shape[0] + tvt["X_test"].shape[0] == 690
    r1, p11 = studies.load_split("banana", "r1"), studies.load_split("banana", "p11")
    assert p11["X"].shape == r1["X"].shape and p11["X_test"].shape == r1["X_test"].shape  # the IDA sizes
    pooled = np.vstack([r1["X"], r1["X_test"]])
    assert sorted(map(tuple, np.vstack([p11["X"], p11["X_test"]]))) == sorted(map(tuple, pooled))  # a partition
    assert not np.array_equal(p11["X"], r1["X"])
    assert np.array_equal(studies.load_split("banana", "p11")["X"], p11["X"])  # seeded: the same every time
    for bad in ("r1/cv5.5", "x", "60/20/30:s0", "r/cv2.0"):
        with pytest.raises(ValueError, match="split"):
            studies.load_split("heart", bad)
    with pytest.raises(ValueError, match=r"a9a's published splits \['erlpboost-0.1'\]"):
        studies.load_split("a9a", "erlpboost")


def test_published_split_is_the_catalogue_triple_as_published(monkeypatch):
    from refboost.datasets import Dataset
    from refboost.studies import cells

    parts = {n: (np.full((k, 2), float(k)), np.ones(k)) for n, k in (("tr", 6), ("va", 2), ("te", 3))}
    asked = []

    def fake_load(name, realisation):
        asked.append((name, realisation))
        return Dataset(*parts["tr"], name="libsvm:" + name, source="fake", X_test=parts["te"][0],
                       y_test=parts["te"][1], X_valid=parts["va"][0], y_valid=parts["va"][1])

    monkeypatch.setattr(cells, "_load", fake_load)
    sp = studies.load_split("a9a", "erlpboost-0.1")
    assert asked == [("a9a-erlpboost", None)]
    assert [sp[k].shape[0] for k in ("X", "X_val", "X_test")] == [6, 2, 3]
    assert sp["X_val"] is parts["va"][0] and sp["y_test"] is parts["te"][1]


@pytest.mark.skipif(not datasets.status("a9a-erlpboost")["loadable"] or not datasets.status("a9a")["loadable"],
                    reason="a9a and its ERLPBoost split are not bundled (refboost-data download libsvm:a9a "
                    "libsvm:a9a-erlpboost)")
def test_a9a_published_split_partitions_a9a_with_glocer_table_5_2_sizes():
    sp = studies.load_split("a9a", "erlpboost-0.1")
    assert [sp[k].shape[0] for k in ("X", "X_val", "X_test")] == [29305, 9768, 9769]  # Glocer (2009), Table 5.2
    full = datasets.load("a9a")

    def rows(X, y):
        return sorted(map(bytes, np.column_stack([X, y]).astype(np.int8)))

    both = rows(np.vstack([full.X, full.X_test]), np.concatenate([full.y, full.y_test]))
    assert rows(np.vstack([sp["X"], sp["X_val"], sp["X_test"]]),
                np.concatenate([sp["y"], sp["y_val"], sp["y_test"]])) == both


def test_bad_study_scale_and_filters_name_the_valid_ones(capsys, tmp_path):
    assert cli.main(["no_such_study", "--scale", "ci"]) == 2
    err = capsys.readouterr().err
    assert all(name in err for name in studies.STUDIES)
    assert cli.main(["mht_table3", "--scale", "huge"]) == 2
    err = capsys.readouterr().err
    assert "'ci'" in err and "'paper'" in err and "huge" in err
    with pytest.raises(ValueError, match=r"study must be one of \['mht_table3'"):
        studies.run_study("nope", "ci", store=tmp_path)
    with pytest.raises(ValueError, match=r"scale must be one of \['ci', 'paper'\]"):
        studies.run_study("mht_table3", "big", store=tmp_path)
    with pytest.raises(ValueError, match=r"datasets must be among the datasets of mht_table3 at scale ci: \['heart'\]"):
        studies.run_study("mht_table3", "ci", store=tmp_path, datasets=["banana"])
    with pytest.raises(FileNotFoundError, match="no stored cells for glocer_ch5 at scale ci"):
        studies.analyse("glocer_ch5", "ci", store=tmp_path / "empty")
    with pytest.raises(ValueError, match="verify: K must be an integer >= 1"):
        studies.verify_study("mht_table3", "ci", 0, store=tmp_path)
    assert cli.main(["mht_table3", "--scale", "ci", "--verify", "2", "--limit", "1"]) == 2
    assert "restrict the --verify sample with --datasets and --boosters" in capsys.readouterr().err


def test_trace_checkpoints_are_geometric_and_end_at_the_last_iteration():
    from refboost.experiments import trace_checkpoints

    assert trace_checkpoints(1) == [1]
    assert trace_checkpoints(10) == [1, 2, 3, 4, 6, 8, 10]
    cps = trace_checkpoints(1000)
    assert cps[-1] == 1000 and cps == sorted(set(cps)) and len(cps) < 25


def test_a_traced_cell_ends_where_its_record_ends():
    """The trace's last checkpoint is the full run: its errors are the record's; re-running gives the same trace."""
    st = studies.get_study("mht_table3")
    cells = st.cells("ci")
    cv_cell = next(k for k in cells if "/cv" in k["split"])  # a validation part, no test part
    whole = next(k for k in cells if "/cv" not in k["split"])  # a test part, no validation part
    for cell in (cv_cell, whole):
        key = {**cell, "params": {**cell["params"], "trace": True}}
        rec = studies.execute_cell(key)
        tr, times = json.loads(rec["trace"]), json.loads(rec["trace_time"])
        assert len(tr["t"]) == len(times) and times == sorted(times)
        part = "val_error" if cell is cv_cell else "test_error"
        assert rec[part] is not None
        assert tr[part][-1] == rec[part] and tr["train_error"][-1] == rec["train_error"]
    assert studies.same_record(rec, studies.execute_cell(key)) == []
    with pytest.raises(ValueError, match="trace must be true or false"):
        studies.execute_cell({**key, "params": {**key["params"], "trace": 1}})


def test_a_history_curve_is_the_boosters_own_history_at_the_checkpoints():
    """``curve: "<field>"`` stores that history field at the checkpoints, ending at the record's final gap."""
    from refboost.experiments import CURVE_RATIO, trace_checkpoints

    (key,) = [k for k in studies.get_study("glocer_precision").cells("ci") if k["booster"] == "erlpboost"]
    key = {**key, "params": {**key["params"], "curve": "delta_practical"}}
    rec = studies.execute_cell(key)
    curve, times = json.loads(rec["trace"]), json.loads(rec["trace_time"])
    assert len(times) == len(curve["t"]) and times == sorted(times)
    assert all(v is not None for v in curve["delta_practical"])
    # second path: the booster run directly, outside the study runner, records the same gaps at those t
    sp = studies.load_split(key["dataset"], key["split"])
    res = rb.erlpboost(rb.StumpOracle(sp["X"], sp["y"]), eps=key["params"]["eps"], max_iter=key["params"]["max_iter"])
    assert curve["t"] == trace_checkpoints(len(res.history), CURVE_RATIO)
    assert curve["delta_practical"] == [res.history[t - 1]["delta_practical"] for t in curve["t"]]
    assert studies.same_record(rec, studies.execute_cell(key)) == []
    bad = [({"curve": 1}, "curve must name a field"), ({"curve": "delta_practical", "trace": True}, "not both"),
           ({"curve": "no_such_field"}, "no iteration of this booster's history records 'no_such_field'")]
    for extra, msg in bad:
        with pytest.raises(ValueError, match=msg):
            studies.execute_cell({**key, "params": {**key["params"], **extra}})


def test_shards_on_two_clusters_merge_into_the_one_shot_store(cluster, tmp_path, capsys):
    """Two drivers, each with its own LocalCluster on a loopback address (the stand-in for two machines)."""
    name = "mht_table3"
    n = len(studies.get_study(name).cells("ci"))
    with distributed.LocalCluster(
        n_workers=1, threads_per_worker=1, processes=True, host="127.0.0.1", dashboard_address=":0", silence_logs=40
    ) as other:
        for i, addr in enumerate((cluster.scheduler_address, other.scheduler_address)):
            summ = studies.run_study(
                name, "ci", store=tmp_path / f"s{i}", scheduler=addr, shard=f"{i}/2", progress=False
            )
            assert summ.cells_run == len(range(i, n, 2))
    assert cli.main([name, "--scale", "ci", "--store", str(tmp_path / "s0"), "--merge", str(tmp_path / "s1")]) == 0
    merged = _by_key(tmp_path / "s0")
    assert set(merged) == {studies.key_id(k) for k in studies.get_study(name).cells("ci")}
    with studies.Store(tmp_path / "s0") as sto:
        assert sto.merge(tmp_path / "s1") == 0  # merging again adds nothing
    # the other driver's run provenance came along, once, tagged with the store it was merged into
    prov = [json.loads((tmp_path / f"s{i}" / "provenance.json").read_text()) for i in (0, 1)]
    (theirs,) = prov[1]["runs"]
    assert [r["run_id"] for r in prov[0]["runs"]][-1] == theirs["run_id"]
    assert prov[0]["runs"][-1] == {**theirs, "merged_into": None}  # tmp_path is outside the clone
    assert prov[0]["cells_stored"] == n
    assert cli.main([name, "--scale", "ci", "--store", str(tmp_path / "s0"), "--merge", str(tmp_path / "s1")]) == 0
    assert json.loads((tmp_path / "s0" / "provenance.json").read_text())["runs"] == prov[0]["runs"]
    # a store of another study or scale is refused before anything is merged
    other_scale = {**prov[1], "scale": "paper"}
    (tmp_path / "s1" / "provenance.json").write_text(json.dumps(other_scale))
    before = (tmp_path / "s0" / "cells.sqlite").stat().st_mtime_ns, (tmp_path / "s0" / "provenance.json").read_text()
    assert cli.main([name, "--scale", "ci", "--store", str(tmp_path / "s0"), "--merge", str(tmp_path / "s1")]) == 2
    assert "not of 'mht_table3' at scale 'ci'" in capsys.readouterr().err
    assert (tmp_path / "s0" / "cells.sqlite").stat().st_mtime_ns == before[0]
    assert (tmp_path / "s0" / "provenance.json").read_text() == before[1]
    for bad in ("2/2", "1", "a/b", (0, 0)):
        with pytest.raises(ValueError, match="shard must be"):
            studies.run_study(name, "ci", store=tmp_path / "x", shard=bad)


def test_same_record_tolerance_is_for_floats_only():
    a = {"gap": 1.0, "n_iter": 3, "trace": "[1]"}
    assert studies.same_record(a, {**a, "gap": 1.0 + 1e-12}, rtol=1e-9) == []
    assert studies.same_record(a, {**a, "gap": 1.0 + 1e-12}) == ["gap"]
    assert studies.same_record(a, {**a, "n_iter": 4}, rtol=1e-9) == ["n_iter"]
    assert studies.same_record(a, {**a, "trace": "[2]"}, rtol=0.5) == ["trace"]


def test_a_working_database_takes_up_cells_added_to_the_parquet_export(tmp_path):
    """After a pull that brings more cells in cells.parquet, the local cells.sqlite must not hide them."""
    keys = [{**k, "params": json.dumps(k["params"])} for k in studies.get_study("mht_table3").cells("ci")[:2]]
    with studies.Store(tmp_path / "a") as a:
        a.put({**keys[0], "test_error": 0.1})
        a.export_parquet()
    with studies.Store(tmp_path / "a") as a:  # a working database now exists beside the export
        assert len(a) == 1
    with studies.Store(tmp_path / "b") as b:
        b.put({**keys[0], "test_error": 0.1})
        b.put({**keys[1], "test_error": 0.2})
        b.export_parquet()
    (tmp_path / "b" / STORE_PARQUET).replace(tmp_path / "a" / STORE_PARQUET)  # the "pulled" export
    with studies.Store(tmp_path / "a") as a:
        assert len(a) == 2 and a.get(keys[1])["test_error"] == 0.2


def test_a_merge_with_a_conflicting_cell_adds_nothing(tmp_path):
    """Store.merge checks every record before it stores any: a conflict found after new cells leaves the target as
    it was (a partial merge would mix two runs' stores under one provenance)."""
    keys = [{**k, "params": json.dumps(k["params"])} for k in studies.get_study("mht_table3").cells("ci")[:3]]
    with studies.Store(tmp_path / "a") as a:
        a.put({**keys[2], "test_error": 0.3})
    with studies.Store(tmp_path / "b") as b:
        b.put({**keys[0], "test_error": 0.1})
        b.put({**keys[1], "test_error": 0.2})
        b.put({**keys[2], "test_error": 0.35})
    with studies.Store(tmp_path / "a") as a:
        with pytest.raises(ValueError, match="differs between the stores in \\['test_error'\\]; nothing was merged"):
            a.merge(tmp_path / "b")
        assert a.keys() == {studies.key_id(keys[2])} and a.get(keys[2])["test_error"] == 0.3


def test_a_working_database_follows_a_rebuilt_parquet_export(tmp_path):
    """A store rebuilt upstream (cells dropped, records changed) and pulled: the cache follows the export,
    and a cell run locally but not exported yet stays."""
    keys = [{**k, "params": json.dumps(k["params"])} for k in studies.get_study("mht_table3").cells("ci")[:3]]
    with studies.Store(tmp_path / "a") as a:
        a.put({**keys[0], "test_error": 0.1})
        a.put({**keys[1], "test_error": 0.2})
        a.export_parquet()
    with studies.Store(tmp_path / "a") as a:  # the working database has imported the export once
        a.put({**keys[2], "test_error": 0.3})  # run here, not exported
    with studies.Store(tmp_path / "b") as b:  # upstream: keys[1] dropped, keys[0] re-run with another record
        b.put({**keys[0], "test_error": 0.15})
        b.export_parquet()
    (tmp_path / "b" / STORE_PARQUET).replace(tmp_path / "a" / STORE_PARQUET)
    with studies.Store(tmp_path / "a") as a:
        assert a.keys() == {studies.key_id(keys[0]), studies.key_id(keys[2])}
        assert a.get(keys[0])["test_error"] == 0.15 and a.get(keys[2])["test_error"] == 0.3
    with studies.Store(tmp_path / "a") as a:  # opening again changes nothing
        assert len(a) == 2


def test_sigterm_stops_a_run_and_records_it(tmp_path):
    """SIGTERM (twice, as a batch system may send it) stops a run like Ctrl-C: exit 130, run recorded."""
    import signal
    import subprocess
    import sys
    import time

    store = tmp_path / "store"
    env = {**os.environ, "OPENBLAS_NUM_THREADS": "1"}
    cmd = [sys.executable, "-m", "refboost.studies.cli", "sun_table1", "--scale", "ci", "--workers", "1"]
    proc = subprocess.Popen([*cmd, "--store", str(store), "--no-progress"], env=env, stderr=subprocess.PIPE, text=True)
    deadline = time.monotonic() + 120
    while not (store / "cells.sqlite").exists() and proc.poll() is None and time.monotonic() < deadline:
        time.sleep(0.2)
    assert proc.poll() is None, "the run ended before it could be interrupted"
    proc.send_signal(signal.SIGTERM)
    time.sleep(0.3)
    if proc.poll() is None:
        proc.send_signal(signal.SIGTERM)
    _, err = proc.communicate(timeout=120)
    assert proc.returncode == 130, err
    assert "interrupted" in err
    runs = json.loads((store / "provenance.json").read_text())["runs"]
    assert len(runs) == 1 and runs[0]["completed"] is False


def test_prune_removes_undeclared_cells_and_keeps_them_in_provenance(tmp_path, capsys):
    """A grid change leaves old cells behind: --prune removes them, records them, and touches nothing else."""
    name = "glocer_ch5"
    key = studies.get_study(name).cells("ci")[0]
    rec = studies.execute_cell(key)
    stray = {**rec, "split": "70/15/15:s0"}  # a cell of the same study the grid does not declare
    with studies.Store(tmp_path) as sto:
        sto.put(rec)
        sto.put(stray)
        sto.export_parquet()
    studies.provenance.append_provenance(tmp_path, name, "ci", {"run_id": "r0", "cells_stored": 2})
    before = json.loads((tmp_path / PROVENANCE).read_text())
    assert cli.main([name, "--scale", "ci", "--store", str(tmp_path), "--prune"]) == 0
    assert "pruned 1 stored cells" in capsys.readouterr().out
    with studies.Store(tmp_path) as sto:  # the working database and the export agree
        assert [studies.key_id(r) for r in sto.records()] == [studies.key_id(rec)]
    import pyarrow.parquet as pq

    assert pq.read_table(tmp_path / STORE_PARQUET).num_rows == 1
    after = json.loads((tmp_path / PROVENANCE).read_text())
    assert after["runs"] == before["runs"] and after["cells_stored"] == 1
    (entry,) = after["pruned"]
    assert entry["cells_pruned"] == 1 and [studies.key_id(r) for r in entry["records"]] == [studies.key_id(stray)]
    assert studies.same_record(entry["records"][0], stray) == []  # the whole record, as it was stored
    assert entry["command"].endswith("--prune") and "date" in entry and "git_commit" in entry
    # nothing left to prune: nothing changes, nothing recorded
    assert cli.main([name, "--scale", "ci", "--store", str(tmp_path), "--prune"]) == 0
    assert json.loads((tmp_path / PROVENANCE).read_text()) == after
    with pytest.raises(FileNotFoundError, match="no stored cells"):
        studies.prune_store(name, "ci", tmp_path / "empty")


def test_canonical_fp_env():
    """The study workers' floating-point environment: AVX2 paths on an x86-64 CPU with AVX2, nothing elsewhere;
    a value the user set is kept; the LocalCluster's workers run in it."""
    from refboost import _fpenv

    env = _fpenv.canonical_fp_env()
    assert env in ({}, _fpenv.CANONICAL_FP_ENV) and (env != {}) == _fpenv.cpu_has_avx2()
    mine = {"OPENBLAS_CORETYPE": "Zen"}
    got = _fpenv.worker_fp_env(mine)
    assert got == {k: mine.get(k, v) for k, v in env.items()}  # the user's own value wins
    if env:
        from refboost.studies.run import dask_client

        with dask_client(workers=1) as client:
            seen = client.submit(lambda: {k: os.environ.get(k) for k in env}, pure=False).result()
        assert seen == _fpenv.worker_fp_env()
