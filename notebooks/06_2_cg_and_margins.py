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
# (ch-shen-cg)=
# # Column generation, the $T$ homotopy and the Gaussian margins
#
# This page checks the column-generation booster AdaBoost-CG of {cite:t}`shen2010` against the
# optimum over a whole stump class, the homotopy $T\to0$ towards the hard-margin LP, and the two
# statements of §3.5-§3.6 that rest on a Gaussian picture of the margins: Theorem 3.3 (AdaBoost
# approximately maximises the mean margin and minimises the margin variance) and Lemma 3.1 (the
# margins are approximately Gaussian). The duals themselves are checked in {ref}`ch-shen-duality`.
#
# **What this page finds.** AdaBoost-CG reaches the full-class optimum within its certificate and
# the homotopy sandwich holds. The Gaussian approximation (38) behind Theorem 3.3 fails outside
# $\sigma/T\lesssim1$. Lemma 3.1 holds approximately on the paper's australian instance and fails
# as a general statement: on heart the margins move *away* from a Gaussian with more rounds.

# %% tags=["hide-input"]
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd
from scipy import stats
from scipy.integrate import quad
from scipy.special import erf, logsumexp

import refboost as rb
from refboost import book, claims, truth
from refboost.instances import noisy_parabola, threshold_pool

book.setup()
OBJ_TOL = 1e-6  # objective agreement with Clarabel

# %% [markdown]
# ## 1 Column generation certificate on a stump class, and the $T$ homotopy
#
# Synthetic data ($M=120$, $d=4$). AdaBoost-CG prices with the exact stump oracle `refboost.StumpOracle` (all
# thresholds, both polarities, constants); the ground truth needs the whole class as a finite matrix,
# `threshold_pool` = the oracle's class materialised (identical labelings merged). AdaBoost-CG with
# $\varepsilon=10^{-5}$ must end within $\varepsilon/T$ of the full-class optimum of (5) (Clarabel over all
# columns; checked at $1/T\in\{5,20,50\}$: Clarabel fails on this 954-column primal at $T=1$, and at
# $T=1/200$ we rely on the LP sandwich only), with a non-increasing restricted objective.

# %% tags=["hide-input"]
Xs = np.random.default_rng(1).uniform(-1, 1, (120, 4))
noise = 0.3 * np.random.default_rng(5).standard_normal(120)
ys = np.where(Xs[:, 0] + 0.5 * Xs[:, 1] ** 2 - 0.3 + noise > 0, 1.0, -1.0)

# %%
stumps_s = rb.StumpOracle(Xs, ys)
Us = threshold_pool(Xs, ys)  # ground truth only
lp_s = truth.hard_margin_lp(Us)
homotopy = []
for inv_T in (1, 5, 20, 50, 200):
    T = 1 / inv_T
    res = rb.adaboost_cg(stumps_s, T=T, eps=1e-5)
    full = truth.adaboost_l1_primal_eq5(Us, T).value if 5 <= inv_T <= 50 else np.nan
    excess = res.extra["primal_objective"] - full
    opt15 = -T * res.extra["primal_objective"]
    homotopy.append(
        dict(inv_T=inv_T, cols=res.n_iter, cg=res.extra["primal_objective"], full=full)
        | dict(excess=excess, bound=1e-5 / T, opt15=opt15, r=res.extra["r"])
    )
    assert res.converged and np.all(np.diff(res.history_array("objective")) <= 1e-9)
    if 5 <= inv_T <= 50:
        assert -OBJ_TOL <= excess <= 1e-5 / T + OBJ_TOL
    # the LP sandwich, with the gap in (15)'s units
    assert (
        lp_s.value - T * np.log(len(ys)) - 1e-6 <= opt15 <= lp_s.value + res.gap + 1e-9
    )
hom = pd.DataFrame(homotopy)

# %% tags=["remove-input"]
claims.check(
    "Shen-Li §3.7 CG",
    status="holds",
    on="a stump pool, T grid",
    note="certified against the full pool",
    paper="CG reaches the full-class optimum",
    ours=f"largest excess {hom['excess'].max():.1e} (bound eps/T >= 5e-5)",
)
claims.check(
    "Shen-Li §3.1 homotopy",
    status="holds",
    on="the same pool",
    paper="r_LP - T log M <= Opt(15) <= r_LP",
    ours=f"Opt(15) from {hom['opt15'].iloc[0]:.4f} (1/T = 1) to {hom['opt15'].iloc[-1]:.4f} "
    f"(1/T = 200); r_LP = {lp_s.value:.4f}",
)

# %% tags=["hide-input"]
book.glue("shen-pool-cols", f"{Us.shape[1]}")
book.table(
    hom.rename(
        columns={
            "inv_T": "1/T",
            "cols": "CG iterations",
            "cg": "Opt(5), CG",
            "full": "Opt(5), full class",
            "excess": "excess",
            "bound": "eps/T",
            "opt15": "Opt(15)",
            "r": "r* (max edge)",
        }
    ),
    caption="AdaBoost-CG on the stump class against Clarabel over all columns (— where "
    "Clarabel is not run): the excess stays below eps/T.",
    formats={
        "Opt(5), CG": "{:.7f}",
        "Opt(5), full class": "{:.7f}",
        "excess": "{:.1e}",
        "eps/T": "{:.0e}",
        "Opt(15)": "{:.5f}",
        "r* (max edge)": "{:.5f}",
    },
)

# %% [markdown]
# {numref}`fig-shen-homotopy` shows the homotopy: as $1/T$ grows, $\mathrm{Opt}_{(15)}$ and the
# maximal edge $r^\star$ approach the hard margin $r_{LP}$ of the stump class from inside the band
# $[r_{LP}-T\log M,r_{LP}]$.

# %% tags=["hide-input"]
fig, ax = plt.subplots(figsize=(book.COLUMN_INCHES, 3.6))
inv = hom["inv_T"].to_numpy(float)
ax.semilogx(inv, hom["opt15"], "o-", label=r"Opt(15) $= -T\,$Opt(5)")
ax.semilogx(inv, hom["r"], "s-", label=r"$r^\star$ = max edge $= \sum_i u_i\varrho_i$")
ax.axhline(lp_s.value, color="k", ls="--", label=r"hard margin $r_{LP}$ (HiGHS)")
ax.fill_between(
    inv,
    lp_s.value - np.log(len(ys)) / inv,
    lp_s.value,
    color="0.85",
    label=r"$[r_{LP}-T\log M,\ r_{LP}]$",
)
ax.set(xlabel="1/T", ylabel="value")
ax.legend(loc="lower right")
fig.tight_layout()
book.figure("fig-shen-homotopy", fig)

# %% [markdown]
# ```{glue:figure} fig-shen-homotopy
# :name: fig-shen-homotopy
#
# The $T$ homotopy of §3.1 on the stump class ({glue:text}`shen-pool-cols` distinct columns):
# AdaBoost-CG's $\mathrm{Opt}_{(15)}$ and maximal edge $r^\star$ against $1/T$, with the hard
# margin $r_{LP}$ and the band of the LP sandwich. The sandwich holds at every $T$ and (15) tends to
# the hard-margin LP as $T\to0$.
# ```
#
# ## 2 Theorem 3.3: where the Gaussian approximation (38) holds
#
# Theorem 3.3 replaces $\log\frac1M\sum_ie^{-\varrho_i/T}$ by the Gaussian moment generating function
# (38), $-\bar\varrho/T+\sigma^2/(2T^2)$. For exactly Gaussian margins ($\bar\varrho=\sigma=0.1$,
# $M=1000$) the Monte Carlo estimate has relative variance $e^{\sigma^2/T^2}-1$: the approximation is
# good for $\sigma/T\lesssim1$ and useless for $\sigma/T\gg1$, which is most of the paper's $T$ grid
# ($1/T\in[10,500]$) with real margin spreads.

# %%
rho_g = np.random.default_rng(0).normal(0.1, 0.1, 1000)
thm33 = {}
for inv_T in (2, 10, 50, 200):
    emp = logsumexp(-rho_g * inv_T) - np.log(1000)
    approx = -0.1 * inv_T + 0.01 * inv_T**2 / 2
    thm33[inv_T] = (emp, approx)
assert abs(thm33[2][0] - thm33[2][1]) < 0.05 and abs(thm33[10][0] - thm33[10][1]) < 0.1
# sigma/T = 20: off by more than a factor 2
assert thm33[200][1] > 2 * thm33[200][0]

# %% tags=["remove-input"]
claims.check(
    "Shen-Li Thm 3.3",
    status="fails",
    on="sigma/T in {2, 10, 200}",
    counterexample="1000 exactly Gaussian margins (mean = sigma = 0.1) at 1/T = 200 "
    "(sigma/T = 20): (38) is off by more than a factor 2",
    note="(38) holds for small sigma/T and is off by more than a factor 2 at sigma/T = 20",
    paper=f"(38) at sigma/T = 20: {thm33[200][1]:.1f}",
    ours=f"empirical {thm33[200][0]:.1f}",
)

# %% tags=["hide-input"]
book.table(
    pd.DataFrame(
        [(k, 0.1 * k, *v) for k, v in thm33.items()],
        columns=["1/T", "sigma/T", "log mean exp(-rho/T)", "(38)"],
    ),
    caption="Exactly Gaussian margins (mean = sigma = 0.1, M = 1000): the empirical log-MGF "
    "against the Gaussian approximation (38).",
    formats={"sigma/T": "{:.1f}", "log mean exp(-rho/T)": "{:.3f}", "(38)": "{:.3f}"},
)

# %% [markdown]
# The closed form (37) behind (38), the log of the Gaussian integral of $e^{-\varrho/T}$ over an
# interval, is right as printed: on 200 random (mean, $\sigma$, $T$, interval) it agrees with
# quadrature, and over the whole line it is (38).


# %% tags=["hide-input"]
def eq37(mean, sigma, T, lo, hi):
    """Shen & Li (2010), eq. (37), as printed."""

    def z(r_):
        return (r_ - mean) / (np.sqrt(2) * sigma) + sigma / (np.sqrt(2) * T)

    gauss = -np.log(2) - mean / T + sigma**2 / (2 * T**2)
    return gauss + np.log(erf(z(hi)) - erf(z(lo)))


# %% tags=["hide-input"]
rng37, err37 = np.random.default_rng(37), 0.0
for _ in range(200):
    mean, T37 = rng37.uniform(-0.5, 0.5), 1 / rng37.uniform(1, 20)
    sigma = T37 * rng37.uniform(0.05, 2)  # beyond 2 the erf difference cancels
    lo, hi = np.sort(mean + sigma * rng37.uniform(-3, 3, 2))
    quad_val = quad(
        lambda r_: stats.norm.pdf(r_, mean, sigma) * np.exp(-r_ / T37),
        lo,
        hi,
        epsabs=0,
        epsrel=1e-13,
    )[0]
    rel = abs(eq37(mean, sigma, T37, lo, hi) - np.log(quad_val))
    err37 = max(err37, rel / max(1, abs(np.log(quad_val))))
assert err37 < 1e-10
# over the whole line the erf bracket is 2 and (37) is (38)
assert (
    abs(eq37(0.1, 0.1, 0.5, -np.inf, np.inf) - (-0.1 / 0.5 + 0.01 / (2 * 0.25))) < 1e-14
)

# %% tags=["remove-input"]
claims.check(
    "Shen-Li eq (37)",
    status="holds",
    on="200 random (mean, 1/T in [1, 20], sigma/T in [0.05, 2], interval within 3 sigma)",
    note="the printed closed form against quadrature, relative error < 1e-10; (38) is its "
    "whole-line limit",
    paper="(37)",
    ours=f"largest relative error {err37:.1e}",
)

# %% [markdown]
# **The QP identity.** With $\mathbf 1^\top\boldsymbol w=1$ the objective of (41) is
# $\sigma^2/2-T\bar\varrho$ (population variance), i.e. $-T^2$ times (39). AdaBoost-QP over the
# whole (materialised) stump class against Clarabel:

# %%
oracle_s = rb.MatrixOracle(Us)
qp_rows = []
for T in (1 / 10, 1 / 50):
    qp = rb.adaboost_qp(oracle_s, T=T)
    tq = truth.adaboost_qp_eq41(Us, T)
    assert abs(qp.extra["qp_objective"] - tq.value) < OBJ_TOL
    var_form = np.var(qp.margins) / 2 - T * qp.margins.mean()
    assert abs(qp.extra["qp_objective"] - var_form) < 1e-12
    qp_rows.append(
        (1 / T, qp.extra["qp_objective"], tq.value, int(np.sum(qp.weights > 1e-9)))
    )

# %% tags=["remove-input"]
claims.check(
    "Shen-Li §3.6 AdaBoost-QP",
    status="holds",
    on="random U, T grid, against Clarabel",
    note="the objective is var(margins)/2 - T mean(margin)",
    paper="(41) = var/2 - T mean",
    ours="; ".join(
        f"1/T = {r[0]:.0f}: QP {r[1]:.8f}, Clarabel {r[2]:.8f}, {r[3]} active columns"
        for r in qp_rows
    ),
)

# %% [markdown]
# ## 3 Lemma 3.1: are AdaBoost's margins Gaussian? (Fig. 3)
#
# ```{prf:lemma} Gaussian margins (Shen & Li 2010, Lemma 3.1)
# :nonumber:
# :label: lem-shen-gauss
# The margin of AdaBoost$_{\ell1}$ and AdaBoost follows the Gaussian distribution. In general, the
# larger the number of weak classifiers, the more closely does the margin follow the form of
# Gaussian under the assumption that selected weak classifiers are uncorrelated.
# ```
#
# The "proof" is a central-limit heuristic (the weak classifiers AdaBoost selects are not
# uncorrelated), and the paper's evidence is Fig. 3: normal probability plots on australian with
# stumps, "reasonably approximated by a Gaussian" after 50 weak classifiers, "very close to a
# Gaussian" after 1100, excess kurtosis $-0.056$ and $-0.34$. The claim is *approximate*
# Gaussianity, so we measure closeness as Fig. 3 does: by the straightness of the normal probability
# plot, its correlation $r$ (`scipy.stats.probplot`; $r=1$ for exactly Gaussian quantiles), with
# excess kurtosis and skewness beside it. A Shapiro–Wilk test of *exact* normality answers another
# question (with $M=690$ it rejects small departures that the lemma allows) and is only reported.
#
# We run `refboost.adaboost` with `refboost.StumpOracle` on the whole australian set (the paper's
# split is not stated) and on five more instances of three families: breast-cancer (whole data set),
# heart and banana (training parts of IDA realisation 1), and two draws of the noisy-parabola toy
# data ($M=300$, 10 % label noise).


# %% tags=["hide-input"]
def margins_at(res, oracle, at):
    """Normalised training margins after the rounds in ``at`` of a refboost.adaboost run."""
    cols, out = {}, {}
    f = np.zeros(oracle.n_examples)
    for rec in res.history:
        k = rec["hypothesis"]
        if k not in cols:
            cols[k] = oracle.column(k)
        f = f + rec["alpha"] * cols[k]
        if rec["t"] in at:
            out[rec["t"]] = (f / rec["norm"], rec["norm"])
    return out


fam = {}
for name in ("australian", "breast-cancer", "heart"):
    ds_ = rb.datasets.load(name)
    fam[name] = rb.StumpOracle(ds_.X, ds_.y)
ban1 = rb.datasets.load("ida:banana", realisation=1)
fam["banana 1"] = rb.StumpOracle(ban1.X, ban1.y)
for seed in (0, 1):
    Xp, yp = noisy_parabola(300, np.random.default_rng(seed), noise=0.1)
    fam[f"parabola {seed}"] = rb.StumpOracle(Xp, yp)

# %% tags=["hide-input"]
gauss = {}
for name, o in fam.items():
    run = rb.adaboost(o, max_iter=1100, store_d=False)
    for t, (rho, norm) in margins_at(run, o, (50, 1100)).items():
        emp = logsumexp(-rho * norm) - np.log(len(rho))  # 1/T = ||lambda_t||_1
        gauss[name, t] = dict(
            M=o.n_examples,
            r=stats.probplot(rho, fit=True)[1][2],
            kurt=stats.kurtosis(rho),
            skew=stats.skew(rho),
            sw_p=stats.shapiro(rho).pvalue,
            sigma_T=rho.std() * norm,
            err38=abs(emp - (-rho.mean() * norm + rho.var() * norm**2 / 2)),
        )
g = pd.DataFrame(gauss).T.astype(float)
aus = g.loc["australian"]
# australian, Fig. 3: straighter after 1100 rounds, and very straight then
assert aus.loc[1100, "r"] > aus.loc[50, "r"] and aus.loc[1100, "r"] > 0.99
# platykurtic, more so after 1100 rounds, as in the paper; both within the sanity band
assert aus.loc[1100, "kurt"] < aus.loc[50, "kurt"] < 0
assert all(abs(aus["kurt"]) < 1)
# Fig. 3's kurtosis within 2 standard errors of the sample excess kurtosis, sqrt(24 / M)
se_kurt = np.sqrt(24 / aus.loc[50, "M"])
paper_kurt = {50: -0.056, 1100: -0.34}
assert all(abs(aus.loc[t, "kurt"] - k) <= 2 * se_kurt for t, k in paper_kurt.items())
# (38) on these real margins worsens as sigma/T grows
assert aus.loc[50, "err38"] < aus.loc[1100, "err38"]
# "the more weak classifiers, the more closely Gaussian": farther from it on these instances
falls = [
    k
    for k in ("heart", "parabola 0", "parabola 1")
    if g.loc[k].loc[1100, "r"] < g.loc[k].loc[50, "r"] - 1e-3
]
assert falls == ["heart", "parabola 0", "parabola 1"]
hrt = g.loc["heart"]
assert hrt.loc[50, "r"] > 0.99 and hrt.loc[1100, "r"] < 0.95  # heart: a large fall
assert abs(hrt.loc[1100, "skew"]) > 1  # ... with a strongly skewed margin distribution
assert abs(g.loc["breast-cancer"].loc[1100, "kurt"]) > 1  # outside the kurtosis band
# Shapiro-Wilk rejects exact normality on every instance after 1100 rounds (not the question)
assert all(g.xs(1100, level=1)["sw_p"] < 1e-3)

# %% tags=["remove-input"]
for key, val in {
    "shen-aus-r50": f"{aus.loc[50, 'r']:.4f}",
    "shen-aus-r1100": f"{aus.loc[1100, 'r']:.4f}",
    "shen-heart-r50": f"{hrt.loc[50, 'r']:.4f}",
    "shen-heart-r1100": f"{hrt.loc[1100, 'r']:.4f}",
    "shen-heart-skew": f"{hrt.loc[1100, 'skew']:+.2f}",
    "shen-aus-err38-50": f"{aus.loc[50, 'err38']:.2f}",
    "shen-aus-err38-1100": f"{aus.loc[1100, 'err38']:.2f}",
    "shen-aus-sT50": f"{aus.loc[50, 'sigma_T']:.1f}",
    "shen-aus-sT1100": f"{aus.loc[1100, 'sigma_T']:.1f}",
}.items():
    book.glue(key, val)
claims.check(
    "Shen-Li Lemma 3.1",
    status="holds",
    on="australian (the paper's instance), AdaBoost with stumps, 50 and 1100 rounds: "
    "approximately Gaussian, probability-plot correlation > 0.99 and rising with the rounds",
    note="Shapiro-Wilk rejects exact normality (p < 1e-3), which the lemma does not claim",
    paper="approximately Gaussian, closer after 1100 rounds",
    ours=f"r = {aus.loc[50, 'r']:.4f} (50), {aus.loc[1100, 'r']:.4f} (1100)",
)
claims.check(
    "Shen-Li Lemma 3.1",
    status="fails",
    on="AdaBoost with stumps, 1100 rounds, on 6 instances of 4 families",
    counterexample="heart (IDA realisation 1, 170 examples): the probability-plot correlation "
    "falls from above 0.99 after 50 rounds to below 0.95 after 1100, skewness above 1; it also "
    "falls on two noisy-parabola draws",
    note="the general statement 'the more weak classifiers, the more closely Gaussian' fails "
    "for AdaBoost, whose weak classifiers are not uncorrelated; breast-cancer's kurtosis leaves "
    "|k| < 1",
    paper="closer to Gaussian with more weak classifiers",
    ours=f"heart: r = {hrt.loc[50, 'r']:.4f} (50) -> {hrt.loc[1100, 'r']:.4f} (1100)",
)
claims.check(
    "Shen-Li Fig 3",
    status="partly reproduced",
    on="australian, 50 and 1100 rounds",
    margin="excess kurtosis within 2 standard errors sqrt(24/M) = 0.19 of the paper's "
    "-0.056 and -0.34; the probability plot straighter after 1100 rounds",
    note="the straightness is measured by r; the plots themselves are not redrawn, and the "
    "paper's split is not stated (we use the whole data set)",
    paper="kurtosis -0.056 (50), -0.34 (1100)",
    ours=f"{aus.loc[50, 'kurt']:+.3f} (50), {aus.loc[1100, 'kurt']:+.3f} (1100)",
)
# %% tags=["hide-input"]
tab_g = g.reset_index(names=["instance", "rounds"])
tab_g["M"] = tab_g["M"].astype(int)
book.table(
    tab_g[["instance", "rounds", "M", "r", "kurt", "skew", "sw_p"]].rename(
        columns={
            "r": "probability-plot r",
            "kurt": "excess kurtosis",
            "skew": "skewness",
            "sw_p": "Shapiro-Wilk p",
        }
    ),
    caption="Normalised margins of AdaBoost with stumps after 50 and 1100 rounds. r: "
    "correlation of the normal probability plot (1 = a straight line, what Fig. 3 shows). "
    "The paper's excess kurtosis on australian: -0.056 (50) and -0.34 (1100).",
    formats={
        "probability-plot r": "{:.4f}",
        "excess kurtosis": "{:+.3f}",
        "skewness": "{:+.3f}",
        "Shapiro-Wilk p": "{:.1e}",
    },
)

# %% [markdown]
# On australian, the paper's instance, the lemma holds in the sense the paper means: the probability
# plot is straighter after 1100 rounds than after 50 ($r$ {glue:text}`shen-aus-r50` →
# {glue:text}`shen-aus-r1100`), and the excess kurtosis matches Fig. 3 within two of its standard
# errors. As a general statement about AdaBoost it fails: on heart the margins are close to Gaussian
# after 50 rounds and clearly skewed after 1100 ($r$ {glue:text}`shen-heart-r50` →
# {glue:text}`shen-heart-r1100`, skewness {glue:text}`shen-heart-skew`), and on both parabola draws
# $r$ also falls with the rounds. The Gaussian approximation (38) evaluated on the real australian
# margins at $1/T=\|\boldsymbol\lambda_t\|_1$ is already off by {glue:text}`shen-aus-err38-50` at
# $\sigma/T\approx${glue:text}`shen-aus-sT50` and by {glue:text}`shen-aus-err38-1100` at
# $\sigma/T\approx${glue:text}`shen-aus-sT1100`: Theorem 3.3's reading is qualitative.
