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
# (ch-shen-real)=
# # Real data, one split each: Figs. 1, 4 and 5
#
# {cite:t}`shen2010`, §4, compare AdaBoost, AdaBoost-CG, AdaBoost-QP and arc-gv on LIBSVM data sets.
# This page re-runs the comparisons behind three figures on one random split each: Fig. 1 (the
# negative entropy $\sum_iu_i\log u_i$ of the example weights, AdaBoost against arc-gv), Fig. 4 (the
# margin distributions) and Fig. 5 (how fast AdaBoost-CG converges). The tables at the paper's own
# protocol (ten or five seeded splits, $T$ chosen on validation) are read from the study stores in
# {ref}`ch-shen-protocol`; where a run here departs from the paper's protocol its verdict says so.
#
# **What this page finds.** AdaBoost-CG is much faster than AdaBoost in iterations, by a ratio that
# grows with the number of rounds (Fig. 5 reproduced); Fig. 1's entropy ordering fails on
# breast-cancer (it holds on australian) and Fig. 4's "Arc-Gv has the largest minimum margin" fails,
# both with Arc-Gv as the paper specifies it; Table IX's sizes match except where the stores pool
# LIBSVM's test files.
#
# **Protocol of this page.** 70 % train, 15 % test, 15 % unused; stumps (`refboost.StumpOracle`);
# `refboost.adaboost` for $K$ rounds; $1/T=\|\boldsymbol\lambda_K\|_1$ (the paper's heuristic for
# Table IV); AdaBoost-CG with $\varepsilon=10^{-5}$ and at most $K$ columns; AdaBoost-QP (41) over
# AdaBoost's $K$-round pool at the same $T$ (Table II's pool; the paper picks $T$ on validation);
# arc-gv (`refboost.arcgv`, target $\max(0,\mu_t)$) for $K$ rounds. First breast-cancer with $K=300$.
#
# "Reaches the objective in fewer iterations" is measured on the objective of (5): with a pool
# closed under negation, $\mathrm{Opt}_{(5)}$ at $\mathbf 1^\top\boldsymbol w=1/T$ is also the optimum
# under $\le1/T$, so every AdaBoost iterate ($\|\boldsymbol\lambda_t\|_1\le1/T$) has
# $\mathrm{lse}(-U\boldsymbol\lambda_t)\ge\mathrm{Opt}_{(5)}$; we count the CG iterations until the
# restricted optimum is below AdaBoost's value after $K$ rounds.

# %% tags=["hide-input"]
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy.special import logsumexp

import refboost as rb
from refboost import book, claims, studies
from refboost.boosters.arcgv_clipped import arcgv_clipped
from refboost.experiments import error_rate, random_split

book.setup()


def adaboost_path(res, oracle, X_test=None):
    """Unnormalised train margins U lambda_t (and test scores) after each round."""
    cols, cols_te, out = {}, {}, []
    f_tr = np.zeros(oracle.n_examples)
    f_te = None if X_test is None else np.zeros(X_test.shape[0])
    for rec in res.history:
        k = rec["hypothesis"]
        if k not in cols:
            cols[k] = oracle.column(k)
            if X_test is not None:
                cols_te[k] = oracle.evaluate(k, X_test)
        f_tr = f_tr + rec["alpha"] * cols[k]
        if X_test is not None:
            f_te = f_te + rec["alpha"] * cols_te[k]
        out.append((rec["t"], rec["norm"], f_tr, f_te))
    return out


def entropy_curve(res):
    """sum_i u_i log u_i of the weights u^(t) of every round (Fig. 1)."""
    return np.array(
        [
            float(np.sum(r["d"] * np.log(np.where(r["d"] > 0, r["d"], 1.0))))
            for r in res.history
        ]
    )


def replay(name, K, seed=0):
    """AdaBoost, AdaBoost-CG, AdaBoost-QP and arc-gv on one 70/15/15 split."""
    ds = rb.datasets.load(name)
    tr, held = random_split(ds.n_examples, 0.3, np.random.default_rng(seed))
    te = held[: len(held) // 2]
    X_te, y_te = ds.X[te], ds.y[te]
    stumps = rb.StumpOracle(ds.X[tr], ds.y[tr])
    ab = rb.adaboost(stumps, max_iter=K)
    path = adaboost_path(ab, stumps, X_te)
    lse_ab = np.array([logsumexp(-f) for _, _, f, _ in path])
    err_ab = np.array([(np.mean(f <= 0), error_rate(g, y_te)) for _, _, f, g in path])
    T = 1 / ab.extra["norm"]
    cg = rb.adaboost_cg(stumps, T=T, eps=1e-5, max_iter=K)
    obj_cg = cg.history_array("objective")
    cols_cg = cg.history_array("t")  # columns after each pricing
    reached = obj_cg <= lse_ab[-1]
    it_cg = int(cols_cg[np.argmax(reached)]) if np.any(reached) else np.nan
    qp = rb.adaboost_qp(stumps, T=T, pool=ab.hypotheses)
    arc = rb.arcgv(stumps, max_iter=K)

    def test(r):
        return error_rate(stumps.predict(r.hypotheses, r.weights, X_te), y_te)

    return dict(
        name=name, M=len(tr), T=T, ab=ab, cg=cg, qp=qp, arc=arc, lse_ab=lse_ab,
        obj_cg=obj_cg, cols_cg=cols_cg, it_cg=it_cg, err_ab=err_ab, te_cg=test(cg),
        te_qp=test(qp), te_arc=test(arc), tr_cg=float(np.mean(cg.margins <= 0)),
        ent_ab=entropy_curve(ab), ent_arc=entropy_curve(arc),
    )  # fmt: skip


# %% [markdown]
# ## 1 Breast-cancer, $K=300$
#
# The call that matters: AdaBoost-CG at AdaBoost's $\ell_1$ norm, certified, reaching AdaBoost's
# 300-round objective in fewer iterations; and AdaBoost's minimum margin at least AdaBoost-QP's.

# %%
K = 300
bc = replay("breast-cancer", K)
cg_bc = bc["cg"]
mins = [bc[k].margins.min() for k in ("ab", "qp", "arc")]
mins.append(cg_bc.extra["normalized_margins"].min())
means = [bc[k].margins.mean() for k in ("ab", "qp", "arc")]
means.append(cg_bc.extra["normalized_margins"].mean())
bc["frac_ent"] = float(np.mean(bc["ent_ab"] <= bc["ent_arc"] + 1e-12))

# %% tags=["hide-input"]
algs = ["AdaBoost", "AdaBoost-QP", "arc-gv", "AdaBoost-CG"]
book.table(
    pd.DataFrame(
        {
            "booster": algs,
            "minimum margin": mins,
            "mean margin": means,
            "test error": [bc["err_ab"][-1, 1], bc["te_qp"], bc["te_arc"], bc["te_cg"]],
            "training error": [bc["err_ab"][-1, 0], np.nan, np.nan, bc["tr_cg"]],
        }
    ),
    caption=f"Breast-cancer, one split (seed 0), K = {K} rounds, 1/T = ||lambda_K||_1 = "
    f"{1 / bc['T']:.1f}: normalised margins and errors of the four boosters.",
    formats="{:.3f}",
)

# %% [markdown]
# AdaBoost-CG needs {glue:text}`shen-bc-itcg` columns to reach AdaBoost's 300-round objective, a
# ratio of {glue:text}`shen-bc-ratio` (the paper: "around 10 times faster"). Three statements of
# the paper do not hold on this split, and are asserted as such below; each is re-judged at the
# paper's protocol later, so here they are side remarks:
#
# * **Fig. 1** ("AdaBoost's $\sum u\log u$ is consistently lower than arc-gv's"): AdaBoost's is
#   *higher* in most rounds. With $\mu_t>0$ arc-gv's step $\operatorname{artanh}r_t-\operatorname{artanh}\mu_t$
#   is shorter than AdaBoost's, so its weights stay closer to uniform.
# * **Fig. 4** ("arc-gv has the largest minimum margin"): after $K=300$ rounds arc-gv's minimum
#   margin is below AdaBoost's; arc-gv converges to the LP margin only asymptotically.
# * **Table II** ("QP has the larger average margin"): at the heuristic $T=1/\|\boldsymbol\lambda_K\|_1$
#   the variance term of (41) dominates and QP's mean margin is *below* AdaBoost's; the paper picks
#   $T$ on validation from $\{1/10,\dots,1/500\}$, and at that protocol the ordering holds on every
#   data set's mean ({ref}`ch-shen-protocol`).

# %%
# AdaBoost-CG at AdaBoost's l1 norm: certified, and below AdaBoost's K-round
# objective in fewer iterations; AdaBoost's minimum margin >= AdaBoost-QP's
assert cg_bc.converged and cg_bc.extra["primal_objective"] <= bc["lse_ab"][-1] + 1e-9
assert bc["it_cg"] < K and mins[1] <= mins[0]
# the three side remarks: Fig. 1, Fig. 4 and Table II's mean margins at this T
assert bc["frac_ent"] < 0.5  # AdaBoost's sum u log u the lower one in < half the rounds
assert bc["arc"].margins.min() < bc["ab"].margins.min()  # arc-gv's min margin below
assert bc["qp"].margins.mean() < bc["ab"].margins.mean()  # QP's mean margin below

# %% tags=["remove-input"]
book.glue("shen-bc-itcg", f"{bc['it_cg']}")
book.glue("shen-bc-ratio", f"{K / bc['it_cg']:.1f}")
claims.check(
    "Shen-Li Fig 1",
    status="protocol substituted",
    on="breast-cancer, K = 300",
    differs="arc-gv in Rudin et al.'s form (target max(0, mu_t), step not clipped), K = 300, "
    "one split; the paper's Arc-Gv at K = 600 is judged below",
    note="AdaBoost's negative entropy is the lower one in fewer than half of the rounds",
    paper="AdaBoost lower in every round",
    ours=f"AdaBoost lower in {bc['frac_ent']:.0%} of the rounds",
)
claims.check(
    "Shen-Li Fig 4",
    status="protocol substituted",
    on="breast-cancer, K = 300",
    differs="arc-gv in Rudin et al.'s form, K = 300 (the paper: 600), one split",
    note="arc-gv's minimum margin is below AdaBoost's",
    paper="arc-gv's minimum margin the largest",
    ours=f"arc-gv {bc['arc'].margins.min():.4f} < AdaBoost {bc['ab'].margins.min():.4f}",
)
claims.check(
    "Shen-Li Table II",
    status="protocol substituted",
    on="breast-cancer, K = 300",
    differs="one split, AdaBoost's 300-round pool, T = 1/||lambda_K||_1 (the paper: ten "
    "splits, 1500 rounds, T chosen on validation); the verdict at the paper's protocol is on "
    "the study page",
    note="AdaBoost's minimum margin >= AdaBoost-QP's holds; QP's mean margin is below "
    "AdaBoost's at this T",
    paper="QP: larger mean margin; AdaBoost: larger minimum margin",
    ours=f"mean QP {bc['qp'].margins.mean():.4f} < AdaBoost {bc['ab'].margins.mean():.4f}; "
    f"min AdaBoost {mins[0]:.4f} >= QP {mins[1]:.4f}",
)
claims.check(
    "Shen-Li Alg 1",
    status="holds",
    on="the same runs",
    paper="AdaBoost, arc-gv run",
    ours=f"{K} rounds each",
)

# %% [markdown]
# {numref}`fig-shen-margins` shows the four margin distributions on this split (the paper's Fig. 4 is
# breast-cancer with 600 rounds), {numref}`fig-shen-entropy-conv` the negative entropy of the example
# weights (Fig. 1) and the convergence of the objective of (5) (Fig. 5).

# %% tags=["hide-input"]
fig, ax = plt.subplots(figsize=(book.COLUMN_INCHES, 3.8))
margins4 = (
    ("AdaBoost", bc["ab"].margins),
    ("AdaBoost-CG", cg_bc.extra["normalized_margins"]),
    ("AdaBoost-QP", bc["qp"].margins),
    ("arc-gv", bc["arc"].margins),
)
for lab, marg in margins4:
    ms = np.sort(marg)
    ax.plot(
        ms,
        np.arange(1, len(ms) + 1) / len(ms),
        label=f"{lab} (min {ms[0]:.3f}, mean {ms.mean():.3f})",
    )
ax.set(xlabel=r"normalised margin $\varrho_i$", ylabel="cumulative fraction")
ax.legend(loc="upper left")
fig.tight_layout()
book.figure("fig-shen-margins", fig)

# %% [markdown]
# ```{glue:figure} fig-shen-margins
# :name: fig-shen-margins
#
# Cumulative distributions of the normalised training margins on breast-cancer (one split,
# $K=300$), as in Shen & Li's Fig. 4. Arc-gv's minimum margin is *below* AdaBoost's and
# AdaBoost-QP's mean margin is below AdaBoost's at this $T$: Fig. 4's orderings do not hold here;
# at the paper's $K=600$ with its Arc-Gv they fail too (section 2 below).
# ```

# %% tags=["hide-input"]
fig, ax = plt.subplots(1, 2, figsize=(book.COLUMN_INCHES, 3.4))
ax[0].plot(bc["ent_ab"], label="AdaBoost")
ax[0].plot(bc["ent_arc"], ls="--", label="arc-gv")
ax[0].set(xlabel="iteration", ylabel=r"$\sum_i u_i\log u_i$")
ax[0].legend(loc="lower right")
opt = cg_bc.extra["primal_objective"]
ax[1].loglog(np.arange(1, K + 1), bc["lse_ab"] - opt, label="AdaBoost")
ax[1].loglog(bc["cols_cg"], bc["obj_cg"] - opt + 1e-12, ls="--", label="AdaBoost-CG")
ax[1].set(xlabel="iteration", ylabel=r"objective of (5) $-$ Opt(5)")
ax[1].legend(loc="lower left")
fig.tight_layout()
book.figure("fig-shen-entropy-conv", fig)

# %% [markdown]
# ```{glue:figure} fig-shen-entropy-conv
# :name: fig-shen-entropy-conv
#
# Breast-cancer, one split, $K=300$. Left (Fig. 1): the negative entropy $\sum_iu_i\log u_i$ of
# the example weights per round; AdaBoost's is the *higher* one in most rounds, against the paper's
# "consistently lower". Right (Fig. 5): the objective of (5) above its optimum at $T$, per
# iteration; AdaBoost-CG gets below AdaBoost's 300-round value in about a tenth of the iterations.
# ```
#
# ## 2 Arc-Gv as Shen & Li specify it: Figs. 1 and 4 at the paper's $K=600$
#
# The arc-gv above is Rudin et al.'s form (target $\max(0,\mu_t)$, step not clipped). The paper's
# Algorithm 1 takes the target $\varrho_j$ = the current minimum margin, **negative allowed**, and
# clips the step (8) into $[0,1]$ (`refboost.boosters.arcgv_clipped.arcgv_clipped`). Fig. 4 is breast-cancer
# with 600 rounds of AdaBoost and Arc-Gv; Fig. 1 is breast-cancer and australian (rounds not stated;
# we take 600). We re-judge both on five random splits (seeds 0 to 4, the 70 % training part),
# AdaBoost-QP over AdaBoost's pool at the heuristic $T$ as above.

# %%
K_PAPER = 600
fig14 = []
for name in ("breast-cancer", "australian"):
    ds_ = rb.datasets.load(name)
    for seed in range(5):
        tr_, _ = random_split(ds_.n_examples, 0.3, np.random.default_rng(seed))
        o = rb.StumpOracle(ds_.X[tr_], ds_.y[tr_])
        ab_, arc_ = rb.adaboost(o, max_iter=K_PAPER), arcgv_clipped(o, max_iter=K_PAPER)
        qp_ = rb.adaboost_qp(o, T=1 / ab_.extra["norm"], pool=ab_.hypotheses)
        assert arc_.n_iter == K_PAPER and arc_.extra["stop_reason"] == "max_iter"
        e_ab, e_arc = entropy_curve(ab_), entropy_curve(arc_)
        fig14.append(
            dict(data=name, split=seed, ab_lower=float(np.mean(e_ab <= e_arc + 1e-12)))
            | {f"min {k}": r_.margins.min() for k, r_ in (("AB", ab_), ("Arc", arc_))}
            | {"min QP": qp_.margins.min()}
            | {f"mean {k}": r_.margins.mean() for k, r_ in (("AB", ab_), ("Arc", arc_))}
            | {"mean QP": qp_.margins.mean()}
            | {"clipped": float(np.mean(arc_.history_array("raw_step") > 1))}
        )
f14 = pd.DataFrame(fig14)
bc14, au14 = f14[f14.data == "breast-cancer"], f14[f14.data == "australian"]
assert (au14.ab_lower >= 0.95).all()  # Fig. 1 holds on australian
# ... fails on breast-cancer (4 of 5 splits)
assert (bc14.ab_lower < 0.5).sum() == 4
assert (bc14["min Arc"] < bc14["min AB"]).all()  # Fig. 4: Arc-Gv's minimum margin below
# mean margins: Arc-Gv > AdaBoost > QP, not QP > AdaBoost > Arc-Gv
assert (
    (bc14["mean Arc"] > bc14["mean AB"]) & (bc14["mean AB"] > bc14["mean QP"])
).all()

# %% tags=["remove-input"]
claims.check(
    "Shen-Li Fig 1",
    status="fails",
    on="Arc-Gv clipped into [0, 1], K = 600, five splits each of breast-cancer and australian",
    counterexample="breast-cancer, 4 of 5 splits: AdaBoost's sum u log u is the lower one in "
    "fewer than half of the 600 rounds",
    note="holds on australian (>= 95 % of the rounds on every split)",
    paper="AdaBoost's sum u log u consistently lower",
    ours=f"breast-cancer: lower in {bc14.ab_lower.min():.0%}-{bc14.ab_lower.max():.0%} of "
    f"the rounds; australian: {au14.ab_lower.min():.0%}-{au14.ab_lower.max():.0%}",
)
claims.check(
    "Shen-Li Fig 4",
    status="fails",
    on="breast-cancer, Arc-Gv clipped into [0, 1], K = 600, five splits",
    counterexample="breast-cancer, every one of 5 splits: Arc-Gv's minimum margin is below "
    "AdaBoost's, and the mean margins order Arc-Gv > AdaBoost > QP",
    note="Arc-Gv's minimum margin is below AdaBoost's, and its mean margin above AdaBoost's, "
    "on every split",
    paper="Arc-Gv: largest minimum margin; QP: largest mean",
    ours=f"min margin Arc-Gv - AdaBoost at most {(bc14['min Arc'] - bc14['min AB']).max():+.4f}",
)
claims.check(
    "Shen-Li Alg 1",
    status="holds",
    on="the same runs",
    note="Arc-Gv with the target varrho_j = current minimum margin and the step clipped "
    "into [0, 1]",
    paper="Arc-Gv runs K rounds",
    ours=f"{K_PAPER} rounds on all 10 runs",
)

# %% tags=["hide-input"]
book.table(
    f14.rename(
        columns={
            "ab_lower": "rounds with AB's sum u log u lower",
            "clipped": "Arc-Gv steps clipped at 1",
        }
    ),
    caption="AdaBoost (AB), Arc-Gv as the paper specifies it (Arc) and AdaBoost-QP (QP), "
    "600 rounds, five splits each: Fig. 1's entropy ordering (share of rounds) and Fig. 4's "
    "minimum and mean normalised margins.",
    formats={c: "{:.4f}" for c in f14.columns if c.startswith(("min", "mean"))}
    | {
        "rounds with AB's sum u log u lower": "{:.0%}",
        "Arc-Gv steps clipped at 1": "{:.1%}",
    },
)

# %% [markdown]
# ## 3 Fig. 5: "around 10 times faster" at the paper's $K=1000$
#
# The paper (§4.2): "AdaBoost-CG converges much faster than AdaBoost in terms of number of
# iterations. On most tested datasets, AdaBoost-CG is around 10 times faster than AdaBoost." We
# measure the ratio $K$ / (CG iterations until the restricted optimum of (5) is below AdaBoost's
# $K$-round objective) on the three Fig. 5 data sets stored with the project (australian,
# breast-cancer and heart; heart is the training part of IDA realisation 1, 170 examples, not the 270
# of the LIBSVM file), split seed 0, $K=1000$. The claim is a lower bound on the speed-up ("much
# faster", "around 10 times"), so the band is one-sided: a ratio of at least 5, a factor 2 below
# the paper's 10; a larger ratio is the claim in a stronger form, not a contradiction. The same runs
# give Table IV's comparison at 1000 rounds (test error on the 15 % test part, training error).

# %%
ratio5, table4 = {}, {}
for name in ("australian", "breast-cancer", "heart"):
    ds_ = rb.datasets.load(name)
    tr_, held_ = random_split(ds_.n_examples, 0.3, np.random.default_rng(0))
    te_ = held_[: len(held_) // 2]
    o = rb.StumpOracle(ds_.X[tr_], ds_.y[tr_])
    ab_ = rb.adaboost(o, max_iter=1000, store_d=False)
    lse_K = logsumexp(-ab_.margins * ab_.extra["norm"])
    cg_ = rb.adaboost_cg(o, T=1 / ab_.extra["norm"], eps=1e-5, max_iter=1000)
    obj_, cols_ = cg_.history_array("objective"), cg_.history_array("t")
    assert cg_.converged and np.any(obj_ <= lse_K)
    ratio5[name] = 1000 / int(cols_[np.argmax(obj_ <= lse_K)])
    table4[name] = [
        error_rate(o.predict(r_.hypotheses, r_.weights, ds_.X[te_]), ds_.y[te_])
        for r_ in (ab_, cg_)
    ]
    table4[name] += [float(np.mean(r_.margins <= 0)) for r_ in (ab_, cg_)] + [len(te_)]
# Table IV, one split: similar test errors, CG's training error no larger
assert all(abs(v[0] - v[1]) < 0.05 and v[3] <= v[2] for v in table4.values())
assert all(v > 5 for v in ratio5.values())  # CG is much faster everywhere ...
# ... and on two of three more than 20 times faster: the ratio grows with K
assert [k for k, v in ratio5.items() if v > 20] == ["breast-cancer", "heart"]

# %% tags=["remove-input"]
claims.check(
    "Shen-Li Fig 5",
    status="reproduced",
    on="australian, breast-cancer, heart, K = 1000, split seed 0; breast-cancer at K = 300",
    margin="one-sided: iteration ratio >= 5 on every data set (a factor 2 below the paper's "
    "'around 10'; the claim is 'much faster', so a larger ratio is not a contradiction)",
    note="the ratio is not a property of the two algorithms: CG's count saturates after a few "
    "dozen columns while AdaBoost's grows with K, so the ratio grows roughly like K",
    paper="around 10x fewer iterations",
    ours=", ".join(f"{k} {v:.1f}" for k, v in ratio5.items())
    + f"; breast-cancer at K = 300: {K / bc['it_cg']:.1f}",
)
claims.check(
    "Shen-Li Table IV",
    status="protocol substituted",
    on="australian, breast-cancer, heart (IDA), one split, 1000 rounds",
    differs="one split (the paper: 5 runs) on 3 sets (the paper: 14); heart is the 170-example "
    "IDA realisation; the paper's protocol is on the study page",
    note="test errors within 0.05 of each other, CG's training error no larger",
    paper="similar test error, CG's training error no worse",
    ours="; ".join(f"{k} {v[0]:.3f}/{v[1]:.3f}" for k, v in table4.items()),
)

# %% tags=["hide-input"]
book.table(
    pd.DataFrame(
        [(k, ratio5[k], *v) for k, v in table4.items()],
        columns=[
            "data set",
            "iteration ratio AdaBoost / CG",
            "test error AdaBoost",
            "test error CG",
            "training error AdaBoost",
            "training error CG",
            "test examples",
        ],
    ),
    caption="K = 1000, split seed 0: the iteration ratio (AdaBoost's 1000 rounds over the CG "
    "iterations that reach AdaBoost's objective) and Table IV's errors at 1000 rounds.",
    formats={"iteration ratio AdaBoost / CG": "{:.1f}"}
    | {c: "{:.3f}" for c in ("test error AdaBoost", "test error CG")}
    | {c: "{:.3f}" for c in ("training error AdaBoost", "training error CG")},
)

# %% [markdown]
# The ratio grows with $K$ because AdaBoost-CG's iteration count saturates (it converges after a few
# dozen columns) while AdaBoost's grows: about {glue:text}`shen-bc-ratio` on breast-cancer at
# $K=300$, above 20 at $K=1000$. The paper's "around 10 times" is therefore a statement about its
# $K=1000$ runs rather than about the two algorithms; what holds everywhere is "much faster".
#
# ## 4 Table IX: the data sets
#
# Table IX lists the 14 data sets with their numbers of examples and features. The study stores
# ({ref}`ch-shen-protocol`) hold 13 of them (liver-disorders is not in the data catalogue); each
# stored cell records the sizes of its training, validation and test parts, whose sum is the data
# set's number of examples. The features are checked on the data files present on this machine.

# %%
table_ix = {  # Shen & Li (2010), Table IX: examples, features
    "australian": (690, 14), "breast-cancer": (683, 10), "diabetes": (768, 8),
    "fourclass": (862, 2), "german.numer": (1000, 24), "libsvm:heart": (270, 13),
    "ionosphere": (351, 34), "liver-disorders": (345, 6), "mushrooms": (8124, 112),
    "sonar": (208, 60), "libsvm:splice": (1000, 60), "svmguide1": (3089, 4),
    "svmguide3": (1243, 22), "w1a": (2477, 300),
}  # fmt: skip
stored_n = {}
for study in ("shen_tables", "shen_table3", "shen_table6", "shen_table58"):
    with studies.Store(studies.default_store(study, "paper")) as sto:
        for rec in sto.records():
            n = rec["n_train"] + rec["n_val"] + rec["n_test"]
            stored_n.setdefault(rec["dataset"], set()).add(n)
assert all(len(v) == 1 for v in stored_n.values())  # one size per data set
stored_n = {k: v.pop() for k, v in stored_n.items()}
n_match = [d for d in stored_n if stored_n[d] == table_ix[d][0]]
n_differ = [d for d in stored_n if stored_n[d] != table_ix[d][0]]
assert len(stored_n) == 13 and "liver-disorders" not in stored_n
assert sorted(n_differ) == ["svmguide1", "svmguide3"]
feat = {}
for d in ("australian", "breast-cancer", "mushrooms", "svmguide1"):
    feat[d] = rb.datasets.load(d).X.shape[1]
assert all(feat[d] == table_ix[d][1] for d in feat)
assert rb.datasets.load("australian").X.shape[0] == 690
assert rb.datasets.load("breast-cancer").X.shape[0] == 683

# %% tags=["remove-input"]
claims.check(
    "Shen-Li Table IX",
    status="partly reproduced",
    on="the 13 data sets of the study stores; features of the 4 data files on this machine",
    margin="exact counts",
    note="11 of the 13 stored sets have Table IX's number of examples; the stores of "
    "svmguide1 and svmguide3 pool the LIBSVM test files (7,089 and 1,284 examples, the table: "
    "3,089 and 1,243); liver-disorders is not in the data catalogue; features as in the table "
    "for australian, breast-cancer, mushrooms and svmguide1",
    paper="14 data sets",
    ours=f"examples as printed on {len(n_match)} of {len(stored_n)} stored sets; "
    f"differ on {', '.join(sorted(n_differ))}",
)
# %% tags=["hide-input"]
ix = pd.DataFrame(
    [
        (
            d,
            n,
            stored_n.get(d, np.nan),
            f,
            feat.get(d, np.nan),
        )
        for d, (n, f) in table_ix.items()
    ],
    columns=["data set", "examples (paper)", "examples (stores)", "features (paper)",
             "features (data file)"],
)  # fmt: skip
book.table(
    ix,
    caption="Table IX against the study stores (training + validation + test sizes of the "
    "stored cells) and, for the features, the data files on this machine (— where absent). "
    "The stores of svmguide1 and svmguide3 pool LIBSVM's training and test files.",
    formats={c: "{:.0f}" for c in ix.columns[1:]},
)
