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
# (ch-skewness-tables)=
# # Tables 1 and 2: test errors on the IDA benchmarks
#
# The paper's experimental claim {cite:p}`sun2006` is its Table 1 (test error, mean ± standard
# deviation over 100 realisations of 13 IDA data sets, RBF networks as base learners) and Table 2
# (marks of a 90% significance test of AdaBoost$_{KL}$ against each other algorithm), read in its
# §4 as "AdaBoost$_{KL}$ and AdaBoost$_{Norm2}$ beat AdaBoost and, except for heart,
# AdaBoost$_{Reg}$". This page checks those readings twice: on the paper's own published numbers,
# and on our rerun of the protocol with decision stumps (the study `sun_table1`). Because the
# base learner differs, every verdict on our runs is *protocol substituted*; the verdicts on the
# paper's own numbers are exact. Section 6 reruns the paper's protocol with RBF networks (the
# study `sun_rbf`) as far as it has run.

# %% tags=["hide-input"]
import json
import math

import numpy as np
import pandas as pd
from scipy import stats

import refboost as rb
from refboost import book, claims, studies
from refboost.studies import sun

book.setup()
PAPER = studies.paper_numbers()["sun_table1"]
P1 = PAPER["table1"]
T1_LABELS = ("AB", "AB_R", "AB_KL", "AB_N2")
BOOSTER_OF = {
    "AB": "adaboost",
    "AB_R": "adaboost_reg",
    "AB_KL": "adaboost_kl",
    "AB_N2": "adaboost_norm2",
}
t1_rows = studies.analyse("sun_table1", "paper")
prov = json.loads(
    (studies.default_store("sun_table1", "paper") / "provenance.json").read_text()
)
with studies.Store(studies.default_store("sun_table1", "paper")) as sto:
    t1_recs = sto.records()
t1 = {(r["dataset"], r["label"]): r for r in t1_rows if r["table"] == "1"}
t2 = {(r["dataset"], r["label"]): r for r in t1_rows if r["table"] == "2"}
T1_SETS = [
    d
    for d in dict.fromkeys(r["dataset"] for r in t1_rows)
    if t1[d, "AB_KL"]["realisations"] == "10/10"
]


def test_errors(dataset, label):
    """Per-realisation test errors at the chosen beta, read from the stored records."""
    b, beta = BOOSTER_OF[label], t1[dataset, label]["beta"]
    got = sorted(
        (int(r["split"][1:]), r["test_error"])
        for r in t1_recs
        if r["dataset"] == dataset
        and r["booster"] == b
        and "/" not in r["split"]
        and json.loads(r["params"]).get("beta") == beta
    )
    assert [i for i, _ in got] == list(range(1, 11))
    return np.array([e for _, e in got])


E = {(d, lab): test_errors(d, lab) for d in T1_SETS for lab in T1_LABELS}
SEEDED = [d for d in T1_SETS if t1[d, "AB"]["partition"] == "seeded"]


def shown(d):
    return d + (" †" if d in SEEDED else "")


def paired(a, b):
    """scipy's paired t of a - b; a constant difference gives +-inf or 0."""
    diff = a - b
    if np.ptp(diff) <= 1e-12:
        return (
            0.0 if abs(diff.mean()) <= 1e-12 else math.copysign(math.inf, diff.mean())
        )
    return float(stats.ttest_rel(a, b).statistic)


CRIT = float(stats.t.ppf(0.95, 9))


def verdict(t, crit):
    return "+" if t > crit else ("-" if t < -crit else "0")


book.glue("sun-t1-cells", len(t1_recs))
book.glue("sun-t1-cpu", sum(r["cpu_time_cells"] for r in prov["runs"]) / 60)
# claims: none (setup: every stored cell has its 10 realisations)


# %% [markdown]
# ## 1. Protocol
#
# The IDA protocol of {cite:t}`ratsch2001`, which the paper says it follows, is declared as the
# study `sun_table1` (`refboost-repro sun_table1 --scale paper`; {glue:text}`sun-t1-cells` stored
# cells, one per (CV fold, grid value) and per (realisation, grid value), about
# {glue:text}`sun-t1-cpu:.0f` CPU minutes; the selection is done by the study's analysis):
# $T=200$; the $\beta$ of AdaBoost$_{Reg}$, AdaBoost$_{KL}$ and AdaBoost$_{Norm2}$ chosen by
# stratified 5-fold cross-validation on the training part of each of realisations 1-5 (least mean
# validation error, ties to the smaller value), the median of the five choices used on every
# realisation; test error mean ± standard deviation over the realisations. The grids are stated
# in scale-free form $c$: KL $\beta=c\in\{0.02,0.05,0.1,0.2,0.5\}$; Norm2 $\beta=c\sqrt N$,
# $c\in\{0.05,0.1,0.2,0.4,0.8\}$ (the collapse threshold is $O(\sqrt N)$); Reg $\beta=cN$,
# $c\in\{0.01,0.03,0.1,0.3,0.6\}$ (its mistrust $\beta d_n$ is $O(\beta/N)$), with $N$ the IDA
# training size. The Reg grid stays below $c\approx1$: after AdaBoost's first step the
# misclassified samples carry $d_n=1/(2\epsilon_1N)$, so $\tilde z_{n2}=-1+c/(2\epsilon_1)\ge0$ on
# them once $c\ge2\epsilon_1$ and the second line search is unbounded (the run stops with one
# stump).
#
# **What differs from the paper**, so the absolute numbers are *not* expected to match:
# * the base learner is the exhaustive decision stump (`rb.StumpOracle`), not an RBF network;
# * 10 realisations (the paper: 100, 20 for image and splice);
# * 12 of the 13 data sets (diabetis is not in the catalogue);
# * **flare_solar, splice, thyroid and twonorm** (marked †) exist in the catalogue only as full
#   pattern sets, so their realisations 1-10 are refboost's own seeded random partitions with the
#   IDA sizes (`rb.datasets.mat_realisation`: 666/400, 1000/2175, 140/75 and 400/7000
#   training/test points), not the original IDA splits; the other eight use the IDA split files.
#
# The AB and AB$_R$ columns of the paper's Table 1 are those of {cite:t}`ratsch2001`; ours are
# rerun.

# %% tags=["hide-input"]
# the seeded partitions: the analysis' partition column against the data module's list,
# every test record's part sizes against the IDA sizes (not the whole set)
assert set(SEEDED) == set(rb.datasets.IDA_MAT_SIZES)
for d in SEEDED:
    sizes = {
        (r["n_train"], r["n_test"])
        for r in t1_recs
        if r["dataset"] == d and "/" not in r["split"]
    }
    assert sizes == {rb.datasets.IDA_MAT_SIZES[d][:2]}
assert all(t1[d, "AB"]["partition"] == "IDA" for d in T1_SETS if d not in SEEDED)
for d in T1_SETS:  # the two paths agree: the analysis' means and the records read here
    for k in T1_LABELS:
        assert abs(t1[d, k]["test_error"] - E[d, k].mean()) < 1e-12
        assert (
            t1[d, k]["c"] is None
            or t1[d, k]["choices"].count(f"{t1[d, k]['c']:g}") >= 1
        )
assert len(T1_SETS) == 12  # the whole stored grid: 8 IDA sets and the 4 seeded ones
# claims: none (the two paths to the study's numbers agree)

# %% [markdown]
# ## 2. Table 1
#
# Our test errors with stumps (first table) and the paper's with RBF networks (second table),
# side by side in the same layout. AB = AdaBoost, AB$_R$ = AdaBoost$_{Reg}$, AB$_{KL}$ =
# AdaBoost$_{KL}$, AB$_{N2}$ = AdaBoost$_{Norm2}$.


# %% tags=["hide-input"]
def pm(m, s):
    return f"{m:.1f} ± {s:.1f}"


ours_t1 = pd.DataFrame(
    [
        {"data set": shown(d)}
        | {k: pm(100 * E[d, k].mean(), 100 * E[d, k].std(ddof=1)) for k in T1_LABELS}
        | {
            "chosen c (R / KL / N2)": " / ".join(
                f"{t1[d, k]['c']:g}" for k in T1_LABELS[1:]
            )
        }
        for d in T1_SETS
    ]
)
book.table(
    ours_t1,
    caption="Table 1, ours: test error in % (mean ± standard deviation over 10 realisations), "
    "decision stumps, T = 200; the last column gives the cross-validated grid value c of "
    "AB_R, AB_KL and AB_N2 (the median of the five CV choices). † refboost's seeded "
    "partitions with the IDA sizes.",
)

# %% tags=["hide-input"]
paper_t1 = pd.DataFrame(
    [{"data set": d} | {k: pm(*P1[d][k]) for k in ("RBF", *T1_LABELS)} for d in P1]
)
book.table(
    paper_t1,
    caption="Table 1, the paper's: test error in % (mean ± standard deviation over 100 "
    "realisations, 20 for image and splice), RBF networks as base learners; RBF = a single "
    "RBF network. 13 data sets (diabetis is not rerun here).",
)

# %% [markdown]
# **What the tables show.** With decision stumps the absolute errors are the paper's only where
# an additive stump model is not the bottleneck: on breast_cancer, german, heart, image, titanic
# and flare_solar ours are within about 3 points of the paper's (on splice, whose 60 nucleotide
# positions stumps split one at a time, ours are even lower), while on banana (an additive stump
# model cannot follow its curved boundary), ringnorm, waveform, twonorm (an oblique optimal
# boundary) and thyroid all four stump ensembles stay above the paper's RBF-net errors after 200
# rounds. On image, ringnorm, thyroid and twonorm the median CV choice of all three regularised
# boosters is its grid's smallest value, so the grid's lower end binds there (a grid reaching
# $\beta=0$, i.e. AdaBoost, would be the fairer protocol; we report the declared grid as run).

# %%
at_floor = [
    d
    for d in T1_SETS
    if (t1[d, "AB_R"]["c"], t1[d, "AB_KL"]["c"], t1[d, "AB_N2"]["c"])
    == (0.01, 0.02, 0.05)
]
assert at_floor == ["image", "ringnorm", "thyroid", "twonorm"]
# claims: none (where the CV grid binds: a property of our protocol)

# %% [markdown]
# ## 3. Which differences are significant: 60 paired tests, corrected
#
# The paper does not name its test. On our 10 realisations per data set the natural test is the
# per-realisation paired $t$-test (two-sided, 90%: $|t|>t_{0.95,9}=1.83$). The readings below need
# 60 of them: AB$_{KL}$ and AB$_{N2}$ each against AB and AB$_R$, and AB$_R$ against AB, on 12
# data sets. At $\alpha=0.10$ about six of 60 would be marked by chance alone, so the marks are
# corrected for multiple testing: the **Benjamini–Hochberg** procedure at false-discovery rate
# $q=0.10$ over the family of 60 two-sided $p$-values (`scipy.stats.false_discovery_control`).
# A booster "beats" another on a data set when its mean error is lower and the test survives the
# correction; `+` = the first booster significantly better, `-` significantly worse. For
# comparison, the uncorrected marks (what the study's analysis reports) and the stricter Holm
# correction (family-wise error 0.10) are counted too. The paired $t$ of the analysis is
# recomputed here from the stored records with `scipy.stats.ttest_rel`.

# %% tags=["hide-input"]
FAMILY = [
    ("AB_KL", "AB"),
    ("AB_KL", "AB_R"),
    ("AB_N2", "AB"),
    ("AB_N2", "AB_R"),
    ("AB_R", "AB"),
]
tests = []
for a, b in FAMILY:
    for d in T1_SETS:
        t = paired(E[d, b], E[d, a])  # > 0: a has the lower errors
        p = 0.0 if math.isinf(t) else float(2 * stats.t.sf(abs(t), 9))
        tests.append(dict(a=a, b=b, d=d, t=t, p=p, raw=verdict(t, CRIT)))
tests = pd.DataFrame(tests)
tests["q_bh"] = stats.false_discovery_control(tests["p"].to_numpy())
order = np.argsort(tests["p"].to_numpy())
holm_adj = np.maximum.accumulate(
    (len(tests) - np.arange(len(tests))) * tests["p"].to_numpy()[order]
)
tests["p_holm"] = 0.0
tests.loc[tests.index[order], "p_holm"] = np.minimum(1.0, holm_adj)
tests["bh"] = np.where(tests["q_bh"] <= 0.10, tests["raw"], "0")
n_raw, n_bh = int((tests["raw"] != "0").sum()), int((tests["bh"] != "0").sum())
n_holm = int(((tests["p_holm"] <= 0.10) & (tests["raw"] != "0")).sum())
sig = {
    (a, b): dict(zip(g["d"], g["bh"], strict=True))
    for (a, b), g in tests.groupby(["a", "b"])
}
sig_raw = {
    (a, b): dict(zip(g["d"], g["raw"], strict=True))
    for (a, b), g in tests.groupby(["a", "b"])
}
book.glue("sun-n-raw", n_raw)
book.glue("sun-n-bh", n_bh)
book.glue("sun-n-holm", n_holm)


def cell(g, d):
    r = g[g["d"] == d].iloc[0]
    t = "∞" if math.isinf(r["t"]) else f"{r['t']:+.2f}"
    return f"{r['bh']}  (t {t}, q {r['q_bh']:.3f})"


book.table(
    pd.DataFrame(
        [
            {"data set": shown(d)}
            | {
                f"{a} vs {b}": cell(tests[(tests.a == a) & (tests.b == b)], d)
                for a, b in FAMILY
            }
            for d in T1_SETS
        ]
    ),
    caption="The 60 paired tests on our runs: the mark after the Benjamini-Hochberg correction "
    "(+ = the first booster significantly better, - = worse, 0 = not separated), the paired t "
    "(9 degrees of freedom) and the BH-adjusted p-value q (significant when q <= 0.10).",
)

# %% [markdown]
# Of the 60 tests, {glue:text}`sun-n-raw` are marked at the uncorrected 90% level,
# {glue:text}`sun-n-bh` survive Benjamini–Hochberg and {glue:text}`sun-n-holm` survive Holm.
# The uncorrected marks are asserted first (they are what the study's analysis stores), then the
# corrected ones on which the verdicts rest.

# %% tags=["hide-input"]
# the uncorrected marks agree with the study's analysis, and are what it reported before
for d in T1_SETS:
    for k in ("AB", "AB_R", "AB_N2"):
        row = t2[d, f"AB_KL vs {k}"]
        t_p = paired(E[d, k], E[d, "AB_KL"])
        assert (math.isinf(t_p) and t_p == row["test_t_paired"]) or abs(
            t_p - row["test_t_paired"]
        ) < 1e-9
        assert verdict(t_p, CRIT) == row["test_mark_paired"]
# claims: none (the analysis' marks and scipy's agree: two paths)


# %% [markdown]
# **On our runs** the paper's reading "AB$_{KL}$ and AB$_{N2}$ beat AdaBoost and, except for
# heart, AdaBoost$_{Reg}$" holds after correction only on waveform, flare_solar and splice
# against AdaBoost; against AdaBoost$_{Reg}$ AB$_{KL}$ wins nowhere and AB$_{N2}$ only on
# waveform; and on ringnorm both regularised boosters are significantly *worse* than AdaBoost.
# With stumps, 10 realisations and four seeded partitions this does not refute the paper's
# RBF-network results: the verdict is *protocol substituted*. The paper's own Table 1 is checked
# in section 5.

# %%
# the corrected marks (Benjamini-Hochberg, q = 0.10, family of 60)
plus = {k: [d for d in T1_SETS if v[d] == "+"] for k, v in sig.items()}
minus = {k: [d for d in T1_SETS if v[d] == "-"] for k, v in sig.items()}
assert plus["AB_KL", "AB"] == ["waveform", "flare_solar", "splice", "twonorm"]
assert plus["AB_N2", "AB"] == ["german", "waveform", "flare_solar", "splice"]
assert minus["AB_KL", "AB"] == ["ringnorm"] and minus["AB_N2", "AB"] == [
    "image",
    "ringnorm",
]
assert plus["AB_KL", "AB_R"] == [] and minus["AB_KL", "AB_R"] == [
    "ringnorm",
    "titanic",
    "flare_solar",
]
assert plus["AB_N2", "AB_R"] == ["waveform"] and minus["AB_N2", "AB_R"] == [
    "image",
    "ringnorm",
]
assert plus["AB_R", "AB"] == ["titanic", "waveform", "flare_solar", "splice"]
both_beat_ab = [d for d in plus["AB_KL", "AB"] if d in plus["AB_N2", "AB"]]
both_worse_ab = [d for d in minus["AB_KL", "AB"] if d in minus["AB_N2", "AB"]]
assert both_beat_ab == ["waveform", "flare_solar", "splice"] and both_worse_ab == [
    "ringnorm"
]
# the uncorrected marks, as the study's analysis reported them
raw_both_beat_ab = [
    d for d in T1_SETS if sig_raw["AB_KL", "AB"][d] == sig_raw["AB_N2", "AB"][d] == "+"
]
assert raw_both_beat_ab == [
    "breast_cancer",
    "heart",
    "waveform",
    "flare_solar",
    "splice",
]
assert [
    d for d in T1_SETS if sig_raw["AB_KL", "AB"][d] == sig_raw["AB_N2", "AB"][d] == "-"
] == ["ringnorm"]
assert [
    d
    for d in T1_SETS
    if sig_raw["AB_KL", "AB_R"][d] == sig_raw["AB_N2", "AB_R"][d] == "-"
] == [
    "ringnorm",
    "flare_solar",
]
assert n_raw == 30 and n_bh == 21 and n_holm == 6

# %% tags=["remove-input"]
claims.check(
    "Sun Table 1",
    status="protocol substituted",
    on="12 data sets, 10 realisations each, T = 200, IDA protocol (study sun_table1); 60 paired "
    "t-tests at 90%, Benjamini-Hochberg correction (q = 0.10)",
    differs="decision stumps instead of RBF networks; 10 realisations instead of 100 (20); "
    "flare_solar, splice, thyroid, twonorm on refboost's seeded partitions; diabetis not run",
    note="after correction AB_KL and AB_N2 both beat AdaBoost on waveform, flare_solar and "
    "splice only, are both worse on ringnorm; against AB_Reg, AB_KL wins nowhere (worse on "
    "ringnorm, titanic, flare_solar), AB_N2 wins on waveform (worse on image, ringnorm)",
    paper="KL, N2 beat AB and (but heart) AB_R",
    ours=f"BH: both beat AB on {len(both_beat_ab)} of 12, AB_KL beats AB_R on "
    f"{len(plus['AB_KL', 'AB_R'])}",
)

# %% [markdown]
# ## 4. Table 2's marks
#
# Table 2 marks AdaBoost$_{KL}$ against each other algorithm. Ours, for the paper's columns AB
# and AB$_R$: the paired test uncorrected and corrected (BH), and the summary-statistic unpaired
# test that fits the paper's entries
# ($t=(\bar e_{other}-\bar e_{KL})/\sqrt{(s_{KL}^2+s_{other}^2)/n}$, $|t|>1.645$), here with our
# $n=10$ (it ignores the pairing, so it has less power).

# %% tags=["hide-input"]
t2_rows = []
for d in T1_SETS:
    row = {"data set": shown(d)}
    for k in ("AB", "AB_R"):
        a2 = t2[d, f"AB_KL vs {k}"]
        row[f"paper, vs {k}"] = PAPER["table2"][d][k]
        row[f"paired, vs {k}"] = a2["test_mark_paired"]
        row[f"BH, vs {k}"] = sig["AB_KL", k][d]
        row[f"summary, vs {k}"] = a2["test_mark_summary"]
    t2_rows.append(row)
t2_df = pd.DataFrame(t2_rows)
cmp_cols = [
    ("AB", "paired"),
    ("AB_R", "paired"),
    ("AB", "BH"),
    ("AB_R", "BH"),
    ("AB", "summary"),
    ("AB_R", "summary"),
]
agree = {
    how: sum(
        int((t2_df[f"{how}, vs {k}"] == t2_df[f"paper, vs {k}"]).sum())
        for k in ("AB", "AB_R")
    )
    for how in ("paired", "BH", "summary")
}
book.glue("sun-t2-paired", agree["paired"])
book.glue("sun-t2-bh", agree["BH"])
book.glue("sun-t2-summary", agree["summary"])
book.table(
    t2_df,
    caption="Table 2, AdaBoost_KL against AdaBoost (AB) and AdaBoost_Reg (AB_R): the paper's "
    "mark and ours from the paired test (uncorrected, and after BH over the 60 tests) and "
    "from the summary-statistic test with n = 10. + = AdaBoost_KL significantly better.",
)

# %% [markdown]
# Of the paper's 24 marks in these two columns, {glue:text}`sun-t2-paired` come back with the
# uncorrected paired test, {glue:text}`sun-t2-bh` after the correction and
# {glue:text}`sun-t2-summary` with the summary-statistic test.

# %% tags=["hide-input"]
t2_cmp = [
    (
        d,
        k,
        t2[d, f"AB_KL vs {k}"]["test_mark_paired"],
        t2[d, f"AB_KL vs {k}"]["test_mark_summary"],
        PAPER["table2"][d][k],
    )
    for d in T1_SETS
    for k in ("AB", "AB_R")
]
agree_p = [c for c in t2_cmp if c[2] == c[4]]
assert 0 < len(agree_p) < len(t2_cmp)
assert [c[:2] for c in t2_cmp if c[2] != c[4]] == [
    ("banana", "AB"),
    ("banana", "AB_R"),
    ("german", "AB"),
    ("ringnorm", "AB"),
    ("ringnorm", "AB_R"),
    ("titanic", "AB_R"),
    ("flare_solar", "AB_R"),
    ("splice", "AB_R"),
    ("twonorm", "AB_R"),
]
assert agree["paired"] == 15 and agree["summary"] == 10
bh_miss = [
    (d, k)
    for d in T1_SETS
    for k in ("AB", "AB_R")
    if sig["AB_KL", k][d] != PAPER["table2"][d][k]
]
assert len(bh_miss) == 24 - agree["BH"] and agree["BH"] == 12

# %% tags=["remove-input"]
claims.check(
    "Sun Table 2",
    status="protocol substituted",
    on="the same runs: AB_KL vs AB and vs AB_Reg on 12 data sets, paired t at 90% with and "
    "without the BH correction, and the summary-statistic test",
    differs="decision stumps instead of RBF networks; 10 realisations instead of 100 (20); "
    "four seeded partitions; the paper's test is not named",
    note="of the paper's 24 marks, 15 come back with the uncorrected paired test, 12 after "
    "the BH correction (breast_cancer, heart and waveform lose a '+'), 10 with the "
    "summary-statistic test",
    paper="24 marks",
    ours=f"paired {agree['paired']}, BH {agree['BH']}, summary {agree['summary']} of 24",
)

# %% [markdown]
# ## 5. The paper's Table 2 and §4 against its own Table 1
#
# **Table 2 from Table 1.** Recomputing the paper's Table 2 from its own Table 1 by the
# summary-statistic test with $n=100$, 68 of the 72 comparable cells agree, three more within the
# one-decimal rounding of Table 1 (the band, fixed before comparing: every printed mean and
# standard deviation may be off by 0.05), and titanic vs $\nu$-Arc is marked "0" although
# $t=3.0$ (no rounding explains it: a typo in one of the two tables).

# %% tags=["hide-input"]
t2_agree, t2_other = 0, []
for name, marks in PAPER["table2"].items():
    p1, (m_kl, s_kl) = P1[name], P1[name]["AB_KL"]
    for k, mark in marks.items():
        if mark is None or p1.get(k) is None:
            continue
        m_o, s_o = p1[k]
        t_val = (m_o - m_kl) / math.sqrt((s_kl**2 + s_o**2) / 100)
        if verdict(t_val, 1.645) == mark:
            t2_agree += 1
            continue
        # Table 1 prints one decimal: the extreme t over the rounding box (+-0.05)
        lo = (m_o - m_kl - 0.1) / math.sqrt(
            ((s_kl + 0.05) ** 2 + (s_o + 0.05) ** 2) / 100
        )
        hi = (m_o - m_kl + 0.1) / math.sqrt(
            ((s_kl - 0.05) ** 2 + (s_o - 0.05) ** 2) / 100
        )
        reachable = {
            "+": hi > 1.645,
            "-": lo < -1.645,
            "0": lo < 1.645 and hi > -1.645,
        }[mark]
        t2_other.append((name, k, mark, round(t_val, 2), reachable))
assert t2_agree == 68 and len(t2_other) == 4
assert [c[:2] for c in t2_other if not c[4]] == [("titanic", "nu-Arc")]
book.table(
    pd.DataFrame(
        t2_other,
        columns=[
            "data set",
            "against",
            "paper's mark",
            "t from Table 1",
            "reachable within rounding",
        ],
    ),
    caption="The four cells of the paper's Table 2 that the summary-statistic test on its own "
    "Table 1 (n = 100, |t| > 1.645) does not reproduce, and whether some rounding of Table 1's "
    "one-decimal numbers would.",
    formats={"t from Table 1": "{:+.2f}"},
)

# %% tags=["remove-input"]
claims.check(
    "Sun Table 2",
    status="partly reproduced",
    on="the paper's own Table 1 (mean, std, n = 100)",
    margin="the band is Table 1's printing precision, fixed before comparing: every mean and "
    "standard deviation within +-0.05 of the printed value",
    note="the marks follow from Table 1 by the unpaired test at 90% except a few within "
    "Table 1's rounding band and titanic vs nu-Arc, '0' although t = 3.0",
    paper=f"{t2_agree + len(t2_other)} marks",
    ours=f"{t2_agree} agree, {sum(c[4] for c in t2_other)} within rounding, "
    f"{sum(not c[4] for c in t2_other)} not",
)

# %% [markdown]
# **§4's sentences.** The text reads off Table 1: (a) "except for heart, both AdaBoost$_{norm2}$
# and AdaBoost$_{KL}$ prove better than AdaBoost$_{Reg}$"; (b) AdaBoost$_{Reg}$ performs
# significantly better than AdaBoost "in ten out of thirteen cases"; (c) AdaBoost$_{KL}$ shows
# "significant improvements" over AdaBoost$_{Reg}$ "in five datasets out of thirteen"; (d) the
# standard deviations of AdaBoost$_{N2}$ and AdaBoost$_{KL}$ are smaller than those of RBF and
# AdaBoost "in almost all cases"; (e) ringnorm, thyroid and twonorm show the regularised
# algorithms effective "even in the low-noise regime". On the paper's Table 1 each is checked
# with the summary-statistic test ($|t|>1.645$, $n=100$), the test that reproduces its Table 2;
# on our 12 sets with the corrected paired test (no RBF column here, so our standard deviations
# are compared with AdaBoost's only).


# %% tags=["hide-input"]
def t_paper(d, a, b):
    """The summary-statistic t of 'a has lower error than b' on the paper's Table 1."""
    (m_a, s_a), (m_b, s_b) = P1[d][a], P1[d][b]
    return (m_b - m_a) / math.sqrt((s_a**2 + s_b**2) / 100)


LOW_NOISE = ("ringnorm", "thyroid", "twonorm")
t1_order = {}
for alg in ("AB_KL", "AB_N2"):
    for other in ("AB", "AB_R"):
        t1_order[alg, other] = tuple(
            sorted(n for n, r in P1.items() if r[alg][0] >= r[other][0])
        )
read_paper = {
    "AB_R beats AB": sorted(d for d in P1 if t_paper(d, "AB_R", "AB") > 1.645),
    "AB_KL beats AB_R": sorted(d for d in P1 if t_paper(d, "AB_KL", "AB_R") > 1.645),
    "AB_KL std below AB (and RBF)": sorted(
        d for d in P1 if P1[d]["AB_KL"][1] < min(P1[d]["AB"][1], P1[d]["RBF"][1])
    ),
    "AB_N2 std below AB (and RBF)": sorted(
        d for d in P1 if P1[d]["AB_N2"][1] < min(P1[d]["AB"][1], P1[d]["RBF"][1])
    ),
    "low noise: AB_KL beats AB": sorted(
        d for d in LOW_NOISE if t_paper(d, "AB_KL", "AB") > 1.645
    ),
    "low noise: AB_N2 beats AB": sorted(
        d for d in LOW_NOISE if t_paper(d, "AB_N2", "AB") > 1.645
    ),
}
read_ours = {
    "AB_R beats AB": plus["AB_R", "AB"],
    "AB_KL beats AB_R": plus["AB_KL", "AB_R"],
    "AB_KL std below AB (and RBF)": [
        d for d in T1_SETS if E[d, "AB_KL"].std(ddof=1) < E[d, "AB"].std(ddof=1)
    ],
    "AB_N2 std below AB (and RBF)": [
        d for d in T1_SETS if E[d, "AB_N2"].std(ddof=1) < E[d, "AB"].std(ddof=1)
    ],
    "low noise: AB_KL beats AB": [d for d in LOW_NOISE if sig["AB_KL", "AB"][d] == "+"],
    "low noise: AB_N2 beats AB": [d for d in LOW_NOISE if sig["AB_N2", "AB"][d] == "+"],
}
book.table(
    pd.DataFrame(
        {
            "reading": list(read_paper),
            "paper's Table 1 (13 sets)": [
                f"{len(v)}: {', '.join(v)}" for v in read_paper.values()
            ],
            "ours, BH-corrected (12 sets)": [
                f"{len(v)}: {', '.join(v)}" for v in read_ours.values()
            ],
        }
    ),
    caption="The §4 readings of Table 1: on the paper's numbers with the summary-statistic test "
    "(n = 100), on ours with the BH-corrected paired test (standard deviations over our 10 "
    "realisations, compared with AdaBoost's only).",
)

# %%
# (a) on the paper's Table 1: ties beyond heart, so "both prove better" overstates
assert t1_order["AB_KL", "AB_R"] == ("heart", "image")
assert t1_order["AB_N2", "AB_R"] == ("heart", "image", "ringnorm", "splice", "twonorm")
assert t1_order["AB_KL", "AB"] == ("image",) and t1_order["AB_N2", "AB"] == (
    "image",
    "thyroid",
)
# (b)-(d) the paper's numbers bear out its counts
assert len(read_paper["AB_R beats AB"]) == 10
assert read_paper["AB_KL beats AB_R"] == [
    "banana",
    "ringnorm",
    "splice",
    "twonorm",
    "waveform",
]
assert len(read_paper["AB_KL std below AB (and RBF)"]) == 10
assert len(read_paper["AB_N2 std below AB (and RBF)"]) == 10
# (e) except the low-noise sentence for thyroid: neither booster is better there (t < 1)
assert read_paper["low noise: AB_KL beats AB"] == ["ringnorm", "twonorm"]
assert read_paper["low noise: AB_N2 beats AB"] == ["ringnorm", "twonorm"]
assert max(t_paper("thyroid", a, "AB") for a in ("AB_KL", "AB_N2")) < 1.0
assert P1["thyroid"]["AB_N2"][0] == P1["thyroid"]["AB"][0]  # equal printed means

# %% tags=["remove-input"]
claims.check(
    "Sun Table 1",
    status="fails",
    on="the paper's own Table 1 (13 data sets)",
    counterexample="the printed means: AB_KL ties AB_Reg on image, AB_N2 ties it on image, "
    "ringnorm, splice and twonorm (and AB_N2 ties AdaBoost on image and thyroid), so 'except "
    "for heart, both prove better than AdaBoost_Reg' is false on the paper's own numbers",
    paper="better except heart",
    ours="ties: "
    + "; ".join(
        f"{a}: {', '.join(v)}" for (a, o), v in t1_order.items() if o == "AB_R"
    ),
)
claims.check(
    "Sun §4 counts",
    status="holds",
    on="the paper's own Table 1 (13 data sets, summary test, n = 100)",
    note="AB_Reg beats AB on 10 of 13, AB_KL beats AB_Reg on exactly banana, ringnorm, "
    "splice, twonorm and waveform, each regularised booster's std is below AB's and RBF's "
    "on 10 of 13",
    paper="10 of 13; 5 of 13; almost all",
    ours=f"{len(read_paper['AB_R beats AB'])}; {len(read_paper['AB_KL beats AB_R'])}; "
    f"{len(read_paper['AB_KL std below AB (and RBF)'])} and "
    f"{len(read_paper['AB_N2 std below AB (and RBF)'])}",
)
claims.check(
    "Sun §4 low noise",
    status="fails",
    on="the paper's own Table 1 (summary test, n = 100)",
    counterexample="thyroid: AB_N2's printed mean error equals AdaBoost's (4.4), AB_KL's is "
    "0.1 lower with standard deviations near 2 (t = 0.34); only ringnorm and twonorm support "
    "the sentence",
    paper="ringnorm, thyroid, twonorm",
    ours="ringnorm, twonorm (thyroid: t = "
    + ", ".join(f"{t_paper('thyroid', a, 'AB'):.2f}" for a in ("AB_KL", "AB_N2"))
    + ")",
)

# %%
# on our runs (BH-corrected paired test, n = 10)
assert read_ours["AB_R beats AB"] == ["titanic", "waveform", "flare_solar", "splice"]
assert read_ours["AB_KL beats AB_R"] == [] and sig["AB_KL", "AB_R"]["ringnorm"] == "-"
assert not set(read_paper["AB_KL beats AB_R"]) <= set(read_ours["AB_KL beats AB_R"])
assert len(T1_SETS) // 2 < len(read_ours["AB_KL std below AB (and RBF)"]) < len(T1_SETS)
assert len(T1_SETS) // 2 < len(read_ours["AB_N2 std below AB (and RBF)"]) < len(T1_SETS)
assert sig["AB_KL", "AB"]["ringnorm"] == sig["AB_N2", "AB"]["ringnorm"] == "-"
assert sig["AB_KL", "AB"]["thyroid"] == sig["AB_N2", "AB"]["thyroid"] == "0"
assert read_ours["low noise: AB_KL beats AB"] == ["twonorm"]
assert read_ours["low noise: AB_N2 beats AB"] == []
# the same on the uncorrected marks (as reported before the correction)
raw_r_beats_ab = [d for d in T1_SETS if sig_raw["AB_R", "AB"][d] == "+"]
assert sorted(raw_r_beats_ab) == [
    "flare_solar",
    "splice",
    "titanic",
    "twonorm",
    "waveform",
]
assert len(raw_r_beats_ab) <= len(T1_SETS) // 2
assert [d for d in T1_SETS if sig_raw["AB_KL", "AB_R"][d] == "+"] == ["waveform"]
assert sig_raw["AB_KL", "AB"]["thyroid"] == sig_raw["AB_N2", "AB"]["thyroid"] == "0"
assert [d for d in LOW_NOISE if sig_raw["AB_KL", "AB"][d] == "+"] == ["twonorm"]
assert [d for d in LOW_NOISE if sig_raw["AB_N2", "AB"][d] == "+"] == []

# %% tags=["remove-input"]
claims.check(
    "Sun §4 counts",
    status="protocol substituted",
    on="12 data sets, 10 realisations each, T = 200 (study sun_table1); paired t at 90%, "
    "Benjamini-Hochberg over 60 tests",
    differs="decision stumps instead of RBF networks; 10 realisations instead of 100; four "
    "seeded partitions; no RBF column",
    note="after correction AB_Reg beats AB on 4 of 12 (titanic, waveform, flare_solar, "
    "splice), AB_KL beats AB_Reg on none (worse on ringnorm, titanic, flare_solar); the std of "
    "AB_KL is below AB's on 9 of 12, AB_N2's on 8",
    paper="10 of 13; 5 of 13",
    ours=f"{len(read_ours['AB_R beats AB'])} of 12; {len(read_ours['AB_KL beats AB_R'])} of 12",
)
claims.check(
    "Sun §4 low noise",
    status="protocol substituted",
    on="the same runs and tests",
    differs="decision stumps instead of RBF networks; 10 realisations; thyroid and twonorm on "
    "seeded partitions",
    note="after correction: on ringnorm AB_KL and AB_N2 are significantly worse than "
    "AdaBoost, on thyroid no different; only AB_KL on twonorm is significantly better",
    paper="effective on ringnorm, thyroid, twonorm",
    ours="KL better on "
    + (", ".join(read_ours["low noise: AB_KL beats AB"]) or "none")
    + "; N2 on "
    + (", ".join(read_ours["low noise: AB_N2 beats AB"]) or "none"),
)

# %% [markdown]
# ## 6. Sun et al. with RBF networks
#
# The paper's base learner is the RBF network of its Ref. 16 {cite:p}`ratsch2001`, which
# refboost has as `rb.RBFNetOracle`; the study `sun_rbf` (`refboost-repro sun_rbf --scale
# paper`) runs Tables 1-2 with it at the paper's protocol: $T=200$, 100 runs per data set (20 for
# image and splice), the single-network column (AdaBoost stopped after one round: the sign of
# one network trained on uniform weights), and $\beta$ chosen by the same 5-fold CV on
# realisations 1-5 and the same grids as in section 1; only the chosen $\beta$ is then run on
# the test runs. Runs 1-10 are the IDA realisations; runs 11 and up are refboost's seeded
# partitions of the same patterns with the IDA sizes (for flare_solar, splice, thyroid and
# twonorm every run is such a partition).
#
# **The network.** From the sources (the module docstring of `refboost.rbf` cites them):
# $f(x)=\sum_k w_k\exp(-\|x-\mu_k\|^2/2\sigma_k^2)$ without bias, centres by k-means, widths
# from the nearest other centre, output weights by regularised least squares, ten refinement
# iterations of centres and widths. Chosen where the sources are silent: the booster's
# distribution weights the squared error (so a weighted fit equals the fit on the replicated
# sample), weighted k-means++, widths as distances, L-BFGS instead of conjugate gradients, and
# the hypothesis $h=\mathrm{sign}(f)$, since the paper's AdaBoost (its eq. (2)) weighs a
# classifier by its weighted error. The number of centres $K$ and the weight decay are chosen per
# data set by the IDA protocol (single networks, 5-fold CV on realisations 1-5,
# $K\in\{5,10,20,40,80\}$, decay $\in\{10^{-6},10^{-3}\}$, the lower median of the five choices;
# `studies.sun.sun_rbf_params`), once, and stored with the study. The table below shows the
# effect of two of these choices on banana realisation 1 (AdaBoost, $T=200$, banana's $K$ and
# decay).

# %% tags=["hide-input"]
S = sun
K_B, REG_B = S.SUN_RBF_PARAMS["banana"]
ban = rb.datasets.load("banana", realisation=1)


def rbf_run(rounds=200, **kw):
    orc = rb.RBFNetOracle(ban.X, ban.y, n_centres=K_B, reg=REG_B, **kw)
    res = rb.adaboost(orc, max_iter=rounds, store_d=False)
    f_tr = orc.predict(res.hypotheses, res.weights, ban.X)
    f_te = orc.predict(res.hypotheses, res.weights, ban.X_test)
    return rb.experiments.error_rate(f_tr, ban.y), rb.experiments.error_rate(
        f_te, ban.y_test
    )


choice_runs = {
    "h = sign(f), 10 refinements (the study's)": rbf_run(),
    "h = clip(f, -1, 1) (confidence-rated)": rbf_run(output="clip"),
    "no refinement (k-means centres kept)": rbf_run(n_iter=0),
    "single network (one round)": rbf_run(rounds=1),
}
book.table(
    pd.DataFrame(
        [
            {"network": k, "training error": a, "test error": b}
            for k, (a, b) in choice_runs.items()
        ]
    ),
    formats="{:.4f}",
    caption=f"AdaBoost with RBF networks (K = {K_B}, decay {REG_B:g}) on banana "
    "realisation 1, T = 200: the study's choices and two alternatives.",
)
ch = {k: v[1] for k, v in choice_runs.items()}
ch_main, ch_clip, ch_raw, ch_one = ch.values()
book.glue("sun-rbf-ch-main", f"{ch_main:.3f}")
book.glue("sun-rbf-ch-clip", f"{ch_clip:.3f}")
book.glue("sun-rbf-ch-raw", f"{ch_raw:.3f}")
book.glue("sun-rbf-ch-one", f"{ch_one:.3f}")
assert max(abs(ch_clip - ch_main), abs(ch_raw - ch_main)) < 0.01
assert choice_runs["h = sign(f), 10 refinements (the study's)"][0] < 0.01
# claims: none (the effect of two implementation choices on one set)

# %% [markdown]
# The boosted test error is {glue:text}`sun-rbf-ch-main` with the study's network,
# {glue:text}`sun-rbf-ch-clip` with confidence-rated outputs and {glue:text}`sun-rbf-ch-raw`
# without refinement: on this realisation the two choices move the test error by less than one
# percentage point. The single network alone does better ({glue:text}`sun-rbf-ch-one`): boosted
# RBF networks fit banana's training part exactly and overfit, as the paper's AB column shows.

# %% tags=["hide-input"]
rbf_prov = json.loads(
    (studies.default_store("sun_rbf", "paper") / "provenance.json").read_text()
)
with studies.Store(studies.default_store("sun_rbf", "paper")) as sto:
    rbf_recs = sto.records()
rbf_rows = studies.analyse("sun_rbf", "paper")
r1 = {(r["dataset"], r["label"]): r for r in rbf_rows if r["table"] == "1"}
RBF_LABELS = ("RBF", *T1_LABELS)
cost = pd.DataFrame(S.sun_rbf_cost(rbf_recs))
est = cost.dropna(subset=["cpu_total_s"])
no_est = [d for d in S.SUN_RBF_ORDER if d not in set(est["dataset"])]
RBF_SETS = [  # data sets with two runs or more of a column (not the one-run timing samples)
    d
    for d in S.SUN_RBF_ORDER
    if any(int(r1[d, k]["runs"].split("/")[0]) >= 2 for k in RBF_LABELS)
]
book.glue("sun-rbf-cells", len(rbf_recs))
book.glue("sun-rbf-cpu", sum(r["cpu_time_cells"] for r in rbf_prov["runs"]) / 60)
book.glue("sun-rbf-est-h", float(est["cpu_total_s"].sum()) / 3600)
book.glue("sun-rbf-est-sets", len(est))
book.glue("sun-rbf-no-est", ", ".join(no_est) or "none")
early = sorted(
    {
        x["dataset"]
        for x in rbf_recs
        if "/" not in x["split"]
        and json.loads(x["params"])["max_iter"] > 1
        and x["n_iter"] < json.loads(x["params"])["max_iter"]
    },
    key=S.SUN_RBF_ORDER.index,
)
book.glue("sun-rbf-early", ", ".join(early) or "none")
book.glue("sun-rbf-sets", ", ".join(RBF_SETS))
# two paths: the analysis' means against the records read here
for d in RBF_SETS:
    for k in RBF_LABELS:
        r = r1[d, k]
        if r["test_error"] is None:
            continue
        params = S.SUN_RBF_SINGLE["params"] if k == "RBF" else None
        errs = [
            x["test_error"]
            for x in rbf_recs
            if x["dataset"] == d
            and x["booster"] == r["booster"]
            and "/" not in x["split"]
            and (json.loads(x["params"]).get("max_iter") == 1) == (k == "RBF")
            and json.loads(x["params"]).get("beta") == r["beta"]
        ]
        assert abs(np.mean(errs) - r["test_error"]) < 1e-12, (d, k)
    assert all(r1[d, k]["c_matches_cv"] is not False for k in RBF_LABELS)
# claims: none (what the RBF store holds; two paths to its means)

# %% [markdown]
# **What ran.** The store holds {glue:text}`sun-rbf-cells` cells, about
# {glue:text}`sun-rbf-cpu:.0f` CPU minutes, with runs on: {glue:text}`sun-rbf-sets`. From the
# stored cells' timings (`studies.sun.sun_rbf_cost`: per data set, the mean CPU of its stored
# CV, test and single-network cells times the protocol's cells of each kind) the protocol costs
# about {glue:text}`sun-rbf-est-h:.1f` CPU hours on the {glue:text}`sun-rbf-est-sets` data sets with a
# timed cell (without an estimate: {glue:text}`sun-rbf-no-est`). It is low where a sampled
# AdaBoost run stopped before $T$ (training error 0 or no edge left:
# {glue:text}`sun-rbf-early`), since the regularised boosters may run all $T$ rounds there.
#
# **The verdict's protocol, fixed before the store was read.** A Table 1 entry of ours is
# *within the margin* of the paper's when the 90% confidence interval of (our mean − the paper's
# mean), half-width $1.645\sqrt{s_o^2/n_o+s_p^2/100}$, lies inside $\pm s_p/2$, half the paper's
# realisation-to-realisation standard deviation (a difference the resampling of the partitions
# alone produces); *outside* when the interval misses $\pm s_p/2$ entirely; otherwise *not
# separated at our power*. Each entry is one two-one-sided test at 5% per side (an
# equivalence verdict for a row needs every entry, an intersection-union test, so no correction);
# the paired tests of AB$_{KL}$ and AB$_{N2}$ against AB and AB$_R$, of AB$_R$ against AB and of
# AB against the single network (six per data set, where both columns have runs) are
# Holm-corrected over all of them at 0.10. The stumps runs of sections 1-5 stay
# the named variant (*protocol substituted*).


# %% tags=["hide-input"]
def tost(d, k):
    r = r1[d, k]
    n = int(r["runs"].split("/")[0])
    mp, sp = r["paper_test_error"], r["paper_test_error_std"]
    if n < 2 or mp is None:
        return None
    diff = r["test_error"] - mp
    hw = 1.645 * math.sqrt(r["test_error_std"] ** 2 / n + sp**2 / 100)
    if abs(diff) + hw <= sp / 2:
        v = "within"
    elif abs(diff) - hw > sp / 2:
        v = "outside"
    else:
        v = "not separated"
    return dict(diff=diff, hw=hw, margin=sp / 2, verdict=v, n=n)


TOST = {(d, k): tost(d, k) for d in RBF_SETS for k in RBF_LABELS}


def entry(d, k):
    r, v = r1[d, k], TOST[d, k]
    if r["test_error"] is None:
        return "–"
    s = r["test_error_std"] or 0.0
    out = f"{100 * r['test_error']:.1f} ± {100 * s:.1f} ({r['runs']})"
    return out + ("" if v is None else f" {v['verdict']}")


book.table(
    pd.DataFrame(
        [
            {"data set": shown(d), "K, decay": "{}, {:g}".format(*S.SUN_RBF_PARAMS[d])}
            | {k: entry(d, k) for k in RBF_LABELS}
            for d in RBF_SETS
        ]
        + [
            {"data set": f"{d} (paper)", "K, decay": ""}
            | {k: pm(*P1[d][k]) for k in RBF_LABELS}
            for d in RBF_SETS
        ]
    ),
    caption="Table 1 with RBF networks: our test error in % (mean ± standard deviation, "
    "runs stored / declared) with the margin verdict, and the paper's (100 runs). RBF = a "
    "single network.",
)

# %% tags=["hide-input"]
RBF_FAMILY = [*FAMILY, ("AB", "RBF")]
rbf_tests = []
for d in RBF_SETS:
    sel = S.sun_rbf_selection(rbf_recs, "paper")
    for a, b in RBF_FAMILY:
        ea, eb = sel[d, a]["errors"], sel[d, b]["errors"]
        runs = [r for r in S.sun_rbf_runs(d) if r in ea and r in eb]
        if len(runs) < 2:
            continue
        xa, xb = np.array([ea[r] for r in runs]), np.array([eb[r] for r in runs])
        t = paired(xb, xa)
        p = 0.0 if math.isinf(t) else float(2 * stats.t.sf(abs(t), len(runs) - 1))
        rbf_tests.append(dict(a=a, b=b, d=d, n=len(runs), t=t, p=p))
rbf_tests = pd.DataFrame(rbf_tests)
if len(rbf_tests):
    pv = rbf_tests["p"].to_numpy()
    o = np.argsort(pv)
    adj = np.minimum(1.0, np.maximum.accumulate((len(pv) - np.arange(len(pv))) * pv[o]))
    rbf_tests.loc[rbf_tests.index[o], "p_holm"] = adj
    rbf_tests["mark"] = np.where(
        rbf_tests["p_holm"] <= 0.10, np.where(rbf_tests["t"] > 0, "+", "-"), "0"
    )
    book.table(
        rbf_tests.assign(
            comparison=rbf_tests["a"] + " vs " + rbf_tests["b"],
            paper=[
                PAPER["table2"][d].get(b, "") if a == "AB_KL" else ""
                for d, a, b in zip(
                    rbf_tests["d"], rbf_tests["a"], rbf_tests["b"], strict=True
                )
            ],
        )[["d", "comparison", "n", "t", "p_holm", "mark", "paper"]].rename(
            columns={"d": "data set", "n": "runs", "p_holm": "Holm p"}
        ),
        formats={"t": "{:+.2f}", "Holm p": "{:.3f}"},
        caption="Paired tests on the RBF runs (+ = the first booster significantly better "
        "after Holm over the family at 0.10); paper = its Table 2 mark for AB_KL.",
    )
book.glue("sun-rbf-n-tests", len(rbf_tests))
cv_c = {k: r1["banana", k]["c_cv"] for k in ("AB_R", "AB_KL", "AB_N2")}
book.glue(
    "sun-rbf-cv-state",
    "has finished (chosen c: " + ", ".join(f"{k} {c:g}" for k, c in cv_c.items()) + ")"
    if None not in cv_c.values()
    else "has not finished",
)
VERD = {k: v["verdict"] for k, v in TOST.items() if v is not None}
full = [k for k, v in TOST.items() if v is not None and v["n"] == 100]
book.glue("sun-rbf-entries", ", ".join(f"{d} {k}" for d, k in full) or "none")
book.glue(
    "sun-rbf-within",
    ", ".join(f"{d} {k}" for (d, k), v in VERD.items() if v == "within") or "none",
)
book.glue(
    "sun-rbf-open",
    ", ".join(f"{d} {k}" for (d, k), v in VERD.items() if v != "within") or "none",
)

# %% [markdown]
# **What the RBF runs show.** Entries with all their runs stored: {glue:text}`sun-rbf-entries`
# (the other data sets have not run). Within the margin of the paper's entry:
# {glue:text}`sun-rbf-within`; not separated from it at our power: {glue:text}`sun-rbf-open`.
# Of the {glue:text}`sun-rbf-n-tests` paired tests, as in the paper AdaBoost with RBF networks
# is significantly worse than a single network, and AB$_{KL}$ and AB$_{N2}$ beat AdaBoost (the
# paper's Table 2 mark against AB comes back); against AdaBoost$_{Reg}$, AB$_{N2}$ is better
# but AB$_{KL}$ is significantly *worse* after the correction, where the paper marks it better.
# Banana's $\beta$ cross-validation {glue:text}`sun-rbf-cv-state`, every choice the top of its
# grid: the stumps' grids bind with RBF networks (a wider grid would be the fairer protocol;
# the declared one is reported as run). With one data set of twelve run, Table 2 and the §4
# readings otherwise rest on the stumps runs above, the named variant (*protocol substituted*).

# %%
ban_t = rbf_tests.set_index(["d", "a", "b"])["mark"]
assert RBF_SETS == ["banana"] and all(TOST["banana", k]["n"] == 100 for k in RBF_LABELS)
assert VERD == {
    ("banana", "RBF"): "within",
    ("banana", "AB"): "not separated",
    ("banana", "AB_R"): "not separated",
    ("banana", "AB_KL"): "not separated",
    ("banana", "AB_N2"): "within",
}
assert {(a, b): ban_t["banana", a, b] for a, b in RBF_FAMILY} == {
    ("AB_KL", "AB"): "+",
    ("AB_KL", "AB_R"): "-",
    ("AB_N2", "AB"): "+",
    ("AB_N2", "AB_R"): "+",
    ("AB_R", "AB"): "+",
    ("AB", "RBF"): "-",
}
assert PAPER["table2"]["banana"]["AB"] == PAPER["table2"]["banana"]["AB_R"] == "+"
assert list(S.SUN_RBF_GRID_BINDS) == ["banana"]
assert cv_c == {"AB_R": 0.6, "AB_KL": 0.5, "AB_N2": 0.8}
assert all(
    cv_c[k] == max(S.SUN_RBF_SCALES["paper"]["grid"][BOOSTER_OF[k]]) for k in cv_c
)
# claims: below

# %% tags=["remove-input"]
claims.check(
    "Sun Table 1",
    status="partly reproduced",
    on="banana, IDA realisations 1-10 and seeded partitions of the same patterns, T = 200, "
    "RBF networks at the CV choice of centres and decay, beta by CV (study sun_rbf)",
    margin="banana's single-network and AB_N2 entries: the 90% interval of our mean minus the "
    "paper's lies inside plus or minus half the paper's standard deviation (two one-sided "
    "tests at 5%), fixed before the store was read",
    note="banana's AB, AB_Reg and AB_KL entries are not separated from the margin at our "
    "power; on banana AB_KL and AB_N2 beat AdaBoost and AB_N2 beats AB_Reg (Holm), but AB_KL "
    "is worse than AB_Reg; every CV choice of beta is its grid's top; the other data sets "
    "have not run",
    paper=", ".join(f"{k} {pm(*P1['banana'][k])}" for k in RBF_LABELS),
    ours=", ".join(f"{k} {entry('banana', k)}" for k in RBF_LABELS),
)
claims.check(
    "Sun Table 2",
    status="protocol substituted",
    on="banana, the same runs: AB_KL against AB and AB_Reg by the paired t-test, Holm over "
    "six tests at 0.10 (study sun_rbf)",
    differs="one data set of 13; RBF-network training details the sources leave open "
    "(refboost.rbf); runs beyond the IDA realisations are seeded partitions; the beta grids "
    "bind at their top",
    note="the paper's '+' against AdaBoost comes back; against AB_Reg ours is '-' (AB_KL "
    "worse after the correction) where the paper has '+'",
    paper="AB +, AB_R +",
    ours=", ".join(f"{b} {ban_t['banana', 'AB_KL', b]}" for b in ("AB", "AB_R")),
)


# %% [markdown]
# ## 7. Summary
#
# The paper's own numbers bear out its counts (b)-(d) but not two of its sentences: on its
# Table 1 the regularised boosters *tie* AdaBoost$_{Reg}$ on data sets other than heart, and
# thyroid shows no improvement at all, so "effective even in the low-noise regime" rests on
# ringnorm and twonorm. Its Table 2 follows from its Table 1 by an unpaired test with $n=100$,
# except for one cell. On our stump runs, after correcting the 60 paired tests for multiple
# testing, the regularised boosters beat AdaBoost on three data sets and AdaBoost$_{Reg}$
# (AB$_{N2}$) on one, and lose on ringnorm; with the paper's RBF networks and 100 realisations
# out of scope here, these are *protocol substituted* verdicts, not failures of the paper. What
# holds on every run is the mechanism the paper's title names: less skewed distributions and
# simpler boundaries ({doc}`07_2_real_data`). With the paper's RBF networks (section 6),
# banana's single-network and AB$_{N2}$ entries come back within the margin, AdaBoost loses to
# a single network and the regularised boosters beat AdaBoost as in the paper, but AB$_{KL}$
# loses to AdaBoost$_{Reg}$; the other data sets are still to run, at the compute estimated
# there.
