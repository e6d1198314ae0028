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
# (ch-skewness-real-data)=
# # The mechanism on real data: skewness, Fig. 5 and Fig. 6
#
# {cite:t}`sun2006` name their method after its mechanism: penalising the skewness of the
# distribution keeps AdaBoost from concentrating on a few hard (often mislabelled) examples, which
# should give smoother boundaries (their Fig. 5, banana) and less overfitting (Fig. 6, waveform).
# The paper's base learner is an RBF network; here it is the exhaustive decision-stump oracle, so
# absolute errors are those of an additive stump model and the figures' verdicts are
# *protocol substituted*. $\beta$ is fixed (no cross-validation): KL $\beta=0.2$, Norm2
# $\beta=0.2\sqrt N$ (the $\sqrt N$ scaling of the Norm2 collapse, {doc}`07_skewness`), Reg
# $\beta=1$.

# %% tags=["hide-input"]
import json
import math

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import refboost as rb
from refboost import book, claims, studies

book.setup()
T = 200
LABELS = {
    "AdaBoost": "AdaBoost",
    "AdaBoost_KL": "AdaBoost$_{KL}$",
    "AdaBoost_Norm2": "AdaBoost$_{Norm2}$",
    "AdaBoost_Reg": "AdaBoost$_{Reg}$",
}


def banana_runs(i):
    ds = rb.datasets.load("banana", realisation=i)
    o, n = rb.StumpOracle(ds.X, ds.y), ds.n_examples
    res = {
        "AdaBoost": rb.adaboost(
            o, max_iter=T
        ),  # store_d: the skewness curve needs d^(t)
        "AdaBoost_KL": rb.adaboost_kl(o, beta=0.2, max_iter=T),
        "AdaBoost_Norm2": rb.adaboost_norm2(o, beta=0.2 * math.sqrt(n), max_iter=T),
        "AdaBoost_Reg": rb.adaboost_reg(o, beta=1.0, max_iter=T),
    }
    err = {
        k: rb.experiments.error_rate(
            o.predict(r.hypotheses, r.weights, ds.X_test), ds.y_test
        )
        for k, r in res.items()
    }
    return ds, o, res, err


def skewness(r):
    """KL(d^(t) || d_0) and N max d^(t) per round (for rb.adaboost computed from d^(t))."""
    if "kl_to_uniform" in r.history[0]:
        return r.history_array("kl_to_uniform"), r.history_array("max_Nd")
    D = np.array([rec["d"] for rec in r.history])
    n = D.shape[1]
    with np.errstate(divide="ignore"):
        kl = np.sum(np.where(D > 0, D * np.log(n * D), 0.0), axis=1)
    return kl, n * D.max(axis=1)


# %% [markdown]
# ## 1. Less skewed distributions (banana, realisation 1)
#
# Skewness is measured by $\mathrm{KL}(d^{(t)}\Vert d_0)=\ln N-H(d^{(t)})$ and by the largest
# weight $N\max_nd^{(t)}_n$ ({numref}`fig-sun-skewness`; Rätsch/IDA banana realisation 1, 400
# training points, $T=200$).

# %%
bds, boracle, bres, berr = banana_runs(1)
skew = {k: float(np.mean(skewness(r)[0][50:])) for k, r in bres.items()}

# %% tags=["hide-input"]
fig, ax = plt.subplots(1, 3, figsize=(book.COLUMN_INCHES, 3.0))
for k, r in bres.items():
    kl_t, maxnd_t = skewness(r)
    ax[0].plot(np.arange(1, kl_t.size + 1), kl_t, label=LABELS[k], lw=1)
    ax[1].plot(np.arange(1, kl_t.size + 1), maxnd_t, lw=1)
    m = np.sort(r.margins)
    ax[2].plot(m, np.arange(1, m.size + 1) / m.size)
ax[0].set(xlabel="round $t$", ylabel="KL$(d^{(t)}\\Vert d_0)$")
ax[1].set(xlabel="round $t$", ylabel="$N\\max_n d^{(t)}_n$")
ax[2].set(xlabel="normalised margin", ylabel="fraction of examples")
fig.legend(loc="lower center", ncol=4, bbox_to_anchor=(0.5, -0.02), frameon=False)
fig.tight_layout(rect=(0, 0.1, 1, 1))
book.figure("fig-sun-skewness", fig)
sk_df = pd.DataFrame(
    {
        "booster": list(bres),
        "mean KL(d(t) || d0), t > 50": [skew[k] for k in bres],
        "training error": [float(np.mean(r.margins <= 0)) for r in bres.values()],
        "test error": [berr[k] for k in bres],
        "certificate gap": [r.gap for r in bres.values()],
    }
)
book.table(
    sk_df,
    caption="Banana realisation 1, stumps, T = 200: mean skewness after round 50, training "
    "and test error, and the certificate gap of each run.",
    formats="{:.4f}",
)

# %% [markdown]
# ```{glue:figure} fig-sun-skewness
# :name: fig-sun-skewness
#
# Banana realisation 1, decision stumps. Left: the skewness $\mathrm{KL}(d^{(t)}\Vert d_0)$ per
# round; middle: the largest weight $N\max_nd^{(t)}_n$; right: the cumulative
# distribution of the normalised margins. AdaBoost$_{KL}$'s and AdaBoost$_{Norm2}$'s
# distributions stay less skewed than AdaBoost's: the paper's mechanism holds.
# ```

# %%
assert skew["AdaBoost_KL"] < skew["AdaBoost"]
assert skew["AdaBoost_Norm2"] < skew["AdaBoost"]

# %% tags=["remove-input"]
claims.check(
    "Sun §4 skewness",
    status="holds",
    on="banana realisation 1, stumps, T = 200 (the mechanism does not depend on the weak "
    "learner)",
    note="AdaBoost_KL's and AdaBoost_Norm2's distributions are less skewed than AdaBoost's",
    paper="less skewed",
    ours=f"mean KL {skew['AdaBoost_KL']:.3f} (KL), {skew['AdaBoost_Norm2']:.3f} (Norm2) < "
    f"{skew['AdaBoost']:.3f} (AdaBoost)",
)

# %% [markdown]
# ## 2. Fig. 5 redrawn: decision boundaries on banana
#
# The paper's Fig. 5 shows AdaBoost's boundary on one banana realisation as a zigzag that chases
# the noisy samples, and AdaBoost$_{N2}$ / AdaBoost$_{KL}$ as smoother boundaries that give up some
# hard samples. With stumps every boundary is axis-parallel, so "smooth" means fewer and larger
# steps. {numref}`fig-sun-fig5` shows the three classifiers of the previous section on
# realisation 1. The figure's claim is asserted on realisations 1–3: the number of label
# switches along the grid lines (a proxy for the boundary's length) is more than 1.5 times larger
# for AdaBoost, the regularised boosters leave more training points with a negative margin, and
# their test error is lower.

# %% tags=["hide-input"]
g0, g1 = np.meshgrid(
    np.linspace(bds.X[:, 0].min() - 0.3, bds.X[:, 0].max() + 0.3, 160),
    np.linspace(bds.X[:, 1].min() - 0.3, bds.X[:, 1].max() + 0.3, 160),
)
grid_pts = np.c_[g0.ravel(), g1.ravel()]
fig, ax = plt.subplots(
    1, 3, figsize=(book.COLUMN_INCHES, 3.2), sharex=True, sharey=True
)
n_switch = {}
for a_, k in zip(ax, ("AdaBoost", "AdaBoost_Norm2", "AdaBoost_KL"), strict=True):
    r = bres[k]
    fg = boracle.predict(r.hypotheses, r.weights, grid_pts).reshape(g0.shape)
    lab = np.where(fg >= 0, 1.0, -1.0)
    n_switch[k] = int(
        np.sum(lab[:, 1:] != lab[:, :-1]) + np.sum(lab[1:, :] != lab[:-1, :])
    )
    a_.contourf(
        g0, g1, lab, levels=[-2, 0, 2], colors=["#f4c7c3", "#c6dbef"], alpha=0.8
    )
    a_.contour(g0, g1, fg, levels=[0.0], colors="k", linewidths=0.8)
    a_.scatter(*bds.X[bds.y > 0].T, s=3, c="tab:blue")
    a_.scatter(*bds.X[bds.y < 0].T, s=3, c="tab:red")
    bad = r.margins < 0
    a_.scatter(*bds.X[bad].T, s=25, facecolors="none", edgecolors="k", linewidths=0.6)
    a_.set_title(f"{LABELS[k]}\ntest {100 * berr[k]:.1f}%, {bad.sum()} with $\\rho<0$")
    a_.set_xlabel("$x_1$")
ax[0].set_ylabel("$x_2$")
fig.tight_layout()
book.figure("fig-sun-fig5", fig)


def fig5_row(i):
    """Boundary length proxy, negative training margins, test error of AB, AB_N2, AB_KL."""
    ds = rb.datasets.load("banana", realisation=i)
    o = rb.StumpOracle(ds.X, ds.y)
    fits = {
        "AdaBoost": rb.adaboost(o, max_iter=200, store_d=False),
        "AdaBoost_Norm2": rb.adaboost_norm2(
            o, beta=0.2 * math.sqrt(ds.n_examples), max_iter=200
        ),
        "AdaBoost_KL": rb.adaboost_kl(o, beta=0.2, max_iter=200),
    }
    row = {}
    for k, r in fits.items():
        pred = o.predict(r.hypotheses, r.weights, grid_pts) >= 0
        lab = np.where(pred, 1.0, -1.0).reshape(g0.shape)
        switches = int(
            np.sum(lab[:, 1:] != lab[:, :-1]) + np.sum(lab[1:, :] != lab[:-1, :])
        )
        err = rb.experiments.error_rate(
            o.predict(r.hypotheses, r.weights, ds.X_test), ds.y_test
        )
        row[k] = (switches, int(np.sum(r.margins < 0)), err)
    return row


fig5 = {i: fig5_row(i) for i in (1, 2, 3)}  # the same grid box on every realisation
book.table(
    pd.DataFrame(
        [
            {
                "realisation": i,
                "booster": k,
                "label switches": v[0],
                "training margins < 0": v[1],
                "test error": v[2],
            }
            for i, row in fig5.items()
            for k, v in row.items()
        ]
    ),
    caption="Fig. 5's claim on banana realisations 1-3 (stumps, T = 200): label switches along "
    "the lines of a 160 x 160 grid (a proxy for the boundary's length), training points with "
    "a negative margin, and test error.",
    formats={"test error": "{:.3f}"},
)

# %% [markdown]
# ```{glue:figure} fig-sun-fig5
# :name: fig-sun-fig5
#
# Fig. 5 of the paper redrawn with decision stumps: the decision regions of AdaBoost,
# AdaBoost$_{Norm2}$ and AdaBoost$_{KL}$ on banana realisation 1 (training points coloured by
# label, those with a negative training margin circled). AdaBoost's boundary is the longest and
# encloses more of the noisy points; the regularised boosters give up more hard samples and have
# a lower test error. Protocol substituted: stumps instead of the paper's RBF networks.
# ```

# %%
for row in fig5.values():
    ab_, others = row["AdaBoost"], [row["AdaBoost_Norm2"], row["AdaBoost_KL"]]
    assert all(
        ab_[0] > 1.5 * o_[0] for o_ in others
    )  # AdaBoost's boundary is the longest
    assert all(
        o_[1] > ab_[1] for o_ in others
    )  # the regularised ones give up more samples
    assert all(o_[2] < ab_[2] for o_ in others)  # ... and have the lower test error
assert (
    fig5[1]["AdaBoost"][0] == n_switch["AdaBoost"]
)  # the drawn realisation is the first

# %% tags=["remove-input"]
claims.check(
    "Sun Fig 5",
    status="protocol substituted",
    on="banana realisations 1-3, stumps, T = 200, beta as in section 1",
    differs="decision stumps instead of the paper's RBF networks; beta fixed (0.2, "
    "0.2 sqrt(N)) instead of chosen by cross-validation",
    note="the figure's qualitative reading holds on all three realisations: AdaBoost's "
    "boundary has > 1.5x the label switches of AB_KL's and AB_N2's; these have more negative "
    "training margins and a lower test error",
    paper="AdaBoost zigzags; KL/Norm2 smooth, lower error",
    ours="; ".join(
        f"real. {i}: switches {r['AdaBoost'][0]} vs {r['AdaBoost_Norm2'][0]}, "
        f"{r['AdaBoost_KL'][0]}"
        for i, r in fig5.items()
    ),
)

# %% [markdown]
# ## 3. Fig. 6: waveform
#
# The paper's Fig. 6 (one waveform realisation, RBF nets): AdaBoost drives the training error to
# zero and "quickly leads to overfitting", while AdaBoost$_{N2}$ and AdaBoost$_{KL}$ allow a few
# hard samples small or negative margins and "effectively overcome the overfitting". Here: IDA
# waveform realisation 1 (400 training and 4600 test points), stumps, 500 rounds, $\beta$ as
# above. The error curves ({numref}`fig-sun-fig6`) come from the study `sun_fig6`
# (`refboost-repro sun_fig6 --scale paper`): traced cells that store the training and test error
# at roughly geometric rounds $t$ of each run. The margin panel is recomputed here from the same
# three runs, and those runs give the second path for the curves: their per-round errors
# (`rb.experiments.staged_errors`) must equal the stored trace at every stored $t$.

# %% tags=["hide-input"]
FIG6_NAMES = {
    "adaboost": "AdaBoost",
    "adaboost_norm2": "AdaBoost_Norm2",
    "adaboost_kl": "AdaBoost_KL",
}
with studies.Store(studies.default_store("sun_fig6", "paper")) as sto:
    fig6_recs = {FIG6_NAMES[r["booster"]]: r for r in sto.records()}
traces = {k: json.loads(r["trace"]) for k, r in fig6_recs.items()}
wav = rb.datasets.load("waveform", realisation=1)
o_w = rb.StumpOracle(wav.X, wav.y)
fig6 = {
    "AdaBoost": rb.adaboost(o_w, max_iter=500, store_d=False),
    "AdaBoost_Norm2": rb.adaboost_norm2(
        o_w, beta=0.2 * math.sqrt(wav.n_examples), max_iter=500
    ),
    "AdaBoost_KL": rb.adaboost_kl(o_w, beta=0.2, max_iter=500),
}
curves = {
    k: (
        rb.experiments.staged_errors(o_w, r, wav.X, wav.y),
        rb.experiments.staged_errors(o_w, r, wav.X_test, wav.y_test),
    )
    for k, r in fig6.items()
}

# %%
for k, r in fig6.items():  # the store holds these runs: same beta and rounds
    p = json.loads(fig6_recs[k]["params"])
    assert p["max_iter"] == 500 and p.get("beta") == r.params.get("beta")
for k, tr in traces.items():  # second path: the stored trace = the per-round errors
    t_idx = np.asarray(tr["t"]) - 1
    assert np.array_equal(curves[k][0][t_idx], tr["train_error"])
    assert np.array_equal(curves[k][1][t_idx], tr["test_error"])
# claims: none (the study's stored trace and the recomputed errors agree: two paths)


# %% tags=["hide-input"]
fig, ax = plt.subplots(1, 2, figsize=(book.COLUMN_INCHES, 3.4))
for k, tr in traces.items():
    line = ax[0].plot(tr["t"], tr["test_error"], "o-", ms=3, label=f"{LABELS[k]} test")[
        0
    ]
    ax[0].plot(
        tr["t"],
        tr["train_error"],
        "s--",
        ms=3,
        color=line.get_color(),
        label=f"{LABELS[k]} train",
    )
    m = np.sort(fig6[k].margins)
    ax[1].plot(m, np.arange(1, m.size + 1) / m.size, label=LABELS[k])
ax[0].set(xlabel="round $t$", xscale="log", ylabel="error", ylim=(0, 0.3))
ax[1].set(xlabel="normalised margin", ylabel="fraction of examples")
ax[0].legend(loc="upper right", ncol=1, fontsize=9)
ax[1].legend(loc="upper left")
fig.tight_layout()
book.figure("fig-sun-fig6", fig)
f6_rows = []
for k, tr in traces.items():
    i_best = int(np.argmin(tr["test_error"]))
    f6_rows.append(
        {
            "booster": k,
            "final training error": tr["train_error"][-1],
            "best test error": tr["test_error"][i_best],
            "at round": tr["t"][i_best],
            "final test error": tr["test_error"][-1],
            "training margins < 0": int(np.sum(fig6[k].margins < 0)),
        }
    )
book.table(
    pd.DataFrame(f6_rows),
    caption="Waveform realisation 1, stumps, 500 rounds (the stored trace): final training "
    "error, the best test error over the stored rounds and where, the final test error, and "
    "the number of training points with a negative margin.",
    formats="{:.3f}",
)

# %% [markdown]
# ```{glue:figure} fig-sun-fig6
# :name: fig-sun-fig6
#
# Fig. 6 of the paper redrawn with decision stumps on waveform realisation 1. Left: training
# (dashed) and test (solid) error against the round (stored trace of the study `sun_fig6`);
# right: the cumulative distribution of the final normalised margins. AdaBoost's training error
# reaches 0 and the regularised boosters leave hard samples with negative margins, as in the
# paper; but AdaBoost does not overfit here, and AdaBoost$_{KL}$ ends with a higher test error.
# ```
#
# Asserted: AdaBoost's training error reaches 0 and the regularised boosters leave at least 5
# training points with a negative margin (AdaBoost none), as in the figure; but AdaBoost does not
# overfit here (its final test error is within 0.005 of its best over the 500 rounds) and
# AdaBoost$_{KL}$ ends with a *higher* test error than AdaBoost.

# %%
ab_tr = traces["AdaBoost"]
assert ab_tr["train_error"][-1] == 0 and np.sum(fig6["AdaBoost"].margins < 0) == 0
assert all(np.sum(fig6[k].margins < 0) >= 5 for k in ("AdaBoost_Norm2", "AdaBoost_KL"))
assert ab_tr["test_error"][-1] - min(ab_tr["test_error"]) < 0.005  # no overfitting
assert curves["AdaBoost"][1][-1] - curves["AdaBoost"][1].min() < 0.005  # (every round)
assert (
    traces["AdaBoost_KL"]["test_error"][-1] > ab_tr["test_error"][-1]
)  # KL ends worse

# %% tags=["remove-input"]
claims.check(
    "Sun Fig 6",
    status="protocol substituted",
    on="IDA waveform realisation 1, stumps, 500 rounds (study sun_fig6)",
    differs="decision stumps instead of the paper's RBF networks; beta fixed, not "
    "cross-validated",
    note="training error 0 and the regularised boosters' negative margins reproduced; with "
    "stumps there is no overfitting to overcome: AdaBoost's final test error is within 0.005 "
    "of its best, AdaBoost_KL's is higher",
    paper="AdaBoost overfits; KL/Norm2 overcome it",
    ours=f"AdaBoost final {ab_tr['test_error'][-1]:.3f} vs best "
    f"{min(ab_tr['test_error']):.3f}; KL final {traces['AdaBoost_KL']['test_error'][-1]:.3f}",
)

# %% [markdown]
# Whether the regularised boosters' lower skewness turns into lower test error across data sets,
# the paper's Tables 1 and 2, is the subject of {doc}`07_3_tables`.
