"""Shen & Li (2010) studies: the analyses (selection on validation, split counts, paper columns) on the
committed stores and on hand-made records."""

from __future__ import annotations

import json

import numpy as np
import pytest

from refboost import studies
from refboost.studies import _shen
from refboost.studies.store import STORE_PARQUET, default_store

SHEN = ("shen_tables", "shen_table3", "shen_table58", "shen_table6")  # Table VII: its own tests below


def _stored(name: str, scale: str) -> list[dict] | None:
    path = default_store(name, scale)
    if not (path / STORE_PARQUET).exists():
        return None
    with studies.Store(path) as sto:
        return sto.records()


def _rec(dataset, split, booster, params, val, test, wl="stump", **extra):
    return {
        "dataset": dataset,
        "split": split,
        "booster": booster,
        "params": json.dumps(params, sort_keys=True),
        "weak_learner": wl,
        "val_error": val,
        "test_error": test,
        "train_error": 0.0,
        "margin_min": -0.1,
        "margin_mean": 0.1,
        "n_hypotheses": 3,
        "converged": True,
        **extra,
    }


@pytest.mark.parametrize("name", SHEN)
@pytest.mark.parametrize("scale", ["ci", "paper"])
def test_committed_store_keys_are_the_grid_and_the_choices_minimise_validation_error(name, scale):
    recs = _stored(name, scale)
    if recs is None:
        pytest.skip(f"no committed {scale} store for {name}")
    st = studies.get_study(name)
    grid = {studies.key_id(k) for k in st.cells(scale)}
    assert {studies.key_id(r) for r in recs} <= grid  # a store holds cells of its grid only
    rows = studies.analyse(name, scale)
    assert rows and all(r["splits"].split("/")[1].isdigit() for r in rows)
    # the selection, recomputed here from the records: per (data set, split, booster) the least validation error
    by = {}
    for r in recs:
        by.setdefault((r["dataset"], r["split"], r["booster"], r["weak_learner"]), []).append(r)
    if name == "shen_tables":
        chosen = _shen.shen_table2_choices(recs, scale)
        n_settings = {"adaboost": len(_shen.SHEN_SCALES[scale]["ab_rounds"]),
                      "adaboost_qp": len(_shen.SHEN_SCALES[scale]["qp_T"])}
        for (dataset, booster), per_split in chosen.items():
            for s, rec in per_split.items():
                settings = _shen._shen_t2_settings(booster, _shen.SHEN_SCALES[scale])
                cands = [r for r in by[dataset, f"70/15/15:s{s}", booster, "stump"]
                         if json.loads(r["params"]) in settings]  # Table IV's AdaBoost cells share the split
                assert len(cands) == n_settings[booster]
                assert rec["val_error"] == min(c["val_error"] for c in cands)
        for row in rows:
            if row["table"] == "II":
                per = chosen[row["dataset"], row["booster"]]
                assert row["splits"] == f"{len(per)}/{_shen.SHEN_SCALES[scale]['t2_splits']}"
                if per:
                    assert row["test_error"] == pytest.approx(np.mean([r["test_error"] for r in per.values()]))
                    assert row["paper_test_error"] == (
                        studies.paper_numbers()["shen_tables"]["table_ii"]["values"]
                        .get(row["dataset"], {}).get(row["booster"], {}).get("test_error", [None])[0])
    else:
        choices = {
            "shen_table3": lambda: {(d, "adaboost_qp"): v for d, v in _shen.shen_table3_choices(recs, scale).items()},
            "shen_table58": lambda: _shen.shen_t58_choices(recs, scale),
            "shen_table6": lambda: _shen.shen_t6_choices(recs, scale),
        }[name]()
        for (dataset, booster), per_split in choices.items():
            for s, rec in per_split.items():
                cands = by[dataset, f"70/15/15:s{s}", booster, rec["weak_learner"]]
                assert rec["val_error"] == min(c["val_error"] for c in cands)
        for row in rows:
            per = choices[row["dataset"], row["booster"]]
            if per and not (name == "shen_table6" and row["booster"] == "adaboost"):
                assert row["test_error"] == pytest.approx(np.mean([r["test_error"] for r in per.values()]))


def test_table2_selection_ties_take_the_first_setting_and_incomplete_splits_are_not_counted():
    cfg = _shen.SHEN_SCALES["ci"]
    recs = []
    for s in (0,):
        for i, p in enumerate(_shen._shen_t2_settings("adaboost", cfg)):
            recs.append(_rec("australian", f"70/15/15:s{s}", "adaboost", p, val=0.2, test=0.1 * (i + 1)))
        # QP: only one of the two T stored -> the split does not count
        p = _shen._shen_t2_settings("adaboost_qp", cfg)[0]
        recs.append(_rec("australian", f"70/15/15:s{s}", "adaboost_qp", p, val=0.1, test=0.3))
    chosen = _shen.shen_table2_choices(recs, "ci")
    assert chosen["australian", "adaboost"][0]["test_error"] == pytest.approx(0.1)  # tie: the first setting
    assert chosen["australian", "adaboost_qp"] == {}
    rows = _shen._shen_analysis(recs, "ci")
    qp = next(r for r in rows if r["table"] == "II" and r["booster"] == "adaboost_qp")
    assert qp["splits"] == "0/1" and qp["test_error"] is None


def test_table6_adaboost_row_uses_the_best_test_error_as_the_paper_and_reports_the_validated_one():
    cfg = _shen.SHEN_T6_SCALES["ci"]
    recs = []
    ab = _shen._t6_settings("adaboost", cfg)
    recs.append(_rec("breast-cancer", "70/15/15:s0", "adaboost", ab[0], val=0.05, test=0.08, wl="lda"))
    recs.append(_rec("breast-cancer", "70/15/15:s0", "adaboost", ab[1], val=0.07, test=0.02, wl="lda"))
    for i, p in enumerate(_shen._t6_settings("adaboost_cg", cfg)):
        recs.append(_rec("breast-cancer", "70/15/15:s0", "adaboost_cg", p, val=0.1 - 0.01 * i, test=0.04, wl="lda"))
    rows = {r["booster"]: r for r in _shen._t6_analysis(recs, "ci")}
    assert rows["adaboost"]["test_error"] == pytest.approx(0.02)  # least test error of the round counts
    assert rows["adaboost"]["test_error_val"] == pytest.approx(0.08)  # chosen on validation
    assert rows["adaboost_cg"]["test_error"] == pytest.approx(0.04) and rows["adaboost_cg"]["splits"] == "1/1"
    assert rows["adaboost"]["paper_test_error"] == 0.029


def test_grids_are_split_major_and_reuse_table2_splits():
    keys = studies.get_study("shen_tables").cells("paper")
    seen = [int(k["split"].rsplit(":s", 1)[1]) for k in keys]
    assert seen == sorted(seen)  # --limit runs whole splits first
    t2 = {(k["dataset"], k["split"]) for k in keys}
    for name in ("shen_table3", "shen_table58", "shen_table6"):
        for k in studies.get_study(name).cells("paper"):
            if k["dataset"] in _shen.SHEN_PAPER_SETS:
                assert (k["dataset"], k["split"]) in t2  # the same seeded splits as Tables II/IV


def test_mcnemar_counts_disagreements_and_agrees_with_the_exact_test():
    y = np.ones(40)
    a = np.ones(40)
    b = np.ones(40)
    a[:12] = -1  # a wrong on 12, b right there
    b[30:32] = -1  # b wrong on 2, a right there
    out = _shen.mcnemar(a, b, y)
    assert (out["n01"], out["n10"]) == (12, 2)
    assert out["chi2"] == pytest.approx((10 - 1) ** 2 / 14)
    assert out["significant"] == (out["chi2"] > 3.841459) and out["significant"]
    assert out["p_exact"] < 0.05 and out["p"] < 0.05  # both paths decide alike here
    same = _shen.mcnemar(a, a, y)
    assert same["chi2"] == 0.0 and not same["significant"] and same["p_exact"] == 1.0
    with pytest.raises(ValueError, match="pred_a, pred_b and y"):
        _shen.mcnemar(a, b[:3], y)


# ------------------------------------------------------------------------------------------
# Table VII: AdaBoost-CG on banana, stumps and LDA, 1/T in {20, 40, 80}
# ------------------------------------------------------------------------------------------


def test_table7_grid_is_the_papers_protocol_on_the_catalogues_realisations():
    keys = studies.get_study("shen_table7").cells("paper")
    assert len(keys) == 50 * 2 * 3  # the paper's 50 runs
    # IDA realisations 1-10, then seeded partitions of the same patterns
    assert {k["split"] for k in keys} == {f"r{r}" for r in range(1, 11)} | {f"p{r}" for r in range(11, 51)}
    assert {k["weak_learner"] for k in keys} == {"stump", "lda"} and {k["booster"] for k in keys} == {"adaboost_cg"}
    assert {round(1 / k["params"]["T"]) for k in keys} == {20, 40, 80}
    assert {(k["params"]["max_iter"], k["params"]["eps"]) for k in keys} == {(400, 1e-5)}  # "max iteration 400"
    ci = studies.get_study("shen_table7").cells("ci")
    assert {k["split"] for k in ci} == {"r1"}  # the bundled realisation


@pytest.mark.parametrize("scale", ["ci", "paper"])
def test_table7_committed_store_rows_recomputed_from_the_records(scale):
    recs = _stored("shen_table7", scale)
    if recs is None:
        pytest.skip(f"no committed {scale} store for shen_table7")
    st = studies.get_study("shen_table7")
    assert {studies.key_id(r) for r in recs} <= {studies.key_id(k) for k in st.cells(scale)}
    cfg = _shen.SHEN_T7_SCALES[scale]
    paper = studies.paper_numbers()["shen_table7"]["table_vii"]["values"]
    rows = studies.analyse("shen_table7", scale)
    assert [(r["weak_learner"], r["inv_T"]) for r in rows] == [(wl, g) for wl in ("stump", "lda") for g in cfg["inv_T"]]
    for row in rows:
        # the records of this row, found here without the study's index: by learner and the rounded 1/T
        mine = [r for r in recs if r["weak_learner"] == row["weak_learner"]
                and round(1 / json.loads(r["params"])["T"]) == row["inv_T"]]
        assert row["runs"] == f"{len(mine)}/{len(cfg['runs'])}"
        for f in ("test_error", "train_error"):
            assert row[f] == pytest.approx(np.mean([r[f] for r in mine]))
            assert row[f + "_std"] == pytest.approx(np.std([r[f] for r in mine]))
            assert [row["paper_" + f], row["paper_" + f + "_std"]] == paper[row["weak_learner"]][str(row["inv_T"])][f]
        assert row["n_iter_max"] == max(r["n_iter"] for r in mine)
        assert row["converged"] == f"{sum(bool(r['converged']) for r in mine)}/{len(mine)}"


def test_table7_analysis_separates_learners_and_counts_missing_realisations():
    cfg = _shen.SHEN_T7_SCALES["paper"]
    p20, p80 = _shen._cg_params(20, cfg), _shen._cg_params(80, cfg)
    recs = [
        _rec("banana", "r1", "adaboost_cg", p20, None, 0.30, wl="stump", n_iter=90),
        _rec("banana", "r2", "adaboost_cg", p20, None, 0.32, wl="stump", n_iter=95),
        _rec("banana", "r1", "adaboost_cg", p20, None, 0.12, wl="lda", n_iter=70),
        _rec("banana", "r1", "adaboost_cg", p80, None, 0.13, wl="lda", n_iter=150, converged=False),
        _rec("banana", "r11", "adaboost_cg", p20, None, 0.99, wl="stump", n_iter=1),  # not a declared run
    ]
    rows = {(r["weak_learner"], r["inv_T"]): r for r in _shen._t7_analysis(recs, "paper")}
    assert rows["stump", 20]["runs"] == "2/50" and rows["stump", 20]["test_error"] == pytest.approx(0.31)
    assert rows["stump", 20]["n_iter_max"] == 95 and rows["stump", 20]["paper_test_error"] == 0.298
    assert rows["lda", 20]["runs"] == "1/50" and rows["lda", 20]["test_error"] == pytest.approx(0.12)
    assert rows["lda", 80]["converged"] == "0/1" and rows["lda", 80]["paper_train_error"] == 0.0
    assert rows["stump", 40]["runs"] == "0/50" and rows["stump", 40]["test_error"] is None
    assert rows["stump", 40]["n_iter_max"] is None
