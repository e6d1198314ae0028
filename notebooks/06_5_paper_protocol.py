# ---
# jupyter:
#   jupytext:
#     formats: ipynb,py:percent
#     notebook_metadata_filter: kernelspec,jupytext
#     text_representation:
#       extension: .py
#       format_name: percent
#       format_version: '1.3'
#       jupytext_version: 1.19.6
#   kernelspec:
#     display_name: Python 3
#     language: python
#     name: python3
# ---

# %% [markdown]
# (ch-shen-protocol)=
# # The experiments at the paper's protocol: Tables II to VI and VIII
#
# {ref}`ch-shen-real` re-runs one split each. The tables of {cite:t}`shen2010`, §4, are declared as
# studies (`refboost-repro --list`): `shen_tables` (Tables II and IV), `shen_table3` (Table III),
# `shen_table6` (Table VI) and `shen_table58` (Tables V and VIII), each a grid of cells (data set ×
# seeded 70/15/15 split × booster × parameter) run by `refboost-repro STUDY --scale paper` and stored
# in `data/results/STUDY/paper/`. This page reads those stores and tests the paper's claims on them.
# The splits are ours (seeded by data set and split number; the paper does not give its own), shared
# by all the studies, so Table III's QP and Table II's QP see the same training parts.
# liver-disorders is not in the data catalogue.
#
# **What ran.** Tables II and III: all ten splits of all 13 (Table III: 7) data sets; Tables IV, V, VI
# and VIII: all five. A split counts only when every setting of its validation grid is stored; each
# store's `provenance.json` records every run (command, cells, wall and CPU time).
#
# **The band for the printed numbers, fixed before the comparison.** The paper reports the mean and
# standard deviation $s_p$ over its $n_p$ runs (10 for Tables II and III, 5 for the others); ours
# are over $n_o$ splits with standard deviation $s_o$. A mean is *within the band* when
# $|\text{ours}-\text{paper}|\le2\sqrt{s_p^2/n_p+s_o^2/n_o}$, two standard errors of the difference
# of two independent means. A table is "reproduced" when every mean is within the band,
# "partly reproduced" otherwise (the cells outside are named). (Earlier versions of this chapter
# counted means within two of the paper's per-run standard deviations, a band $\sqrt{n}$ times wider;
# that count is still asserted and shown.)
#
# **Statistics.** A cell's record holds its error rates, not its per-example predictions.
# Comparisons between two boosters over the stored splits use the paired $t$-test over splits
# (`scipy.stats.ttest_rel`, two-sided, $\alpha=0.05$), per data set. The paper's own test is
# McNemar's (§4.2, $\chi^2_{1,0.95}=3.841459$) on per-example predictions; we compute it
# (continuity-corrected statistic, and the exact binomial $p$ as a second path) by re-running the
# stored cells of the bundled data sets (australian, breast-cancer), after checking that each
# re-run reproduces its stored test error exactly. With five to ten splits a paired test has modest
# power: "not separated" means no evidence of a difference on these splits.

# %% tags=["hide-input"]
import numpy as np
import pandas as pd
from scipy import stats

import refboost as rb
from refboost import book, claims, studies
from refboost.studies import shen  # the tables' cell selections and McNemar's test

book.setup()
# claims: none (plumbing; rerun() checks that a re-run is the stored cell)
ALPHA = 0.05
PAPER = studies.paper_numbers()


def paper_records(name):
    """The stored records of a study at the paper's scale (None without a store)."""
    path = studies.default_store(name, "paper")
    if not any((path / f).exists() for f in ("cells.parquet", "cells.sqlite")):
        return None
    with studies.Store(path) as sto:
        return sto.records()


def paired(a, b):
    """Paired t-test over the common splits of two {split: record} maps: (mean a - b, p, n).

    Fewer than 3 common splits: not tested (p = 1). Equal errors on every split: p = 1.
    Differences equal and non-zero on every split (zero variance): p = 0.
    """
    common = sorted(set(a) & set(b))
    da = np.array([a[s]["test_error"] for s in common])
    db = np.array([b[s]["test_error"] for s in common])
    if len(common) < 3 or np.allclose(da, db):
        return float(np.mean(da - db)) if common else np.nan, 1.0, len(common)
    if np.ptp(da - db) == 0:
        return float(np.mean(da - db)), 0.0, len(common)
    return float(np.mean(da - db)), float(stats.ttest_rel(da, db).pvalue), len(common)


def mean_err(runs, f="test_error"):
    return float(np.mean([r[f] for r in runs.values()]))


def band(runs, paper, n_paper):
    """(our mean, within the band, within 2 paper std (at least 0.005)) for a printed
    (mean, std) over n_paper runs."""
    x = np.array([r["test_error"] for r in runs.values()])
    mp, sp = paper
    se = np.sqrt(sp**2 / n_paper + x.std(ddof=1) ** 2 / len(x))
    d = abs(x.mean() - mp)
    return float(x.mean()), bool(d <= 2 * se + 1e-12), bool(d <= 2 * max(sp, 0.005))


def rerun(d, s, booster, record, oracle_cls=rb.StumpOracle):
    """Re-run a stored cell on its split; the test predictions (the record must agree)."""
    sp = studies.load_split(d, f"70/15/15:s{s}")
    o = oracle_cls(sp["X"], sp["y"])
    r_ = booster(o, **shen.cell_params(record))
    pred = np.where(o.predict(r_.hypotheses, r_.weights, sp["X_test"]) >= 0, 1.0, -1.0)
    assert np.mean(pred != sp["y_test"]) == record["test_error"]  # the stored cell
    return pred, sp["y_test"]


# %% [markdown]
# ## 1 Table II: AdaBoost against AdaBoost-QP
#
# AdaBoost for 1500 rounds and AdaBoost-QP (41) over its stumps, $T$ chosen on the validation part
# from $\{1/10,\dots,1/500\}$, ten splits. The paper: AdaBoost-QP has the larger mean margin and
# AdaBoost the larger minimum margin on every data set, and QP's test error is lower on 9 of 14.

# %% tags=["hide-input"]
rec_t = paper_records("shen_tables")
t2 = shen.shen_table2_choices(rec_t, "paper")
pap2 = PAPER["shen_tables"]["table_ii"]["values"]
sets2 = [d for d in shen.SHEN_PAPER_SETS if t2[d, "adaboost"] and t2[d, "adaboost_qp"]]
tab2 = {}
for d in sets2:
    ab, qp = t2[d, "adaboost"], t2[d, "adaboost_qp"]
    common = set(ab) & set(qp)
    m = {
        k: {f: mean_err(v, f) for f in ("test_error", "margin_min", "margin_mean")}
        for k, v in (("ab", ab), ("qp", qp))
    }
    diff, p, n = paired(ab, qp)
    tab2[d] = dict(m=m, p=p, n=n, diff=diff)
    tab2[d]["min_split"] = all(
        ab[s]["margin_min"] > qp[s]["margin_min"] for s in common
    )
    tab2[d]["mean_split"] = all(
        qp[s]["margin_mean"] > ab[s]["margin_mean"] for s in common
    )
    for k, b in (("ab", "adaboost"), ("qp", "adaboost_qp")):
        tab2[d][k + "_band"] = band(t2[d, b], pap2[d][b]["test_error"], 10)
# agreement with the printed numbers: our mean test error within two of the paper's std
near2 = {
    b: [
        d
        for d in sets2
        if abs(tab2[d]["m"][k]["test_error"] - pap2[d][b]["test_error"][0])
        <= 2 * pap2[d][b]["test_error"][1]
    ]
    for k, b in (("ab", "adaboost"), ("qp", "adaboost_qp"))
}
outside2 = [
    f"{d} ({name})"
    for d in sets2
    for k, name in (("ab", "AdaBoost"), ("qp", "QP"))
    if not tab2[d][k + "_band"][1]
]
min_ok = [
    d
    for d in sets2
    if tab2[d]["m"]["ab"]["margin_min"] > tab2[d]["m"]["qp"]["margin_min"]
]
mean_ok = [
    d
    for d in sets2
    if tab2[d]["m"]["qp"]["margin_mean"] > tab2[d]["m"]["ab"]["margin_mean"]
]
sig2 = [d for d in sets2 if tab2[d]["p"] < ALPHA]
qp_better = [d for d in sets2 if tab2[d]["diff"] > 0]

# %% tags=["hide-input"]
book.table(
    pd.DataFrame(
        [
            (
                d,
                tab2[d]["n"],
                tab2[d]["m"]["ab"]["test_error"],
                pap2[d]["adaboost"]["test_error"][0],
                tab2[d]["m"]["qp"]["test_error"],
                pap2[d]["adaboost_qp"]["test_error"][0],
                tab2[d]["p"],
                "reproduced"
                if tab2[d]["ab_band"][1] and tab2[d]["qp_band"][1]
                else "partly reproduced",
            )
            for d in sets2
        ],
        columns=[
            "data set",
            "splits",
            "AB ours",
            "AB paper",
            "QP ours",
            "QP paper",
            "paired p",
            "verdict",
        ],
    ),
    caption="Table II, test error (mean over ten splits): AdaBoost (AB) and AdaBoost-QP (QP), "
    "ours and the paper's; paired p: paired t-test of AB against QP over our splits. Verdict: "
    "both means within the band (reproduced) or not.",
    formats="{:.3f}",
)

# %% tags=["hide-input"]
mm = pd.DataFrame(
    [
        (
            d,
            *(
                tab2[d]["m"][k][f]
                for f in ("margin_min", "margin_mean")
                for k in ("ab", "qp")
            ),
        )
        for d in sets2
    ],
    columns=["data set", "min AB", "min QP", "mean AB", "mean QP"],
)
mm_p = pd.DataFrame(
    [
        (
            d,
            *(
                pap2[d][b][f][0]
                for f in ("margin_min", "margin_mean")
                for b in ("adaboost", "adaboost_qp")
            ),
        )
        for d in sets2
    ],
    columns=["data set", "min AB", "min QP", "mean AB", "mean QP"],
)
book.table(
    mm.merge(mm_p, on="data set", suffixes=(" ours", " paper"))[
        ["data set", "min AB ours", "min AB paper", "min QP ours", "min QP paper"]
    ],
    caption="Table II, minimum normalised margin (mean over splits), ours and the paper's: "
    "AdaBoost's is the larger on every data set's mean.",
    formats="{:.4f}",
)

# %% tags=["hide-input"]
book.table(
    mm.merge(mm_p, on="data set", suffixes=(" ours", " paper"))[
        ["data set", "mean AB ours", "mean AB paper", "mean QP ours", "mean QP paper"]
    ],
    caption="Table II, mean normalised margin (mean over splits), ours and the paper's: "
    "AdaBoost-QP's is the larger on every data set's mean.",
    formats="{:.4f}",
)

# %%
assert min_ok == sets2  # AdaBoost's minimum margin the larger on every set's mean
assert not [d for d in sets2 if d not in mean_ok]  # QP's mean margin the larger
min_fail_split = [
    d for d in sets2 if not tab2[d]["min_split"]
]  # ... not split by split
mean_fail_split = [d for d in sets2 if not tab2[d]["mean_split"]]
# test error: QP lower on most data sets; the paired t-test separates the two
# more often in QP's favour than in AdaBoost's
sig2_qp = [d for d in sig2 if tab2[d]["diff"] > 0]
sig2_ab = [d for d in sig2 if tab2[d]["diff"] < 0]
paper_ab_lower = [
    d
    for d in sets2
    if pap2[d]["adaboost"]["test_error"][0] < pap2[d]["adaboost_qp"]["test_error"][0]
]
assert 2 * len(qp_better) > len(sets2) and len(sig2_qp) > len(sig2_ab)
# most within 2 paper std
assert all(2 * len(v) > len(sets2) for v in near2.values())
# the band: 20 of the 26 means inside; outside, ours is the lower error
assert len(outside2) == 6
assert all(
    tab2[d]["m"][k]["test_error"] < pap2[d][b]["test_error"][0]
    for d in sets2
    for k, b in (("ab", "adaboost"), ("qp", "adaboost_qp"))
    if not tab2[d][k + "_band"][1]
)

# %% tags=["remove-input"]
book.glue("shen-t2-sig-ab", ", ".join(sig2_ab))
claims.check(
    "Shen-Li Table II",
    status="partly reproduced",
    on="13 LIBSVM sets, all 10 seeded 70/15/15 splits each (store shen_tables), T chosen on "
    "validation as in the paper",
    margin="test-error means within 2 standard errors of the difference, "
    "2 sqrt(s_p^2/10 + s_o^2/10); the margin orderings on every data set's mean",
    note="both orderings hold on every set's mean (not on every split: minimum on "
    "german.numer, mean on 10 sets); 20 of 26 test-error means within the band, ours lower "
    "outside it (ionosphere, splice, svmguide1 QP, w1a AdaBoost); QP's test error lower on "
    "7/13, significantly (paired t-test, p < 0.05) on australian, breast-cancer, heart and "
    "splice; in AdaBoost's favour on mushrooms (as in the paper) and w1a",
    paper="QP larger mean margin, AB larger minimum margin, QP lower error on 9/14",
    ours=f"orderings on {len(min_ok)}/{len(sets2)} and {len(mean_ok)}/{len(sets2)}; QP lower "
    f"on {len(qp_better)}/{len(sets2)}; outside the band: {', '.join(outside2)}",
)

# %% [markdown]
# Both margin orderings hold on every data set's mean, not split by split (the minimum-margin
# ordering fails on some split of {glue:text}`shen-t2-minfail`, the mean-margin ordering on some
# split of {glue:text}`shen-t2-meanfail-n` data sets). QP's test error is the lower one on most data
# sets; the paired $t$-test separates the two in AdaBoost's favour on
# {glue:text}`shen-t2-sig-ab`.

# %% tags=["remove-input"]
book.glue("shen-t2-minfail", ", ".join(min_fail_split) or "none")
book.glue("shen-t2-meanfail-n", f"{len(mean_fail_split)}")

# %% [markdown]
# ## 2 Table IV: AdaBoost against AdaBoost-CG
#
# AdaBoost and AdaBoost-CG ($T=1/\|\boldsymbol w\|_1$ of 1000 AdaBoost rounds,
# $\varepsilon=10^{-5}$) after 100, 500 and 1000 iterations, five splits. The paper: the test errors
# do not differ significantly, and CG's training error is "consistently better or no worse".

# %% tags=["hide-input"]
t4 = shen.shen_table4_runs(rec_t, "paper")
pap4 = PAPER["shen_tables"]["table_iv"]["values"]
CHECK = (100, 500, 1000)
sets4 = [
    d
    for d in shen.SHEN_PAPER_SETS
    if all(t4[d, b, c] for b in ("adaboost", "adaboost_cg") for c in CHECK)
]
tab4 = {}
for d in sets4:
    tab4[d] = {}
    for c in CHECK:
        ab, cg = t4[d, "adaboost", c], t4[d, "adaboost_cg", c]
        row = dict(zip(("diff", "p", "n"), paired(ab, cg), strict=True))
        for k, v in (("ab", ab), ("cg", cg)):
            row[k] = mean_err(v)
            row[k + "_train"] = mean_err(v, "train_error")
            row[k + "_band"] = band(
                v, pap4[d][{"ab": "adaboost", "cg": "adaboost_cg"}[k]][str(c)], 5
            )
        tab4[d][c] = row
near4 = [
    (d, b)
    for d in sets4
    for b, k in (("adaboost", "ab"), ("adaboost_cg", "cg"))
    if abs(tab4[d][1000][k] - pap4[d][b]["1000"][0])
    <= 2 * max(pap4[d][b]["1000"][1], 0.005)
]
in4 = sum(
    tab4[d][c][k + "_band"][1] for d in sets4 for c in CHECK for k in ("ab", "cg")
)
sig4 = sorted({(d, c) for d in sets4 for c in CHECK if tab4[d][c]["p"] < ALPHA})
train_worse = [
    (d, c)
    for d in sets4
    for c in CHECK
    if tab4[d][c]["cg_train"] > tab4[d][c]["ab_train"] + 1e-12
]

# %% tags=["hide-input"]
book.table(
    pd.DataFrame(
        [
            (
                d,
                tab4[d][1000]["ab"],
                pap4[d]["adaboost"]["1000"][0],
                tab4[d][1000]["cg"],
                pap4[d]["adaboost_cg"]["1000"][0],
                *(tab4[d][c]["p"] for c in CHECK),
            )
            for d in sets4
        ],
        columns=["data set", "AB ours", "AB paper", "CG ours", "CG paper"]
        + [f"p @ {c}" for c in CHECK],
    ),
    caption="Table IV, test error at 1000 iterations (mean over five splits), AdaBoost (AB) "
    "and AdaBoost-CG (CG), ours and the paper's; p @ k: paired t-test of AB against CG after k "
    "iterations.",
    formats="{:.3f}",
)

# %% [markdown]
# McNemar on per-example predictions (the paper's test): the stored Table IV cells at 1000
# iterations of the two bundled data sets are re-run, each re-run must give its stored test error
# exactly, and AdaBoost and AdaBoost-CG are then compared on the same test examples.

# %% tags=["hide-input"]
mcn = {}
for d in ("australian", "breast-cancer"):
    for s in sorted(set(t4[d, "adaboost", 1000]) & set(t4[d, "adaboost_cg", 1000])):
        sp = studies.load_split(d, f"70/15/15:s{s}")
        o = rb.StumpOracle(sp["X"], sp["y"])
        ab_ = rb.adaboost(o, max_iter=1000, store_d=False)
        T_ = 1 / float(ab_.extra["norm"])  # T from AdaBoost's 1000 rounds, as stored
        cg_ = rb.adaboost_cg(o, T=T_, eps=shen.SHEN_EPS, max_iter=1000)
        preds = []
        for b, r_ in (("adaboost", ab_), ("adaboost_cg", cg_)):
            scores = o.predict(r_.hypotheses, r_.weights, sp["X_test"])
            preds.append(np.where(scores >= 0, 1.0, -1.0))
            # the re-run is the stored cell
            assert np.mean(preds[-1] != sp["y_test"]) == t4[d, b, 1000][s]["test_error"]
        mcn[d, s] = shen.mcnemar(*preds, sp["y_test"])
        assert mcn[d, s]["significant"] == (mcn[d, s]["chi2"] > shen.MCNEMAR_CHI2_95)
mcn_sig = [k for k, v in mcn.items() if v["significant"]]
assert not mcn_sig and len(mcn) >= 6  # McNemar never rejects on the re-run splits
assert len(sig4) <= 0.2 * 3 * len(sets4)  # the paired t-test separates only a few pairs
assert train_worse  # "CG's training error is consistently no worse": counterexamples

# %% tags=["remove-input"]
book.glue("shen-mcn-max", f"{max(v['chi2'] for v in mcn.values()):.2f}")
book.glue("shen-mcn-n", f"{len(mcn)}")
claims.check(
    "Shen-Li Table IV",
    status="partly reproduced",
    on="13 LIBSVM sets, all 5 seeded splits each (store shen_tables); McNemar on 10 re-run "
    "australian and breast-cancer splits (each reproduces its stored test error exactly)",
    margin="test-error means within 2 standard errors of the difference, "
    "2 sqrt(s_p^2/5 + s_o^2/5)",
    note="McNemar chi2 <= 3.841459 on every re-run split; the paired t-test over splits "
    "separates 5 of 39 data set x checkpoint pairs (AdaBoost lower on breast-cancer at "
    "100/500/1000 and heart at 100, CG lower on fourclass at 1000); CG's training error above "
    "AdaBoost's on german.numer at 1000",
    paper="no significant difference; CG's training error no worse",
    ours=f"{in4} of {6 * len(sets4)} means within the band; McNemar rejects on "
    f"{len(mcn_sig)} of {len(mcn)}; CG's training error above AdaBoost's at "
    + ", ".join(f"{d} @ {c}" for d, c in train_worse),
)

# %% [markdown]
# McNemar's test never rejects on the {glue:text}`shen-mcn-n` re-run splits (largest
# $\chi^2$ = {glue:text}`shen-mcn-max`), as the paper reports; the paired $t$-test over splits
# separates a few data set and checkpoint pairs, in both directions, and CG's training error is
# *not* "consistently better or no worse" (counterexamples in the verdict).
#
# ## 3 Table III: AdaBoost-QP over all decision stumps
#
# AdaBoost-QP over **all** decision stumps of the training part (`refboost.adaboost_qp` without a
# pool takes every key of the `StumpOracle`), $T$ chosen on validation, on the same splits as Table
# II. The paper: slightly better than Table II's QP over AdaBoost's 1500 stumps in most cases, no
# significant difference. The paper has eight data sets; liver-disorders is not in our catalogue.

# %% tags=["hide-input"]
rec3 = paper_records("shen_table3")
t3 = shen.shen_table3_choices(rec3, "paper") if rec3 else {}
pap3 = PAPER["shen_table3"]["table_iii"]["values"]
sets3 = [d for d in t3 if t3[d] and d in sets2]
missing3 = sorted(set(pap3) - set(sets3))
tab3 = {}
for d in sets3:
    diff, p, n = paired(t3[d], t2[d, "adaboost_qp"])
    tab3[d] = dict(
        all=mean_err(t3[d]), diff=diff, p=p, n=n, band=band(t3[d], pap3[d], 10)
    )
near3 = [
    d for d in sets3 if abs(tab3[d]["all"] - pap3[d][0]) <= 2 * max(pap3[d][1], 0.005)
]
sig3 = [d for d in sets3 if tab3[d]["p"] < ALPHA]
better3 = [d for d in sets3 if tab3[d]["diff"] < 0]
outside3 = [d for d in sets3 if not tab3[d]["band"][1]]
assert missing3 == ["liver-disorders"] and len(sets3) == 7
assert all(
    tab3[d]["diff"] < 0 for d in sig3
)  # where separated, the all-stump QP is lower
# "slightly better in most cases", the means within two paper std, and the band
assert 2 * len(better3) > len(sets3) and len(near3) == len(sets3)
assert (
    outside3 == ["libsvm:splice"]
    and tab3["libsvm:splice"]["all"] < pap3["libsvm:splice"][0]
)

# %% tags=["remove-input"]
claims.check(
    "Shen-Li Table III",
    status="partly reproduced",
    on="7 of the paper's 8 LIBSVM sets, all 10 splits of each (store shen_table3)",
    margin="test-error means within 2 standard errors of the difference, "
    "2 sqrt(s_p^2/10 + s_o^2/10)",
    note="liver-disorders, the paper's eighth set, is not in the data catalogue; 6 of 7 means "
    "within the band (splice: ours lower); QP over all stumps lower than over AdaBoost's 1500 "
    "on 5/7 sets ('slightly better in most cases'), significantly (paired t-test, p < 0.05) "
    "only on mushrooms",
    paper="8 sets; slightly better than Table II's QP in most cases",
    ours=f"{len(sets3) - len(outside3)} of {len(sets3)} within the band; missing: "
    + ", ".join(missing3)
    + f"; lower than Table II's QP on {len(better3)}/{len(sets3)}",
)

# %% tags=["hide-input"]
book.table(
    pd.DataFrame(
        [
            (
                d,
                tab3[d]["all"],
                pap3[d][0],
                tab2[d]["m"]["qp"]["test_error"],
                tab3[d]["p"],
                "reproduced" if tab3[d]["band"][1] else "",
            )
            for d in sets3
        ]
        + [(d, np.nan, pap3[d][0], np.nan, np.nan, "") for d in missing3],
        columns=[
            "data set",
            "QP, all stumps (ours)",
            "QP, all stumps (paper)",
            "QP, AdaBoost's stumps (ours)",
            "paired p",
            "verdict",
        ],
    ),
    caption="Table III, test error (mean over ten splits): AdaBoost-QP over all stumps, ours "
    "and the paper's, against Table II's QP over AdaBoost's stumps (paired t-test). Verdict: "
    "within the band.",
    formats="{:.3f}",
)

# %% [markdown]
# ## 4 Table VI: LDA weak classifiers
#
# LDA weak classifiers (`refboost.LDAOracle`), AdaBoost reported as in the paper, the least **test**
# error of 100, 500 and 1000 rounds (a selection on the test part; the rounds chosen on validation
# are compared too), and AdaBoost-CG with $T$ chosen on validation from $\{1/2,\dots,1/150\}$. The
# paper: AdaBoost and AdaBoost-CG are alike (McNemar, no significant difference), and slightly better
# than with stumps for both.

# %% tags=["hide-input"]
rec6 = paper_records("shen_table6")
t6 = shen.shen_t6_choices(rec6, "paper") if rec6 else {}
t6best = shen.shen_t6_best_test(rec6, "paper") if rec6 else {}
pap6 = PAPER["shen_table6"]["table_vi"]["values"]
sets6 = [d for d in shen.SHEN_CG_SETS if t6 and t6best[d] and t6[d, "adaboost_cg"]]
tab6 = {}
for d in sets6:
    diff, p, n = paired(t6[d, "adaboost"], t6[d, "adaboost_cg"])
    tab6[d] = dict(best=mean_err(t6best[d]), val=mean_err(t6[d, "adaboost"]), p=p, n=n)
    tab6[d] |= dict(cg=mean_err(t6[d, "adaboost_cg"]))
    tab6[d] |= dict(best_band=band(t6best[d], pap6[d]["adaboost"], 5))
    tab6[d] |= dict(cg_band=band(t6[d, "adaboost_cg"], pap6[d]["adaboost_cg"], 5))
near6 = [
    (d, b)
    for d in sets6
    for b, k in (("adaboost", "best"), ("adaboost_cg", "cg"))
    if abs(tab6[d][k] - pap6[d][b][0]) <= 2 * max(pap6[d][b][1], 0.005)
]
outside6 = [
    f"{d} ({b})"
    for d in sets6
    for k, b in (("best", "AdaBoost"), ("cg", "CG"))
    if not tab6[d][k + "_band"][1]
]
mcn6 = {}
for d in [d for d in ("australian", "breast-cancer") if d in sets6]:
    for s in sorted(set(t6[d, "adaboost"]) & set(t6[d, "adaboost_cg"])):
        pa, y_te = rerun(d, s, rb.adaboost, t6[d, "adaboost"][s], rb.LDAOracle)
        pc, _ = rerun(d, s, rb.adaboost_cg, t6[d, "adaboost_cg"][s], rb.LDAOracle)
        mcn6[d, s] = shen.mcnemar(pa, pc, y_te)
mcn6_sig = [k for k, v in mcn6.items() if v["significant"]]
# "slightly better than with stumps for both": LDA's CG against the stumps' CG at 1000
# iterations (Table IV's cells) on the splits both stores hold
lda_vs_stump = {
    d: paired(t6[d, "adaboost_cg"], t4[d, "adaboost_cg", 1000]) for d in sets6
}
lda_worse = [d for d, v in lda_vs_stump.items() if v[0] > 0]
FEW = max(1, len(sets6) // 10)  # at most one comparison in ten, and at least one
sig6 = [d for d in sets6 if tab6[d]["p"] < ALPHA]
assert len(sig6) <= FEW and not mcn6_sig and len(mcn6) >= 4  # not separated
assert lda_worse  # "slightly better than with stumps" fails for CG on these sets
assert len(near6) == 2 * len(sets6)  # every mean within two of the paper's std
assert outside6 == ["diabetes (AdaBoost)"]  # the band: 15 of 16

# %% tags=["remove-input"]
claims.check(
    "Shen-Li Table VI",
    status="partly reproduced",
    on="8 LIBSVM sets, LDA weak learner, all 5 splits each (store shen_table6); McNemar on "
    "the re-run australian and breast-cancer splits (each reproduces its stored test error)",
    margin="test-error means within 2 standard errors of the difference, "
    "2 sqrt(s_p^2/5 + s_o^2/5)",
    note="15 of 16 means within the band (diabetes AdaBoost: ours lower); AdaBoost and "
    "AdaBoost-CG not separated (paired t-test over splits; McNemar on 10 re-run splits); the "
    "text's 'slightly better than with stumps' fails for CG on ionosphere, sonar and splice",
    paper="AB and CG alike; LDA slightly better than stumps",
    ours=f"within the band {2 * len(sets6) - len(outside6)}/{2 * len(sets6)}; McNemar "
    f"rejects on {len(mcn6_sig)} of {len(mcn6)}; LDA's CG worse than the stumps' on "
    + ", ".join(lda_worse),
)

# %% tags=["hide-input"]
book.table(
    pd.DataFrame(
        [
            (
                d,
                tab6[d]["best"],
                pap6[d]["adaboost"][0],
                tab6[d]["val"],
                tab6[d]["cg"],
                pap6[d]["adaboost_cg"][0],
                tab6[d]["p"],
                lda_vs_stump[d][0],
            )
            for d in sets6
        ],
        columns=[
            "data set",
            "AB best test (ours)",
            "AB (paper)",
            "AB on validation",
            "CG (ours)",
            "CG (paper)",
            "paired p",
            "CG: LDA minus stumps",
        ],
    ),
    caption="Table VI, test error (mean over five splits) with LDA weak classifiers: AdaBoost "
    "(AB; the least test error of 100/500/1000 rounds, as in the paper, and the rounds chosen "
    "on validation) and AdaBoost-CG (CG). Paired p: AB on validation against CG. Last column: "
    "LDA's CG minus the stumps' CG of Table IV (positive: LDA worse).",
    formats="{:.3f}",
)

# %% [markdown]
# ## 5 Tables V and VIII: AdaBoost-CG and LogitBoost-CG, $T$ by validation
#
# AdaBoost-CG and LogitBoost-CG with stumps, $T$ chosen on validation from
# $\{1/10,\dots,1/500\}$, five splits (store `shen_table58`). The paper: LogitBoost-CG's results are
# "very similar" to AdaBoost-CG's and neither wins on all data sets.

# %% tags=["hide-input"]
rec58 = paper_records("shen_table58")
t58 = shen.shen_t58_choices(rec58, "paper") if rec58 else {}
pap58 = PAPER["shen_table58"]
B58 = (("table_v", "adaboost_cg"), ("table_viii", "logitboost_cg"))
sets58 = [
    d
    for d in shen.SHEN_CG_SETS
    if t58 and t58[d, "adaboost_cg"] and t58[d, "logitboost_cg"]
]
tab58 = {}
for d in sets58:
    diff, p, n = paired(t58[d, "adaboost_cg"], t58[d, "logitboost_cg"])
    tab58[d] = dict(diff=diff, p=p, n=n) | {b: mean_err(t58[d, b]) for _, b in B58}
    tab58[d] |= {b + "_band": band(t58[d, b], pap58[t]["values"][d], 5) for t, b in B58}
ada_wins = [d for d in sets58 if tab58[d]["diff"] < 0]
logit_wins = [d for d in sets58 if tab58[d]["diff"] > 0]
sig58 = [d for d in sets58 if tab58[d]["p"] < ALPHA]
near58 = [
    (d, t)
    for d in sets58
    for t, b in B58
    if abs(tab58[d][b] - pap58[t]["values"][d][0])
    <= 2 * max(pap58[t]["values"][d][1], 0.005)
]
in58 = sum(tab58[d][b + "_band"][1] for d in sets58 for _, b in B58)
# "neither wins on all data sets" holds; "very similar" is weaker than the paired t-test on
# the sets of sig58 (all in LogitBoost-CG's favour), which the paper does not test
assert ada_wins and logit_wins and set(sig58) <= set(logit_wins)

# %% tags=["remove-input"]
claims.check(
    ["Shen-Li Table V", "Shen-Li Table VIII"],
    status="partly reproduced",
    on="8 LIBSVM sets, all 5 splits (store shen_table58)",
    margin="test-error means within 2 standard errors of the difference, "
    "2 sqrt(s_p^2/5 + s_o^2/5)",
    note="13 of 16 means within the band (outside, ours lower: splice in Table V, "
    "breast-cancer and ionosphere in Table VIII); neither booster wins on every set (each "
    "lower on 4); LogitBoost-CG lower by a paired t-test (p < 0.05) on fourclass and splice",
    paper="very similar; neither wins everywhere",
    ours=f"{in58} of {2 * len(sets58)} within the band; AdaBoost-CG lower on "
    f"{len(ada_wins)}, LogitBoost-CG on {len(logit_wins)}; separated on "
    + ", ".join(sig58),
)

# %% tags=["hide-input"]
book.table(
    pd.DataFrame(
        [
            (
                d,
                tab58[d]["adaboost_cg"],
                pap58["table_v"]["values"][d][0],
                tab58[d]["logitboost_cg"],
                pap58["table_viii"]["values"][d][0],
                tab58[d]["p"],
            )
            for d in sets58
        ],
        columns=[
            "data set",
            "AdaBoost-CG (ours)",
            "Table V (paper)",
            "LogitBoost-CG (ours)",
            "Table VIII (paper)",
            "paired p",
        ],
    ),
    caption="Tables V and VIII, test error (mean over five splits), ours and the paper's; "
    "paired p: paired t-test of AdaBoost-CG against LogitBoost-CG.",
    formats="{:.3f}",
)

# %% [markdown]
# **Reading the stores.** Our means sit within the band on most cells, and where they do not, our
# error is the lower one (our splits and LDA are not the paper's). What holds: on every data set's
# mean AdaBoost's minimum margin is larger than AdaBoost-QP's and QP's mean margin is the larger
# (Table II); QP's test error is the lower on most data sets; QP over all stumps is lower still on
# most sets (Table III); AdaBoost and AdaBoost-CG with LDA are not separated (Table VI); McNemar's
# test, the paper's, never rejects on the re-run australian and breast-cancer splits (Tables IV,
# VI); neither CG booster wins everywhere (Tables V, VIII). What does not: neither margin ordering
# is a split-by-split fact; in Table IV the paired $t$-test separates AdaBoost and AdaBoost-CG at a
# few data set and checkpoint pairs, both ways; CG's training error is *not* "consistently better
# or no worse"; LogitBoost-CG beats AdaBoost-CG by the paired $t$-test on two sets; and Table VI's
# remark that LDA does slightly better than stumps for both boosters fails for CG on three sets.
