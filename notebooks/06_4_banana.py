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
# (ch-shen-banana)=
# # $T$ and the iteration count: Table VII (banana)
#
# {cite:t}`shen2010`, §4.2, run AdaBoost-CG on the banana data of {cite:t}`ratsch2001` with decision
# stumps and with LDA weak classifiers, $1/T\in\{20,40,80\}$, "the maximum iteration is set to 400",
# 50 runs. The paper's claims: (a) "the training error depends on $T$"; (b) "$T$ also has influence on
# the convergence speed"; (c) "in a wide range of $T$, the test error does not change significantly";
# (d) "all runs stop earlier than 100 iterations"; and the printed means and standard deviations of
# Table VII.
#
# The paper does not say which 50 runs; banana's benchmark comes as fixed realisations (400
# training, 4900 test examples), and the data catalogue has IDA realisations 1–10. Our
# {glue:text}`shen-t7-runs` runs are those ten and, for the rest, refboost's seeded partitions of
# the same 5,300 patterns with the IDA sizes (split `p<R>` of `refboost.studies.load_split`; not
# IDA's own realisations), in store `shen_table7` (`refboost-repro shen_table7 --scale paper`;
# $\varepsilon=10^{-5}$, the paper's threshold; LDA is `refboost.LDAOracle`, which the paper does
# not specify). The table is read from the store; a
# second path re-runs the six cells of the bundled realisation 1 and requires each stored test error
# to be reproduced exactly, and on those re-runs computes the paper's own test (McNemar, §4.2)
# between $1/T=20$ and $80$. Tests over realisations are paired $t$-tests
# (`scipy.stats.ttest_rel`, two-sided, $\alpha=0.05$); a "realisation" below is one run.
#
# **The band for the printed numbers, fixed before the comparison.** The paper's standard deviation
# $s_p$ is over 50 runs, ours $s_o$ over our $n_o$ runs; our mean is "reproduced" when it lies
# within two standard errors of the difference of the two means, $2\sqrt{s_p^2/50+s_o^2/n_o}$.
# (Earlier versions
# of this page used two of the paper's *per-run* standard deviations, a band about three times wider
# that only rules out gross disagreement; it is reported too.)

# %% tags=["hide-input"]
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy import stats

import refboost as rb
from refboost import book, claims, studies
from refboost.studies import shen  # Table VII's cell selection and McNemar's test

book.setup()
ALPHA7 = 0.05  # the level of every test of this page
with studies.Store(studies.default_store("shen_table7", "paper")) as _sto:
    rec7 = _sto.records()
t7 = shen.shen_table7_runs(rec7, "paper")
pap7 = studies.paper_numbers()["shen_table7"]["table_vii"]["values"]
INV_T7, REAL7 = shen.SHEN_T7_INV_T, shen.SHEN_T7_SCALES["paper"]["runs"]
N_IDA7 = sum(r.startswith("r") for r in REAL7)  # IDA realisations; the rest seeded partitions
book.glue("shen-t7-runs", f"{len(REAL7)}")
LEARNERS = shen.SHEN_T7_LEARNERS
FIELDS = ("test_error", "train_error", "n_iter")

# %% tags=["hide-input"]
# claims: none (the store is complete and the study's own table agrees: plumbing)
# the store is complete: every learner x 1/T x realisation
assert all(set(t7[wl, g]) == set(REAL7) for wl in LEARNERS for g in INV_T7)
col = {
    (wl, g, f): np.array([t7[wl, g][r][f] for r in REAL7], dtype=float)
    for wl in LEARNERS
    for g in INV_T7
    for f in FIELDS
}
# the study's own table (refboost.studies.analyse) is the same computation written again
for row in studies.analyse("shen_table7", "paper"):
    for f in ("test_error", "train_error"):
        mean = col[row["weak_learner"], row["inv_T"], f].mean()
        assert abs(row[f] - mean) < 1e-12

# %% tags=["hide-input"]
cmp7 = []
for wl in LEARNERS:
    for g in INV_T7:
        for f in ("test_error", "train_error"):
            x, (mp, sp) = col[wl, g, f], pap7[wl][str(g)][f]
            se = np.sqrt(sp**2 / 50 + x.std(ddof=1) ** 2 / len(x))
            cmp7.append(
                dict(learner=wl, inv_T=g, error=f.split("_")[0], paper=mp, paper_std=sp)
                | dict(ours=x.mean(), ours_std=x.std(ddof=1), diff=x.mean() - mp)
                | dict(band=2 * se, within=abs(x.mean() - mp) <= 2 * se + 1e-12)
                | dict(within_2sd=abs(x.mean() - mp) <= 2 * max(sp, 0.005))
            )
c7 = pd.DataFrame(cmp7)
c7["verdict"] = np.where(c7.within, "reproduced", "")

# %% tags=["hide-input"]
book.table(
    c7.drop(columns=["within", "within_2sd"]).rename(
        columns={
            "inv_T": "1/T",
            "paper_std": "paper std",
            "ours_std": "ours std",
            "diff": "ours - paper",
            "band": "band 2 SE",
        }
    ),
    caption=f"Table VII: mean error over runs, the paper's (50 runs) against ours ({len(REAL7)} "
    f"runs: {N_IDA7} IDA realisations, the rest seeded partitions), with the standard deviations "
    f"over runs. Band: two standard errors of the difference of the means, "
    f"2 sqrt(s_p^2/50 + s_o^2/{len(REAL7)}).",
    formats={
        c: "{:.3f}" for c in ("paper", "paper std", "ours", "ours std", "band 2 SE")
    }
    | {"ours - paper": "{:+.4f}"},
)

# %% tags=["hide-input"]
its = pd.DataFrame(
    [
        dict(learner=wl, inv_T=g)
        | dict(mean=col[wl, g, "n_iter"].mean(), least=col[wl, g, "n_iter"].min())
        | dict(most=col[wl, g, "n_iter"].max())
        | dict(converged=sum(bool(t7[wl, g][r]["converged"]) for r in REAL7))
        for wl in LEARNERS
        for g in INV_T7
    ]
)
book.table(
    its.rename(
        columns={
            "inv_T": "1/T",
            "mean": "iterations, mean",
            "least": "fewest",
            "most": "most",
            "converged": f"converged (of {len(REAL7)})",
        }
    ),
    caption=f"AdaBoost-CG's iteration counts over the {len(REAL7)} runs (at most 400 "
    "iterations). The paper: 'all runs stop earlier than 100 iterations'.",
    formats={"iterations, mean": "{:.1f}", "fewest": "{:.0f}", "most": "{:.0f}"},
)


# %% tags=["hide-input"]
def paired7(wl, f, a=INV_T7[0], b=INV_T7[-1]):
    """(mean of b - a, paired t-test p, realisations where b > a); p = 0 if b - a is
    constant."""
    d = col[wl, b, f] - col[wl, a, f]
    p = (
        float(stats.ttest_rel(col[wl, b, f], col[wl, a, f]).pvalue)
        if np.ptp(d) > 0
        else 0.0
    )
    return float(d.mean()), p, int(np.sum(d > 0))


verd7 = {(wl, f): paired7(wl, f) for wl in LEARNERS for f in FIELDS}
over100 = {
    (wl, g): [r for r in REAL7 if t7[wl, g][r]["n_iter"] >= 100]
    for wl in LEARNERS
    for g in INV_T7
}
# the paper's own numbers, read as 50 independent runs per column (Welch's test)
welch7 = {
    wl: float(
        stats.ttest_ind_from_stats(
            *pap7[wl]["80"]["test_error"], 50, *pap7[wl]["20"]["test_error"], 50,
            equal_var=False,
        ).pvalue
    )
    for wl in LEARNERS
}  # fmt: skip
book.table(
    pd.DataFrame(
        [(wl, f.replace("_", " "), *v) for (wl, f), v in verd7.items()],
        columns=[
            "learner",
            "quantity",
            "mean change, 1/T = 80 minus 20",
            "paired t-test p",
            "runs where it grew",
        ],
    ),
    caption=f"The effect of T over the {len(REAL7)} runs: change from 1/T = 20 to 80.",
    formats={"mean change, 1/T = 80 minus 20": "{:+.4f}", "paired t-test p": "{:.1e}"},
)

# %% [markdown]
# The second path: the six cells of realisation 1 are re-run here; each must reproduce its stored
# test error and iteration count exactly. McNemar's test (the paper's) then compares $1/T=20$ and
# $80$ on the same 4900 test examples.

# %% tags=["hide-input"]
# claims: none (second path: the re-runs are the stored cells; the tests are used below)
sp7 = studies.load_split("banana", "r1")
mcn7 = {}
for wl, oracle_cls in (("stump", rb.StumpOracle), ("lda", rb.LDAOracle)):
    o = oracle_cls(sp7["X"], sp7["y"])
    pred = {}
    for g in INV_T7:
        stored = t7[wl, g]["r1"]
        r_ = rb.adaboost_cg(o, **shen.cell_params(stored))
        scores = o.predict(r_.hypotheses, r_.weights, sp7["X_test"])
        pred[g] = np.where(scores >= 0, 1.0, -1.0)
        assert np.mean(pred[g] != sp7["y_test"]) == stored["test_error"]
        assert r_.n_iter == stored["n_iter"]
    mcn7[wl] = shen.mcnemar(pred[INV_T7[0]], pred[INV_T7[-1]], sp7["y_test"])
    # chi2 and the exact binomial p agree
    assert mcn7[wl]["significant"] == (mcn7[wl]["p_exact"] < ALPHA7)

# %% tags=["hide-input"]
book.table(
    pd.DataFrame(
        [
            (wl, v["n01"], v["n10"], v["chi2"], v["p_exact"], v["significant"])
            for wl, v in mcn7.items()
        ],
        columns=[
            "learner",
            "only 1/T = 20 wrong",
            "only 1/T = 80 wrong",
            "chi2 (continuity-corrected)",
            "exact p",
            "chi2 > 3.841",
        ],
    ),
    caption="McNemar's test between 1/T = 20 and 80 on realisation 1 (4900 test examples).",
    formats={"chi2 (continuity-corrected)": "{:.2f}", "exact p": "{:.3f}"},
)

# %% [markdown]
# **Verdicts.** The stump half of Table VII is reproduced within the band; our LDA errors are
# lower than the paper's by {glue:text}`shen-t7-lda-diff` (test error), beyond sampling error: the
# paper does not specify its LDA, so this half is not a reproduction. Claims (a) and (b) hold on every
# run; (d) fails: {glue:text}`shen-t7-over100` need 100 iterations or more; and (c) is weaker than
# the data: the change of the mean test error is smaller than its spread over runs, as the paper
# says, but it is a significant rise (paired over runs, both learners; with stumps it rose on
# {glue:text}`shen-t7-stump-up` runs).

# %%
# the printed numbers: the stump half of the table within the band ...
assert c7[c7.learner == "stump"].within.all()
# ... the LDA half below the paper's (whose LDA is not specified): test error
# at every 1/T and training error at 1/T = 20, 40 outside the band
lda = c7[c7.learner == "lda"]
assert list(lda.within) == [False, False, False, False, False, True]
assert (lda["diff"] <= 0).all()
# every mean within two of the paper's per-run std (the earlier, wider band)
assert c7.within_2sd.all() and len(c7) == 12
# (a) the training error falls as 1/T grows, on every realisation, both learners
assert all(
    verd7[wl, "train_error"][0] < 0
    and verd7[wl, "train_error"][1] < ALPHA7
    and verd7[wl, "train_error"][2] == 0
    for wl in LEARNERS
)
train_means = {
    wl: [col[wl, g, "train_error"].mean() for g in INV_T7] for wl in LEARNERS
}
assert all(np.all(np.diff(m) <= 0) for m in train_means.values())
# (b) T sets the convergence speed: more iterations at larger 1/T, every time
assert all(
    verd7[wl, "n_iter"][2] == len(REAL7) and verd7[wl, "n_iter"][1] < ALPHA7
    for wl in LEARNERS
)
assert all(bool(rec["converged"]) for runs in t7.values() for rec in runs.values())
# (c) "the test error does not change significantly": the change of the mean
# is smaller than the spread over runs (ours and the paper's) ...
assert all(
    abs(verd7[wl, "test_error"][0])
    < max(col[wl, g, "test_error"].std() for g in INV_T7)
    for wl in LEARNERS
)
assert all(
    abs(pap7[wl]["80"]["test_error"][0] - pap7[wl]["20"]["test_error"][0])
    < pap7[wl]["20"]["test_error"][1]
    for wl in LEARNERS
)
# ... but a significant rise, paired over realisations, for both learners
# (stumps: on most runs; McNemar on realisation 1); by Welch's test
# the paper's own stump columns already differ
test_up = [
    wl
    for wl in LEARNERS
    if verd7[wl, "test_error"][0] > 0 and verd7[wl, "test_error"][1] < ALPHA7
]
assert test_up == ["stump", "lda"] and verd7["stump", "test_error"][2] > 0.8 * len(REAL7)
assert mcn7["stump"]["significant"] and mcn7["stump"]["n10"] > mcn7["stump"]["n01"]
assert welch7["stump"] < ALPHA7 <= welch7["lda"]
# (d) "all runs stop earlier than 100 iterations" fails at 1/T = 40 and 80
assert not any(over100[wl, 20] for wl in LEARNERS)
n_over = [len(over100[k]) for k in (("stump", 40), ("stump", 80), ("lda", 80))]
assert min(n_over) > 0.9 * len(REAL7)

# %% tags=["remove-input"]
lda_diff = (
    f"{-lda[lda.error == 'test']['diff'].max():.3f} to "
    f"{-lda[lda.error == 'test']['diff'].min():.3f}"
)
book.glue("shen-t7-lda-diff", lda_diff)
ex = next(r for r in REAL7 if t7["stump", 40][r]["n_iter"] >= 100)
OVER100 = (
    f"{n_over[0]} of the {len(REAL7)} stump runs at 1/T = 40, {n_over[1]} at 80 and "
    f"{n_over[2]} of the LDA runs at 1/T = 80"
)
book.glue("shen-t7-over100", OVER100)
book.glue("shen-t7-stump-up", f"{verd7['stump', 'test_error'][2]} of {len(REAL7)}")
n_in = {wl: int(c7[c7.learner == wl].within.sum()) for wl in LEARNERS}

claims.check(
    "Shen-Li Table VII",
    status="partly reproduced",
    on="banana, the paper's 50 runs (IDA realisations 1-10 and seeded partitions of the same "
    "patterns with the IDA sizes), stumps and LDA, 1/T in {20, 40, 80} (store shen_table7); "
    "realisation 1's cells re-run exactly",
    margin="our mean within 2 standard errors of the difference of the means, "
    "2 sqrt(s_p^2/50 + s_o^2/n_o), cell by cell",
    note="the stump half within the band; the LDA half lower than the paper's, mostly outside "
    "the band (the paper's LDA is not specified); every mean within two of the paper's per-run "
    "standard deviations",
    paper="stumps test 0.298/0.309/0.313, LDA test 0.134/0.135/0.136",
    ours="stumps test "
    + "/".join(f"{col['stump', g, 'test_error'].mean():.3f}" for g in INV_T7)
    + ", LDA test "
    + "/".join(f"{col['lda', g, 'test_error'].mean():.3f}" for g in INV_T7)
    + f" ({len(REAL7)} runs); within the band: stumps {n_in['stump']} of {2 * len(INV_T7)}, "
    f"LDA {n_in['lda']} of {2 * len(INV_T7)} (LDA test lower by {lda_diff})",
)
claims.check(
    "Shen-Li Table VII",
    status="fails",
    on="banana, the paper's 50 runs (IDA realisations 1-10 and seeded partitions of the same "
    "patterns with the IDA sizes), stumps and LDA, 1/T in {20, 40, 80} (store shen_table7)",
    counterexample="'all runs stop earlier than 100 iterations': nearly every stump run at "
    "1/T = 40 and 80 and nearly every LDA run at 1/T = 80 needs 100 or more iterations",
    note="training error falls and iterations grow with 1/T on every run; the test "
    "error rises significantly with 1/T (paired t-test, both learners; McNemar on realisation "
    "1 for stumps), by less than its spread over runs",
    paper="all runs < 100 iterations",
    ours=f"{OVER100} need 100 or more; e.g. stumps, 1/T = 40, run {ex}: "
    f"{t7['stump', 40][ex]['n_iter']} iterations",
)

# %% [markdown]
# {numref}`fig-shen-t7-errors` and {numref}`fig-shen-t7-iters` show the table and the iteration
# counts.

# %% tags=["hide-input"]
fig, ax = plt.subplots(1, 2, figsize=(book.COLUMN_INCHES, 3.6))
for wl, mk in (("stump", "o"), ("lda", "s")):
    for a, f in zip(ax, ("test_error", "train_error"), strict=True):
        m = [col[wl, g, f].mean() for g in INV_T7]
        a.errorbar(
            INV_T7,
            m,
            yerr=[col[wl, g, f].std() for g in INV_T7],
            marker=mk,
            capsize=3,
            label=f"ours, {wl}",
        )
        a.errorbar(
            INV_T7,
            [pap7[wl][str(g)][f][0] for g in INV_T7],
            yerr=[pap7[wl][str(g)][f][1] for g in INV_T7],
            marker=mk,
            ls="--",
            mfc="none",
            capsize=3,
            label=f"paper, {wl}",
        )
        a.set(xlabel="1/T", ylabel=f.replace("_", " "), xticks=INV_T7)
ax[0].set_ylim(0.1, 0.4)
fig.legend(
    *ax[0].get_legend_handles_labels(),
    loc="upper center",
    ncol=4,
    bbox_to_anchor=(0.5, 1.08),
)
fig.tight_layout()
book.figure("fig-shen-t7-errors", fig)

# %% [markdown]
# ```{glue:figure} fig-shen-t7-errors
# :name: fig-shen-t7-errors
#
# Table VII: test error (left) and training error (right) of AdaBoost-CG on banana against $1/T$,
# mean ± standard deviation over runs, ours ({glue:text}`shen-t7-runs` runs, filled markers) and
# the paper's (50 runs, open markers, dashed). The stump half agrees within the band; our LDA errors are slightly
# lower. The training error falls with $1/T$, as the paper says.
# ```

# %% tags=["hide-input"]
fig, ax = plt.subplots(figsize=(book.COLUMN_INCHES, 3.4))
for wl, mk in (("stump", "o"), ("lda", "s")):
    ax.plot(
        INV_T7,
        [col[wl, g, "n_iter"].mean() for g in INV_T7],
        marker=mk,
        label=f"{wl}, mean (band: fewest to most)",
    )
    ax.fill_between(
        INV_T7,
        [col[wl, g, "n_iter"].min() for g in INV_T7],
        [col[wl, g, "n_iter"].max() for g in INV_T7],
        alpha=0.2,
    )
ax.axhline(100, color="k", ls=":", label="the paper's 'all runs stop before 100'")
ax.set(xlabel="1/T", ylabel="AdaBoost-CG iterations", xticks=INV_T7)
ax.legend(loc="upper left")
fig.tight_layout()
book.figure("fig-shen-t7-iters", fig)  # fmt: skip

# %% [markdown]
# ```{glue:figure} fig-shen-t7-iters
# :name: fig-shen-t7-iters
#
# AdaBoost-CG's iterations on banana against $1/T$ (mean over {glue:text}`shen-t7-runs` runs,
# shaded from the fewest to the most). {glue:text}`shen-t7-over100` need more than the 100
# iterations the paper states as an upper bound: claim (d) of Table VII fails.
# ```
