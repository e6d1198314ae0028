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
#     display_name: Python 3 (ipykernel)
#     language: python
#     name: python3
# ---

# %% [markdown]
# (ch-fw-small-scale)=
# # MLPBoost at small scale, and its stopping test
#
# This page runs the six boosters of the paper's Figures 2, 4 and 5 {cite:p}`mitsuboshi2022` on one
# small data set, Rätsch's *heart* {cite:p}`ratsch2001`, where every run converges in under a second,
# and asks why MLPBoost needs more rounds than LPBoost {cite:p}`demiriz2002`. It then adds a sharper
# (sound) stopping test and a variant that prices at the LP's distribution, proves that Theorem 3 still
# holds for it, and reads the stored benchmark that runs every column of Table 2 with both. The
# algorithms are defined in {ref}`ch-frank-wolfe`.
#
# ## 3.9 Figures 2, 4 and 5 at small scale (Rätsch *heart*, decision stumps)
#
# Soft-margin objective $\rho(w_t)$ vs iteration and vs wall time for LPB., ERLPB., FW, PFW,
# MLPB. (SS) and MLPB. (PFW), $\nu=0.1m$; and the cumulative number of rounds in which the LPBoost
# rule wins line 13 (Fig. 4). Data: `refboost.datasets.load("heart")` (IDA realisation 1, training
# part). Weak learner: `refboost.StumpOracle`, the exact maximum-edge decision stump over all
# distinct thresholds (both polarities), so it is a true LMO; the HiGHS optimum $\rho^\star$ over the
# whole stump class comes from the LP over all its columns (`StumpOracle.all_keys`). The paper's
# weak learner, depth-2 trees (`refboost.TreeOracle`), is used in `benchmarks/bench_frank_wolfe.py` and
# on {ref}`ch-fw-experiments`. ERLPBoost's per-round $\rho(w_t)$ is taken from Alg. 1 with
# $\mathcal B$ = rule (14), whose iterates are ERLPBoost's ({ref}`ch-fw-convergence`). $\epsilon=0.05$
# (every run converges in under a second); `FULL_RUN = True` uses $\epsilon=0.01$ as the paper.
# LPBoost solves its restricted LP with the same HiGHS method as MLPBoost's LPBoost rule
# (`method="highs-ds-warm"`): LP optima are not unique, and another method can pick another optimal
# distribution and so another trajectory.
# This is a substituted protocol (one small set, stumps, a larger $\epsilon$), so the verdicts below
# say what the runs show, not that the paper's figures are reproduced.

# %% tags=["hide-input"]
import time

import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import refboost as rb
from refboost import book, claims, datasets, truth
from refboost.bounds import fw_iteration_bound, fw_rate_bound
from refboost.margins import soft_margin

book.setup()
FULL_RUN = False  # True: eps = 0.01 in the figures, as the paper (minutes)
ROUND = 1e-10  # round-off slack on inequalities between computed quantities
# LPBoost with the HiGHS method of MLPBoost's LPBoost rule (lp_method's default): LP
# optima are not unique, and another method can return another optimal d, so another run
LP = "highs-ds-warm"

ds = datasets.load("heart", realisation=1)
o = rb.StumpOracle(ds.X, ds.y)
Us = o.columns(o.all_keys())  # the whole stump class, for the ground truth only
m = Us.shape[0]
nu = 0.1 * m
eps_fig = 0.01 if FULL_RUN else 0.05
star = truth.soft_margin_lp(Us, nu).value

# %%
# claims: none (the eps-guarantee of each run; the figures' claims are declared below)
runs = {
    "LPB.": rb.lpboost(o, nu=nu, eps=eps_fig, method=LP),
    "ERLPB.": rb.mlpboost(o, nu=nu, eps=eps_fig, secondary="erlpboost"),
    "FW": rb.cerlpboost(o, nu=nu, eps=eps_fig),
    "PFW": rb.mlpboost(o, nu=nu, eps=eps_fig, rule="pairwise", secondary=None),
    "MLPB.(SS)": rb.mlpboost(o, nu=nu, eps=eps_fig),
    "MLPB.(PFW)": rb.mlpboost(o, nu=nu, eps=eps_fig, rule="pairwise"),
}
for k, r in runs.items():
    if r.converged and k != "LPB.":
        assert soft_margin(r.margins, nu) >= star - eps_fig - ROUND

# %% [markdown]
# What Figures 2, 4, 5 and Table 2 claim, asserted on these runs. Wall and CPU times are milliseconds
# here and vary with the load of the machine, so the orderings are asserted on **rounds**
# (deterministic): the round at which $\rho(w_t)$ first comes within $\epsilon$ of $\rho^\star$
# (Fig. 2's curves), the rounds to stop (Table 2, Fig. 5), and per round which rule won line 13
# (Fig. 4) and how much $\rho$ moved. CPU times (median of 3 repeats, after a warm-up) are shown, not
# asserted.


# %% tags=["hide-input"]
def rounds_to_eps(r):
    sm_ = r.history_array("P_LP" if r.algorithm == "lpboost" else "soft_margin")
    return int(np.flatnonzero(sm_ >= star - eps_fig)[0]) + 1


def cpu_median(fn):
    fn()  # warm-up (compilation, caches)
    ts_ = []
    for _ in range(3):
        c0 = time.process_time()
        fn()
        ts_.append(time.process_time() - c0)
    return float(np.median(ts_))


hit = {k: rounds_to_eps(r) for k, r in runs.items()}
wins, jumps = {}, {}
for k in ("MLPB.(SS)", "MLPB.(PFW)"):
    won = np.array([rec.get("secondary_won", False) for rec in runs[k].history[:-1]])
    dj = np.diff(runs[k].history_array("soft_margin"))
    half = len(won) // 2
    wins[k] = (won[:half].mean(), won[half:].mean())
    jumps[k] = (dj[won].mean(), dj[~won].mean())
cpu = {
    k: cpu_median(lambda f=f: f())
    for k, f in {
        "LPB.": lambda: rb.lpboost(o, nu=nu, eps=eps_fig, method=LP),
        "ERLPB.": lambda: rb.mlpboost(o, nu=nu, eps=eps_fig, secondary="erlpboost"),
        "FW": lambda: rb.cerlpboost(o, nu=nu, eps=eps_fig),
        "MLPB.(SS)": lambda: rb.mlpboost(o, nu=nu, eps=eps_fig),
    }.items()
}
eta_f = runs["MLPB.(SS)"].params["eta"]
B_fw = fw_iteration_bound(eta_f, eps_fig)

# %%
for k in ("FW", "MLPB.(SS)", "ERLPB."):  # Table 2: within Theorem 3's bound
    assert runs[k].converged and runs[k].n_iter <= B_fw
T_ = {k: r.n_iter for k, r in runs.items()}
assert T_["MLPB.(SS)"] <= 2 * T_["LPB."]  # Table 2: MLPB. within 2x of LPB.
assert 5 * T_["MLPB.(SS)"] <= T_["FW"] and 5 * T_["MLPB.(PFW)"] <= T_["PFW"]
assert T_["ERLPB."] < T_["MLPB.(SS)"]  # but ERLPB. stops first here
assert hit["MLPB.(SS)"] <= 1.5 * hit["LPB."]  # Fig. 2: competitive with LPB.
assert hit["ERLPB."] < hit["MLPB.(SS)"]  # Fig. 2: faster than ERLPB. fails here
# Fig. 4: short step: B wins early, F later; pairwise rule: the reverse
assert wins["MLPB.(SS)"][0] > 5 * wins["MLPB.(SS)"][1]
assert wins["MLPB.(PFW)"][1] > wins["MLPB.(PFW)"][0]
# Fig. 5: B cuts the rounds 5x or more (above); its rounds carry the progress
assert jumps["MLPB.(SS)"][0] > 100 * abs(jumps["MLPB.(SS)"][1])

# %% tags=["remove-input"]
SUBST = (
    "Ratsch heart only, exact stumps (an LMO) instead of depth-2 trees, eps = 0.05 instead "
    "of 0.01, rounds instead of CPU time"
)
claims.check(
    "MHT Table 2",
    status="protocol substituted",
    on="Ratsch heart, stumps, nu = 0.1m, eps = 0.05 (rounds, not time)",
    differs="Ratsch heart only, exact stumps (an LMO) instead of depth-2 trees, eps = 0.05 "
    "instead of 0.01, rounds instead of CPU time",
    note="T within Thm 3's bound; MLPB. within 2x of LPB.'s rounds, 5x fewer than FW/PFW; "
    "ERLPB. needs fewer rounds than MLPB. (its cost per round is not visible at m = 170)",
    paper="MLPB. as fast as LPB., much faster than ERLPB., FW",
    ours=f"rounds: LPB. {T_['LPB.']}, MLPB.(SS) {T_['MLPB.(SS)']}, ERLPB. {T_['ERLPB.']}, "
    f"FW {T_['FW']}",
)
claims.check(
    "MHT Fig 2",
    status="protocol substituted",
    on="the same runs",
    differs="Ratsch heart only, exact stumps instead of depth-2 trees, eps = 0.05 instead of "
    "0.01, rounds instead of time; the paper's figure prints no numbers",
    note="MLPB. within 1.5x of LPB.'s rounds to rho* - eps; 'faster than ERLPB.' fails "
    "(ERLPB. gets there first)",
    paper="MLPB. faster than ERLPB., competitive with LPB.",
    ours=f"rounds to rho* - eps: MLPB.(SS) {hit['MLPB.(SS)']}, LPB. {hit['LPB.']}, "
    f"ERLPB. {hit['ERLPB.']}",
)
claims.check(
    "MHT Fig 4",
    status="protocol substituted",
    on="the same runs",
    differs="Ratsch heart only, exact stumps instead of depth-2 trees, eps = 0.05 instead of "
    "0.01; the paper's figure prints no numbers",
    note="B wins early and F later with the short step; the reverse with the pairwise rule",
    paper="B wins early, F later",
    ours=f"SS: B wins {wins['MLPB.(SS)'][0]:.2f} then {wins['MLPB.(SS)'][1]:.2f}; PFW: "
    f"{wins['MLPB.(PFW)'][0]:.2f} then {wins['MLPB.(PFW)'][1]:.2f}",
)
claims.check(
    "MHT Fig 5",
    status="protocol substituted",
    on="the same runs",
    differs="Ratsch heart only, exact stumps instead of depth-2 trees, eps = 0.05 instead of "
    "0.01, rounds instead of time; the paper's figure prints no numbers, so no band can be "
    "fixed",
    note="B cuts FW's and PFW's rounds 5x or more; with the short step the B rounds carry the "
    "progress",
    paper="B gives huge progress",
    ours=f"rounds FW {T_['FW']} -> MLPB.(SS) {T_['MLPB.(SS)']}; PFW {T_['PFW']} -> "
    f"MLPB.(PFW) {T_['MLPB.(PFW)']}",
)

# %% tags=["remove-input"]
book.table(
    pd.DataFrame(
        {
            "booster": list(runs),
            "rounds T": [r.n_iter for r in runs.values()],
            "T / bound (18)": [
                np.nan if k == "LPB." else r.n_iter / B_fw for k, r in runs.items()
            ],  # fmt: skip
            "first round within eps of rho*": [hit[k] for k in runs],
            "rho* - rho(w_T)": [
                star - soft_margin(r.margins, nu) for r in runs.values()
            ],
            "CPU (s), median of 3": [cpu.get(k, np.nan) for k in runs],
        }
    ),
    caption=f"The six boosters on {ds.name} (realisation {ds.realisation}, training part, "
    f"m = {m}, {o.n_hypotheses()} stumps), nu = 0.1m, eps = {eps_fig}, rho* = {star:.5f}. "
    "'—': no Theorem 3 bound (LPBoost) or no timing.",
    formats={
        "T / bound (18)": "{:.3f}",
        "rho* - rho(w_T)": "{:.2e}",
        "CPU (s), median of 3": "{:.3f}",
    },  # fmt: skip
)

# %% tags=["remove-input"]
book.table(
    pd.DataFrame(
        {
            "MLPBoost": list(wins),
            "share of B wins, first half": [wins[k][0] for k in wins],
            "share of B wins, second half": [wins[k][1] for k in wins],
            "mean change of rho, B wins": [jumps[k][0] for k in wins],
            "mean change of rho, F wins": [jumps[k][1] for k in wins],
        }
    ),
    caption="Line 13 of Alg. 1: how often the LPBoost rule B wins in the first and second half "
    "of the rounds, and how much the soft margin moves when B or the FW rule F wins.",
    formats={
        "share of B wins, first half": "{:.2f}",
        "share of B wins, second half": "{:.2f}",
        "mean change of rho, B wins": "{:+.4f}",
        "mean change of rho, F wins": "{:+.5f}",
    },  # fmt: skip
)

# %% [markdown]
# On these runs MLPBoost needs at most twice LPBoost's rounds and five times fewer than FW and PFW
# alone, but Alg. 1 with the ERLPBoost rule stops first: the paper's "faster than ERLPBoost" does not
# show in rounds at this scale. {numref}`fig-fw-heart-objective` shows the objective curves of
# Figs 2 and 5, {numref}`fig-fw-heart-wins` the cumulative wins of Fig. 4.


# %% tags=["hide-input"]
def trace(r):
    key = "P_LP" if r.algorithm == "lpboost" else "soft_margin"
    return r.history_array("t"), r.history_array(key), r.history_array("time")


fig, ax = plt.subplots(1, 2, figsize=(book.COLUMN_INCHES, 3.6), sharey=True)
for k, r in runs.items():
    t, sm, tm = trace(r)
    ax[0].plot(t, sm, label=k)
    ax[1].plot(tm, sm, label=k)
for a in ax:
    a.axhline(star, color="k", ls=":", lw=1)
    a.set_ylim(star - 0.3, star + 0.02)
    a.set_xscale("log")
ax[0].set(xlabel="iteration t", ylabel=r"soft margin $\rho(w_t)$")
ax[1].set(xlabel="wall time (s)")
fig.legend(*ax[0].get_legend_handles_labels(), loc="lower center", ncol=6,
           bbox_to_anchor=(0.5, -0.02), frameon=False)  # fmt: skip
fig.tight_layout(rect=(0, 0.1, 1, 1))
book.figure("fig-fw-heart-objective", fig)

fig, a = plt.subplots(figsize=(book.COLUMN_INCHES * 0.65, 3.2))
for k in ("MLPB.(SS)", "MLPB.(PFW)"):
    won = np.array([rec.get("secondary_won", False) for rec in runs[k].history])
    a.plot(np.arange(1, len(won) + 1), np.cumsum(won), label=k)
n_ml = max(r.n_iter for k, r in runs.items() if k.startswith("MLPB"))
tt = np.arange(1, n_ml + 1)
a.plot(tt, tt, "k:", lw=1, label="y = t (B wins every round)")
a.set(xlabel="iteration t", ylabel="cumulative LPBoost-rule wins")
a.legend(loc="upper left", bbox_to_anchor=(1.02, 1), frameon=False)
book.figure("fig-fw-heart-wins", fig)

# %% [markdown]
# ```{glue:figure} fig-fw-heart-objective
# :name: fig-fw-heart-objective
#
# Figs 2 and 5 at small scale: the soft margin $\rho(w_t)$ of the six boosters on *heart* (stumps,
# $\nu=0.1m$) against the iteration (left) and the wall time (right); the dotted line is $\rho^\star$.
# FW and PFW alone crawl near the optimum; the LPBoost rule lifts MLPBoost to it in few rounds.
# Verdict: protocol substituted (one small set, stumps, $\epsilon=0.05$).
# ```
#
# ```{glue:figure} fig-fw-heart-wins
# :name: fig-fw-heart-wins
#
# Fig. 4 at small scale: the cumulative number of rounds in which the LPBoost rule wins line 13. With
# the short step it wins mostly early; with the pairwise rule more often later. Verdict: protocol
# substituted.
# ```
#
# The paper's reading is visible at this scale: FW and PFW alone crawl once the objective is close to
# the optimum; with the short step the LPBoost rule wins mostly in the early rounds (with the pairwise
# rule it wins more often later) and gives MLPBoost a large jump; LPBoost itself remains fastest in wall
# time on this small problem (the paper's conclusion too). Timings of all six columns of Table 2 on six
# Rätsch sets are read from the stored benchmark at the end of this page.
#
# ## 3.10 Why MLPBoost needs more rounds than LPBoost, and a sharper (sound) stopping test
#
# Alg. 1 stops on $\epsilon_t=\hat\gamma_t-\tilde\rho(w_t)\le\epsilon/2$ (line 8). A direct optimality
# certificate is available at no cost.
#
# ```{prf:lemma} Soft-margin certificate
# :nonumber:
# :label: lem-fw-certificate
# Let the weak learner return a maximum-edge hypothesis. Then for every round $t$ and every
# $w\in\mathcal P^n$, $\hat\gamma_t\ge\rho^\star\ge\rho(w)$, where $\rho^\star=P_{LP}$ is the optimum of
# (5) over the whole class. Hence, if $\hat\gamma_t-\rho(w)\le\epsilon$ for some candidate $w$, then
# $\rho(w)\ge\hat\gamma_t-\epsilon\ge\rho^\star-\epsilon$. Moreover Alg. 1's test implies this test for
# $w=w_t$: $\hat\gamma_t-\rho(w_t)\le\epsilon_t+\ln(m/\nu)/\eta\le\epsilon_t+\epsilon/2$.
# ```
#
# ```{prf:proof}
# Each edge is $(d_\tau^\top A)_{j_{\tau+1}}=\max_j(d_\tau^\top A)_j\ge\min_{d\in\mathcal P^m_\nu}\max_j
# (d^\top A)_j=\rho^\star$ (Lemma 4), so $\hat\gamma_t\ge\rho^\star$; and $\rho^\star\ge\rho(w)$ by
# definition of (5). For the last claim use the sandwich of {prf:ref}`lem-fw-sandwich`:
# $\rho(w_t)\ge\tilde\rho(w_t)-\ln(m/\nu)/\eta$, and $\eta\ge2\ln(m/\nu)/\epsilon$.
# ```
#
# Alg. 1 holds two candidates at line 8 of round $t$: $w_t$ and the LPBoost-rule candidate $w^{(2)}$
# over the same hypotheses $J_t$, whose soft margin is the restricted LP value $\rho(w^{(2)})=P^t_{LP}$
# (it solves the soft-margin LP on $A_{J_t}$). `mlpboost(..., stopping="certificate")` stops when
# Alg. 1's test **or** $\hat\gamma_t-\max(\rho(w_t),P^t_{LP})\le\epsilon$ fires, returns the certifying
# candidate and reports which test fired (`extra["stop_reason"]`). It fires no later than Alg. 1's
# test, so Theorem 3's iteration bound still applies, and the guarantee is Lemma 2's:
# $\rho(w_T)\ge\hat\gamma_T-\epsilon$. LPBoost's own stopping rule ({cite:t}`glocer2009`, Alg. 2.1) is
# this certificate on $w^{(2)}$ alone. The default stays the paper's rule.
#
# **Where the extra rounds go.** Both algorithms stop when an upper bound $\hat\gamma_t$ meets a lower
# bound. The lower bound is not the problem: on this instance the best candidate of LPBoost and of
# MLPBoost is within $\epsilon/2$ of $\rho^\star$ at about the same round (column "first round within
# eps/2" of the table below, asserted to come before the stop). The upper bound is.
# LPBoost queries the weak learner at the LP's extreme distributions, MLPBoost at the entropic
# $d(w_t)$. The edges at $d(w_t)$ approach $\rho^\star$ only as fast as $d(w_t)$ approaches the
# regularised optimum $d^{\rm E}$. Even there, the max edge can exceed $\rho^\star$ by up to
# $\epsilon/2$. Same heart / stump setting as §3.9.

# %%
lpb = runs["LPB."]
t_ok_lpb = int(np.argmax(lpb.history_array("P_LP") >= star - eps_fig / 2)) + 1
cert_rows = [("LPB.", lpb, "certificate", t_ok_lpb)]
cert_runs = {}
for k, rule in (("MLPB.(SS)", "short_step"), ("MLPB.(PFW)", "pairwise")):
    cert_runs[k] = rb.mlpboost(o, nu=nu, eps=eps_fig, rule=rule, stopping="certificate")
    for stop, r in (("eps_t", runs[k]), ("certificate", cert_runs[k])):
        c = r.extra["smoothing_bias"]
        best = np.fmax(
            r.history_array("soft_margin"), r.history_array("secondary_soft_margin")
        )
        t_ok = int(np.argmax(best >= star - eps_fig / 2)) + 1
        rho_T, gh = soft_margin(r.margins, nu), r.extra["gamma_hat"]
        cert_rows.append((f"{k}, stop on {stop}", r, r.extra["stop_reason"], t_ok))
        assert r.converged and t_ok < r.n_iter
        assert gh >= star - ROUND  # max-edge learner: gamma^ is an upper bound on rho*
        assert (
            rho_T >= gh - eps_fig - ROUND >= star - eps_fig - 2 * ROUND
        )  # the guarantee
        gap, et = r.history_array("gap"), r.history_array("eps_t")
        assert np.all(gap <= et + c + ROUND)  # Alg. 1's test implies the certificate
    paper, cert = runs[k], cert_runs[k]
    T = cert.n_iter
    assert T <= paper.n_iter
    assert [h["hypothesis"] for h in cert.history] == [
        h["hypothesis"] for h in paper.history[:T]
    ]
    assert cert.extra["stop_reason"] == "certificate" and cert.gap <= eps_fig
    lp_value = truth.soft_margin_lp(o.columns(cert.hypotheses), nu).value
    assert abs(cert.history[-1]["secondary_soft_margin"] - lp_value) < 1e-8

# %% tags=["remove-input"]
claims.check(
    "MHT Alg 2",
    status="holds",
    on="Ratsch heart, stumps, nu = 0.1m, eps = 0.05; short-step and pairwise rules",
    note="MLPBoost's guarantee holds under either stopping rule",
    paper="rho(w_T) >= rho* - eps",
    ours="largest rho* - rho(w_T) "
    f"{max(star - soft_margin(r.margins, nu) for _, r, _, _ in cert_rows):.2e}",
)
claims.check(
    "MHT Lemma 2",
    status="holds",
    on="the same runs, both stopping rules",
    note="rho(w_T) >= gamma-hat - eps >= rho* - eps",
    paper="rho(w_T) >= g - eps",
    ours="holds in all four MLPBoost runs",
)

# %% tags=["remove-input"]
saving = [1 - cert_runs[k].n_iter / runs[k].n_iter for k in cert_runs]
book.glue("fw-cert-save-lo", float(min(saving)))
book.glue("fw-cert-save-hi", float(max(saving)))
cert_tab = pd.DataFrame(
    [(name, r.n_iter, why, t_ok, star - soft_margin(r.margins, nu),
      r.extra["gamma_hat"] - star) for name, r, why, t_ok in cert_rows],
    columns=["run", "rounds T", "stopped on", "first round within eps/2",
             "rho* - rho(w_T)", "gamma-hat_T - rho*"],
)  # fmt: skip
book.table(
    cert_tab,
    caption="LPBoost and MLPBoost on heart (stumps, nu = 0.1m, eps = 0.05), stopped on Alg. 1's "
    "test eps_t <= eps/2 or on the soft-margin certificate: rounds, the test that fired, the "
    "first round at which the best candidate is within eps/2 of rho*, the final suboptimality "
    "and the final upper bound's excess over rho*.",
    formats={"rho* - rho(w_T)": "{:.2e}", "gamma-hat_T - rho*": "{:.2e}"},
)

# %% [markdown]
# The certificate saves a fraction of the rounds ({glue:text}`fw-cert-save-lo:.0%` to
# {glue:text}`fw-cert-save-hi:.0%` here; 0–45 % on the depth-2 tree runs of
# `benchmarks/bench_frank_wolfe.py` at $\nu=0.1m$), not the factor 2–6 to LPBoost. The remaining gap is
# the slower upper bound $\hat\gamma_t$ from the entropic distributions. That is the price of Theorem
# 3's guarantee: LPBoost's LP distributions give no iteration bound better than $\Omega(m)$
# ({ref}`ch-fw-convergence`, §3.8). With the depth-2 greedy trees of the benchmark there is a second
# effect. The greedy tree is not the LMO, and at LPBoost's extreme distributions it often returns
# low-edge trees. LPBoost's $\hat\gamma_T$ then falls below the optimum over the generated trees, and
# LPBoost stops short of it by more than $\epsilon$ (by 0.010–0.041 at $\epsilon=0.01$ on five of the
# six sets there), while MLPBoost's final soft margin is closer on five of them. The benchmark therefore
# also reports the time at which MLPBoost first reaches LPBoost's final soft margin (0.4–2.4x LPBoost's
# time on five of the six sets; 4.4–4.9x on breast_cancer and, for the short step, banana).
#
# ## 3.11 A variant that closes the certification gap: pricing at the LP's distribution
#
# §3.10 puts MLPBoost's extra rounds in the upper bound: $\hat\gamma_t$ sees only the edges at the
# entropic $d(w_t)$, LPBoost's sees the edges at the LP's extreme distributions $d^t_{LP}$.
# `mlpboost(..., price_lp=True)` queries the weak learner at both. This variant is not in the paper,
# and `mlpboost` without it is still Alg. 1. In round $t$, step 2 of {prf:ref}`alg-mlpboost` becomes
#
# 2'. $h_{j_{t+1}}=\mathrm{WL}(d_t)$ and $h_{j'_t}=\mathrm{WL}(d^t_{LP})$, where $d^t_{LP}$ is the
# distribution of the restricted edge LP over the pool $J_t$ (none in round 1);
# $\hat\gamma_t=\min\bigl(\hat\gamma_{t-1},(d_t^\top A)_{j_{t+1}},(d^{t\top}_{LP}A)_{j'_t}\bigr)$;
# $J_{t+1}=J_t\cup\{j_{t+1},j'_t\}$, so $w^{(2)}$ is the restricted LP over both new hypotheses.
#
# ```{prf:lemma} Theorem 3 and Corollary 1 hold for the variant
# :nonumber:
# :label: lem-fw-price-lp
# With a weak learner satisfying Theorem 3's assumption at $d_t$, Alg. 1 with step 2' satisfies
# $\epsilon_t\le8\eta/(t+2)$ (short step, classic, line search) and $\epsilon_t\le8\eta/(k(t)+2)$
# (pairwise) at every round, and so the iteration bound (18) holds. With a maximum-edge weak
# learner $\hat\gamma_t\ge\rho^\star$, so `stopping="certificate"` is sound, and it now contains
# LPBoost's own test $\min\text{edge}-P^t_{LP}\le\epsilon$ ({cite:t}`glocer2009`, Alg. 2.1).
# ```
#
# ```{prf:proof}
# The proof of Theorem 3 touches $\hat\gamma$ and the secondary rule in only three places.
#
# 1. $\hat\gamma_{t+1}\le\hat\gamma_t$ (step 1).
# 2. $\hat\gamma_t\le(d_t^\top A)_{j_{t+1}}$, which gives (17): $G_t\ge\epsilon_t$ (step 3).
# 3. Line 13 returns $\tilde\rho(w_{t+1})\ge\tilde\rho(w^{(1)}_{t+1})$, where $w^{(1)}_{t+1}$ is
#    the FW step from $w_t$ towards $e_{j_{t+1}}$ (step 1).
#
# The extra edge is one more term of the minimum, so 1 and 2 still hold. The FW step uses only
# $w_t$, $d_t$ and $j_{t+1}$, so it is unchanged and still a candidate of line 13, and 3 holds. The
# base case $\epsilon_1\le2$ is unchanged (round 1 has no LP). Corollary 1 uses the same three facts,
# plus the away atom being an active atom of $w_t$, which is also unchanged. For soundness:
# $d^t_{LP}\in\mathcal P^m_\nu$ (it is repaired onto it), so its maximum edge is $\ge\rho^\star$
# (Lemma 4). Finally, $w^{(2)}$ over $J_t$ has $\rho(w^{(2)})=P^t_{LP}$ (§3.10).
# ```
#
# Below, the lemma is checked on every round on the *heart* / stump instance of §3.9, together with
# the three facts of the proof. The tests repeat the check on random and adversarial matrices for all
# four rules (`tests/test_frank_wolfe.py::test_price_lp_variant`).

# %%
price_runs, price_ratio = {}, 0.0
for k, rule in (("MLPB.(SS)", "short_step"), ("MLPB.(PFW)", "pairwise")):
    r = rb.mlpboost(
        o, nu=nu, eps=eps_fig, rule=rule, stopping="certificate", price_lp=True
    )
    price_runs[k] = r
    eta, h = r.params["eta"], r.history
    t_arr = r.history_array("t") if rule != "pairwise" else r.history_array("k_good")
    rate = fw_rate_bound(eta, t_arr)
    assert r.converged and np.all(r.history_array("eps_t") <= rate + ROUND)  # the lemma
    price_ratio = max(price_ratio, float(np.max(r.history_array("eps_t") / rate)))
    g = r.history_array("gamma_hat")
    edges = np.array([min(x["edge"], x.get("lp_edge", np.inf)) for x in h])
    assert np.all(np.diff(g) <= 0) and np.all(
        g <= r.history_array("edge")
    )  # facts 1, 2
    assert np.array_equal(
        g[1:], np.minimum(g[:-1], edges[1:])
    )  # includes the LP's edges
    nxt = r.history_array("smoothed_margin")[1:]
    prim = np.array([x["primary_value"] for x in h[:-1]])
    assert np.all(nxt >= prim - ROUND)  # fact 3
    rho_T, gh = soft_margin(r.margins, nu), r.extra["gamma_hat"]
    assert gh >= star - ROUND
    assert rho_T >= gh - eps_fig - ROUND >= star - eps_fig - 2 * ROUND  # soundness
    assert r.n_iter < cert_runs[k].n_iter  # fewer rounds than without pricing, here

# %% tags=["remove-input"]
claims.check(
    "MHT Thm 3",
    status="holds",
    on="the pricing variant (not in the paper) on Ratsch heart, stumps, every round; the "
    "rate is not approached (largest ratio in 'ours')",
    note="the variant satisfies the rate (the chapter's lemma)",
    paper="eps_t <= 8 eta/(t+2)",
    ours=f"max eps_t/bound {price_ratio:.3f}",
)

# %% tags=["remove-input"]
price_tab = pd.DataFrame(
    [(name, x.n_iter, x.extra.get("stop_reason", "certificate"),
      star - soft_margin(x.margins, nu),
      x.extra["gamma_hat"] - star)
     for name, x in [("LPB.", lpb)]
     + [(f"{k}, certificate", cert_runs[k]) for k in price_runs]
     + [(f"{k}, price_lp", price_runs[k]) for k in price_runs]],
    columns=["run", "rounds T", "stopped on", "rho* - rho(w_T)", "gamma-hat_T - rho*"],
)  # fmt: skip
book.table(
    price_tab,
    caption="Pricing at the LP's distribution (price_lp=True) on heart: rounds and final "
    "accuracy against LPBoost and the certificate alone.",
    formats={"rho* - rho(w_T)": "{:.2e}", "gamma-hat_T - rho*": "{:.2e}"},
)

# %% [markdown]
# ## 3.12 Table 2's protocol, all $\nu$: the stored benchmark
#
# `benchmarks/bench_frank_wolfe.py` ran every column of Table 2 plus both variants in one process: six
# Rätsch sets, $\nu\in\{0.1,\dots,0.5\}m$, $\epsilon=0.01$, greedy depth-2 trees,
# `stopping="certificate"` for the MLPB. columns, and time limits of 120 s (ERLPB., MLPB.) and 30 s (FW,
# PFW). Its output is stored in `benchmarks/results/bench_frank_wolfe_all.txt`. The folded cell below
# reads that file (it does not re-run the benchmark); the next one asserts the claims of the paragraph
# after the tables. `d` is $\rho^\star_{\rm gen}-\rho(w_T)$, with $\rho^\star_{\rm gen}$ the HiGHS
# optimum over all trees generated for that $(\text{set},\nu)$. MLPB+p is MLPBoost with
# `price_lp=True` (§3.11).

# %% tags=["hide-input"]
import re  # noqa: E402
from pathlib import Path  # noqa: E402

bench_path = next(
    p
    for p in (
        Path("../benchmarks/results/bench_frank_wolfe_all.txt"),
        Path("benchmarks/results/bench_frank_wolfe_all.txt"),
    )
    if p.exists()
)
text = bench_path.read_text()
run_re = re.compile(
    r"^ {4}(\S+)\s+([\d.]+) /\s+([\d.]+) s\s+T =\s+(\d+)\S*(.*?)d =\s+(\S+)\s+"
    r"test err (\S+)(\s+\(time limit\))?$"
)
runs_b, ds_name, nu_frac = [], None, None
for line in text.splitlines():
    if line.startswith("== "):
        ds_name = line[3:].split(":")[0]
    elif line.startswith("  nu = "):
        nu_frac = float(line.split()[2])
    elif (mt := run_re.match(line)) and ds_name is not None:
        runs_b.append(dict(ds=ds_name, nu=nu_frac, col=mt[1], wall=float(mt[2]),
                           cpu=float(mt[3]), T=int(mt[4]), d=float(mt[6]),
                           capped=mt[8] is not None))  # fmt: skip


def ratio_table(kind):
    """The bench's 'Ratios of mean <kind> times' table: {dataset: {pair: (ours, paper)}}."""
    block = text.split(f"Ratios of mean {kind} times")[1].split("\n\n")[0].splitlines()
    pairs = block[1].split()[1:]
    out = {}
    for row in block[2:]:
        cells = re.findall(r"(\S+) \((\S+)\)", row)
        out[row.split()[0]] = dict(zip(pairs, cells, strict=True))
    return out


def ours(dn, pair, kind="CPU"):
    """Our ratio as a float and whether it is only a bound ('>' or '?')."""
    v = (cpu_r if kind == "CPU" else wall_r)[dn][pair][0]
    return float(v.lstrip(">?")), v[0] in ">?"


cpu_r, wall_r = ratio_table("CPU"), ratio_table("wall")
datasets_b = list(cpu_r)
PAIRS = ("MLPB.(SS)/LPB.", "MLPB.(PFW)/LPB.", "MLPB+p(SS)/LPB.", "MLPB+p(PFW)/LPB.")
MIN_CPU = (
    0.1  # ratios per run only where LPB. took >= 0.1 s (times are printed to 0.01 s)
)
eps_b = float(re.match(r"eps = ([\d.]+)", text)[1])
lpb_cpu = {(r["ds"], r["nu"]): r["cpu"] for r in runs_b if r["col"] == "LPB."}
per_run, n_acc, n_reach, col_rows = {}, {}, {}, []
for col in dict.fromkeys(r["col"] for r in runs_b):
    rs = [r for r in runs_b if r["col"] == col]
    n_acc[col] = sum(r["d"] <= eps_b for r in rs)
    rat = np.array([r["cpu"] / lpb_cpu[r["ds"], r["nu"]] for r in rs
                    if lpb_cpu[r["ds"], r["nu"]] >= MIN_CPU])  # fmt: skip
    per_run[col] = rat
    col_rows.append((col, len(rs), sum(r["capped"] for r in rs), n_acc[col],
                     np.median(rat), rat.max(), int(np.sum(rat <= 2))))  # fmt: skip
for col in ("MLPB.(SS)", "MLPB.(PFW)", "MLPB+p(SS)", "MLPB+p(PFW)"):
    hits = [re.search(r"@LPB (never|t=\d+)", ln) for ln in text.splitlines()
            if ln.startswith(f"    {col} ")]  # fmt: skip
    n_reach[col] = sum(h[1] != "never" for h in hits)

# %% tags=["remove-input"]
book.table(
    pd.DataFrame(
        [
            [dn]
            + [
                f"{cpu_r[dn][p][0]} ({wall_r[dn][p][0]}) [{cpu_r[dn][p][1].removeprefix('p:')}]"
                for p in PAIRS
            ]
            for dn in datasets_b
        ],
        columns=["data set", *PAIRS],
    ),  # fmt: skip
    caption=f"{bench_path.name}: ratio of mean CPU time to LPBoost's, over nu in "
    f"{sorted({r['nu'] for r in runs_b})} m; in parentheses the wall-time ratio, in brackets "
    "the paper's MLPB./LPB. ratio. '>' marks a lower bound (a run hit its time limit).",
)

# %% tags=["remove-input"]
col_tab = pd.DataFrame(col_rows, columns=["column", "runs", "at time limit", "runs with d <= eps",
                                          "median CPU / LPB.", "max CPU / LPB.",
                                          "runs within 2x of LPB."])  # fmt: skip
col_tab["runs reaching LPB.'s final soft margin"] = [
    n_reach.get(c) for c in col_tab["column"]
]
book.table(
    col_tab,
    caption=f"Per run: accuracy d <= eps = {eps_b} and CPU ratio to LPBoost on the same (set, nu), "
    f"over the {sum(v >= MIN_CPU for v in lpb_cpu.values())} runs where LPBoost took at least "
    f"{MIN_CPU} s; last column: runs in which an MLPB. column reaches LPBoost's final soft margin.",
    formats={
        "median CPU / LPB.": "{:.2f}",
        "max CPU / LPB.": "{:.2f}",
        "runs reaching LPB.'s final soft margin": "{:.0f}",
    },  # fmt: skip
)

# %% tags=["hide-input"]
# claims: none (checks that the prose below quotes the stored benchmark file)
for kind, paper_within_2x in (("CPU", {"german"}), ("wall", {"german", "waveform"})):
    for rule in (
        "SS",
        "PFW",
    ):  # the variant within 2x everywhere, the paper's only here
        assert all(ours(dn, f"MLPB+p({rule})/LPB.", kind)[0] <= 2 for dn in datasets_b)
        within = {
            dn for dn in datasets_b if ours(dn, f"MLPB.({rule})/LPB.", kind)[0] <= 2
        }
        assert within == paper_within_2x
for dn in datasets_b:
    assert ours(dn, "MLPB.(SS)/LPB.")[0] < float(cpu_r[dn]["MLPB.(SS)/LPB."][1])
fw_cells = {dn: ours(dn, "FW/MLPB.(SS)") for dn in ("banana", "german", "waveform")}
assert (
    fw_cells["banana"][0] >= 10 and fw_cells["banana"][1]
)  # a bound, FW hit its limit
assert fw_cells["waveform"][0] < 10 and not fw_cells["waveform"][1]
assert (
    fw_cells["german"][0] < 10 and fw_cells["german"][1]
)  # undetermined at this limit
assert all(ours(dn, "FW/MLPB+p(SS)")[0] >= 10 for dn in ("banana", "waveform"))
quoted = {  # the ranges and cells quoted below (CPU)
    "MLPB+p(SS)/LPB.": (0.62, 1.30),
    "MLPB+p(PFW)/LPB.": (0.85, 1.89),
    "MLPB.(SS)/LPB.": (1.61, 5.81),
    "MLPB.(PFW)/LPB.": (1.64, 7.91),
}
for pair, rng_q in quoted.items():
    vals = [ours(dn, pair)[0] for dn in datasets_b]
    assert (min(vals), max(vals)) == rng_q, (pair, min(vals), max(vals))
    key = {"MLPB+p(SS)/LPB.": "pss", "MLPB+p(PFW)/LPB.": "ppfw", "MLPB.(SS)/LPB.": "ss",
           "MLPB.(PFW)/LPB.": "pfw"}[pair]  # fmt: skip
    book.glue(f"fw-bench-{key}-lo", f"{min(vals):.2f}")
    book.glue(f"fw-bench-{key}-hi", f"{max(vals):.2f}")
fw_ss = [ours(dn, "FW/MLPB.(SS)")[0] for dn in ("banana", "waveform", "german")]
fw_p = [ours(dn, "FW/MLPB+p(SS)")[0] for dn in ("banana", "waveform", "german")]
assert fw_ss == [17.90, 8.25, 1.11] and fw_p == [36.50, 28.45, 2.10]
assert [n_acc[c] for c in ("LPB.", "MLPB.(SS)", "MLPB+p(SS)")] == [7, 10, 12]
assert [n_reach[c] for c in ("MLPB.(SS)", "MLPB+p(SS)")] == [25, 26]

# %% tags=["remove-input"]
for name, v in zip(("banana", "waveform", "german"), fw_ss, strict=True):
    book.glue(f"fw-bench-fw-{name}", f"{v:.2f}")
for name, v in zip(("banana", "waveform", "german"), fw_p, strict=True):
    book.glue(f"fw-bench-fwp-{name}", f"{v:.2f}")
for c, key in (("LPB.", "lpb"), ("MLPB.(SS)", "ss"), ("MLPB+p(SS)", "pss")):
    book.glue(f"fw-bench-acc-{key}", n_acc[c])
    if c != "LPB.":
        book.glue(f"fw-bench-reach-{key}", n_reach[c])
book.glue("fw-bench-runs", len([r for r in runs_b if r["col"] == "LPB."]))

# %% [markdown]
# With `price_lp=True`, MLPBoost's mean time over $\nu$ is within 2x of LPBoost's on all six sets:
# {glue:text}`fw-bench-pss-lo`–{glue:text}`fw-bench-pss-hi`x CPU for the short
# step and {glue:text}`fw-bench-ppfw-lo`–{glue:text}`fw-bench-ppfw-hi`x for
# the pairwise rule. The paper's MLPBoost, run with the same certificate, takes
# {glue:text}`fw-bench-ss-lo`–{glue:text}`fw-bench-ss-hi`x (SS) and
# {glue:text}`fw-bench-pfw-lo`–{glue:text}`fw-bench-pfw-hi`x (PFW) of
# LPBoost's CPU time. That is below the paper's own SS ratios on every set, but within 2x only on
# *german* (and on *waveform* by wall time). Final solutions of comparable quality: the greedy tree is
# not the LMO, so every method can stop short of $\rho^\star_{\rm gen}$. Runs with $d\le\epsilon$:
# LPB. {glue:text}`fw-bench-acc-lpb` of {glue:text}`fw-bench-runs`, MLPB.(SS)
# {glue:text}`fw-bench-acc-ss`, MLPB+p(SS) {glue:text}`fw-bench-acc-pss`. Runs that reach
# LPB.'s final soft margin: {glue:text}`fw-bench-reach-ss` (MLPB.(SS)) and
# {glue:text}`fw-bench-reach-pss` (MLPB+p(SS)) of {glue:text}`fw-bench-runs`. For FW vs MLPBoost,
# where the paper shows $>10^4$ s: on *banana*, FW/MLPB.(SS) is at least
# {glue:text}`fw-bench-fw-banana`x (CPU; FW hits its 30 s limit). On *waveform* it is
# {glue:text}`fw-bench-fw-waveform`x, because FW converges on our 400-row training split. On *german* it
# is undetermined: FW stops at 30 s, while MLPB. averages 18.7 s CPU (the ratio shown is
# {glue:text}`fw-bench-fw-german`, a lower bound). Against MLPB+p(SS) the ratios are at least
# {glue:text}`fw-bench-fwp-banana`x, {glue:text}`fw-bench-fwp-waveform`x and at least
# {glue:text}`fw-bench-fwp-german`x (undetermined again). The paper's experiments on its own protocol
# are compared with the study stores on {ref}`ch-fw-experiments`.
