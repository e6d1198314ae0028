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
# (ch-entropy-bounds)=
# # Full runs: iteration bounds and the accuracy guarantee
#
# {prf:ref}`the iteration bounds <thm-entropy-bounds>` promises two things for each algorithm of {cite:t}`glocer2009`,
# chapter 3: the run stops with $g-P^T_{LP}\le\epsilon$, and it stops within a number of iterations
# logarithmic in $N/\nu$. This page runs the three boosters to the end and checks both, then follows
# one run iteration by iteration through the proof chain of {prf:ref}`Thm 3.10 <thm-erlp-bound>`
# (Lemmas 3.7-3.9), and ends with the two instances of {doc}`01_lpboost` that are hard for LPBoost.
#
# The bounds are loose by construction: they hold for the weakest weak learner the theory allows,
# and the runs here report $T$ against the bound as a **slack factor** (bound / $T$).

# %% tags=["hide-input"]
import matplotlib.pyplot as plt
import numpy as np
import pandas as pd

import refboost as rb
from refboost import book, bounds, claims, truth

book.setup()
rng = np.random.default_rng(1)

# %% [markdown]
# ## 1. Bounds and guarantee on a random class
#
# A random $\pm1$ class of $K=30$ hypotheses and their negations on $N=40$ examples, $\epsilon=0.1$,
# $\nu\in\{1,N/10\}$, with the best-edge weak learner (so $g=P_{LP}$, computed by HiGHS). For each run:
# $T$, the bound of {prf:ref}`the iteration bounds <thm-entropy-bounds>` (for SoftBoost both the printed
# $\lceil\frac2{\epsilon^2}\ln\frac N\nu\rceil$ and the proof's $1+\frac2{\epsilon^2}\ln\frac N\nu$), $g-P^T_{LP}$ and the
# shortfall of the returned combination, $g-\mathrm{SM}_\nu(w)$.

# %% tags=["hide-input"]
N, K, eps = 40, 30, 0.1
o = rb.MatrixOracle(rng.choice([-1.0, 1.0], size=(N, K)), reflexive=True)
table, runs_by_nu = [], {}
for nu in (1.0, N / 10):
    g = truth.soft_margin_lp(o.U, nu).value
    lnr = np.log(N / nu)
    runs = {
        "SoftBoost": (
            rb.softboost(o, nu=nu, eps=eps),
            bounds.softboost_bound(eps, N, nu),
            np.ceil(2 / eps**2 * lnr),
        ),
        "ERLPBoost, simple": (
            rb.erlpboost(o, nu=nu, eps=eps, stopping="simple"),
            bounds.erlpboost_bound(eps, N, nu),
            max(32 / eps**2 * lnr, 8 / eps),
        ),
        "ERLPBoost, practical": (
            rb.erlpboost(o, nu=nu, eps=eps),
            bounds.erlpboost_bound(eps, N, nu, stopping="practical"),
            max(64 / eps**2 * lnr, 16 / eps),
        ),
        "Binary, simple": (
            rb.binary_erlpboost(o, nu=nu, eps=eps, stopping="simple"),
            bounds.binary_erlpboost_bound(eps, N, nu),
            max(32 / eps**2 * (lnr + 1), 8 / eps),
        ),
        "Binary, practical": (
            rb.binary_erlpboost(o, nu=nu, eps=eps),
            bounds.binary_erlpboost_bound(eps, N, nu, stopping="practical"),
            max(64 / eps**2 * (lnr + 1), 16 / eps),
        ),
    }
    runs_by_nu[nu] = runs
    for name, (res, B, B_printed) in runs.items():
        PT = truth.soft_margin_lp(o.columns(res.hypotheses), nu).value
        table.append(
            {
                "algorithm": name,
                "nu": nu,
                "T": res.n_iter,
                "bound (thesis)": B_printed,
                "bound (refboost.bounds)": B,
                "slack": B_printed / res.n_iter,
                "g - P_LP^T": g - PT,
                "g - SM(w)": g - rb.soft_margin(res.margins, nu),
                "converged": res.converged,
                "eta": res.params.get("eta", np.nan),
            }
        )
full = pd.DataFrame(table)
book.table(
    full.drop(columns=["converged", "eta"]),
    caption="Full runs on a random +-1 class (N = 40, eps = 0.1). bound (thesis): the bound as "
    "printed (for Binary, practical: with the +1 of the corrected Thm 3.23); bound "
    "(refboost.bounds): the bound as proved (SoftBoost: 1 + 2/eps^2 ln(N/nu)); slack = "
    "bound (thesis) / T; g = P_LP of the whole class; SM(w): soft margin of the output.",
    formats={
        "nu": "{:g}",
        "bound (thesis)": "{:,.0f}",
        "bound (refboost.bounds)": "{:,.0f}",
        "slack": "x{:,.0f}",
        "g - P_LP^T": "{:.1e}",
        "g - SM(w)": "{:.3f}",
    },
)

# %% [markdown]
# Along the practical runs (exact steps) Lemma 3.4's two gaps coincide up to the inner duality gap,
# which is at most $\epsilon/4$; and Binary ERLPBoost runs with the $\eta$ of the corrected Thm 3.23.

# %%
for r in table:
    assert r["converged"] and r["T"] <= r["bound (refboost.bounds)"]
    assert r["T"] <= r["bound (thesis)"]  # Thm 3.2 as printed, too
    assert r["g - P_LP^T"] <= eps + 1e-9 and r["g - SM(w)"] <= eps + 1e-9
slack = full.groupby("algorithm")["slack"].agg(["min", "max"])
lemma34 = []
for nu, runs in runs_by_nu.items():
    hist = runs["ERLPBoost, practical"][0].history
    gaps = np.array([r["delta_practical"] - r["delta_simple"] for r in hist])
    assert np.all(gaps >= -1e-12) and np.all(gaps <= eps / 4 + 1e-12)
    assert hist[-1]["delta_practical"] <= eps / 2
    lemma34.append(gaps.max())
    eta_b = runs["Binary, practical"][0].params["eta"]  # Thm 3.23 corrected: the +1
    assert abs(eta_b - max(2 / eps * (np.log(N / nu) + 1), 0.5)) <= 1e-12 * eta_b
# the slack factors the verdicts below state
assert 20 <= slack.loc["SoftBoost", "min"] and slack.loc["SoftBoost", "max"] <= 40
assert 250 <= slack.loc["ERLPBoost, simple", "min"]
assert slack.loc["Binary, practical", "max"] <= 1500

# %% tags=["remove-input"]
s_ = slack.round(0).astype(int)


def sl(name):
    return f"x{s_.loc[name, 'min']}-x{s_.loc[name, 'max']}"


claims.check(
    "Glocer Thm 3.2",
    status="holds; proof corrected",
    on="random +-1 class, N = 40, K = 30 (reflexive), nu in {1, N/10}, eps = 0.1: holds, "
    "slack x23-x37; the tightest constructions we have: the Thm 2.5 family (below, T = 2) "
    "and the adversarial g-oracle (below, T = 17)",
    correction="the proof sums (3.5) to Delta(d^(T-1), d^0), since d^T need not exist; it "
    "proves T <= 1 + 2/eps^2 ln(N/nu), one more than printed; no run exceeds the printed bound",
    paper="T <= ceil(2/eps^2 ln(N/nu))",
    ours=f"T = {full['T'][0]}, {full['T'][5]}; slack {sl('SoftBoost')}",
)
claims.check(
    "Glocer Alg 3.1",
    status="holds",
    on="the same runs (the output is certified against the whole class)",
    paper="g - SM(w) <= eps",
    ours=f"{full['g - SM(w)'][full.algorithm == 'SoftBoost'].max():.3f}",
)
claims.check(
    "Glocer Lemma 3.3",
    status="holds",
    on="the same runs (simple criterion)",
    paper="g - P_LP^T <= eps",
    ours=f"max {full['g - P_LP^T'].max():.1e}",
)
claims.check(
    "Glocer Lemma 3.4",
    status="holds; proof corrected",
    on="the same runs (practical criterion, exact steps; inexact steps on section page 3)",
    correction="the proof's Theta-hat^t(tilde w^(t-1), .) is Theta-hat^(t-1); the right side "
    "of its last display is tilde-delta^(T+1); Alg. 3.2(b)'s hat-delta is tilde-delta",
    paper="0 <= tilde-delta - hat-delta <= eps/4",
    ours=f"max {max(lemma34):.1e}",
)
claims.check(
    "Glocer Lemma 3.5",
    status="holds",
    on="the same runs (practical criterion)",
    paper="g - P_LP^T <= eps",
    ours="see Lemma 3.3",
)
claims.check(
    "Glocer Thm 3.10",
    status="holds; proof corrected",
    on="the same runs: holds, slack x295-x472 (T = 25 against bounds of 7,368 and "
    "11,804); the tightest constructions we have: the Thm 2.5 family (T = 2) and the "
    "adversarial g-oracle (T = 35, slack about x210); none attains the ln(N)/eps^2 order",
    correction="the proof's range of delta^1 is [0, 2], not [0, 1] (checked below on a run "
    "with delta^1 > 1); the step 8 eta/delta^1 > 1 still holds",
    paper="T <= max(32/eps^2 ln(N/nu), 8/eps)",
    ours=sl("ERLPBoost, simple"),
)
claims.check(
    "Glocer Thm 3.12",
    status="holds",
    on="the same runs: holds, slack x589-x944; tightest constructions we have: the Thm 2.5 "
    "family (T = 2) and the g-oracle (T = 35); unproved for inexact steps (Lemma 3.11 fails, "
    "section page 3)",
    paper="T <= max(64/eps^2 ln(N/nu), 16/eps)",
    ours=sl("ERLPBoost, practical"),
)
claims.check(
    "Glocer Thm 3.21",
    status="holds",
    on="the same runs: holds, slack x423-x600; tightest constructions we have: the Thm 2.5 "
    "family (T = 2) and the g-oracle (T = 35)",
    paper="T <= max(32/eps^2 (ln(N/nu) + 1), 8/eps)",
    ours=sl("Binary, simple"),
)
claims.check(
    "Glocer Alg 3.2",
    status="holds",
    on="the same runs (both criteria), certified against the whole class",
    paper="eps-optimal",
    ours="converged on all four runs",
)
claims.check(
    "Glocer Alg 3.3",
    status="holds",
    on="the same runs (both criteria), certified against the whole class",
    paper="eps-optimal",
    ours="converged on all four runs",
)

# %% [markdown]
# ## 2. Thm 3.23 as printed fails
#
# **Claim.** Thm 3.23 prints ERLPBoost's $\eta=\max(\frac2\epsilon\ln\frac N\nu,\frac12)$ for Binary
# ERLPBoost; Lemma 3.17, on which its guarantee rests, asks for $\eta\ge\frac2\epsilon(\ln\frac N\nu+1)$.
# The $+1$ matters when $\ln\frac N\nu$ is small, i.e. $\nu$ close to $N$. The check: a $5\times2$ class
# (with negations), $\nu=3.75$, $\epsilon=0.2$, run at both values of $\eta$.

# %% tags=["hide-input"]
U323 = np.array(
    [[0.74, -0.40], [-0.87, 0.04], [-0.34, 0.77], [-0.07, 0.15], [0.36, -0.46]]
)
o323 = rb.MatrixOracle(U323, reflexive=True)
nu323, eps323 = 3.75, 0.2
g323 = truth.soft_margin_lp(o323.U, nu323).value
rows323 = []
for label, eta323 in (
    ("printed (Thm 3.23)", max(2 / eps323 * np.log(5 / nu323), 0.5)),
    ("corrected (Lemma 3.17)", None),
):
    r323 = rb.binary_erlpboost(o323, nu=nu323, eps=eps323, eta=eta323)
    PT323 = truth.soft_margin_lp(o323.columns(r323.hypotheses), nu323).value
    rows323.append(
        {
            "eta": label,
            "value": r323.params["eta"],
            "T": r323.n_iter,
            "stopping gap": r323.history[-1]["delta_practical"],
            "g - P_LP^T": g323 - PT323,
            "converged": r323.converged,
        }
    )
t323 = pd.DataFrame(rows323)
book.table(
    t323,
    caption="Binary ERLPBoost (practical criterion) on a 5 x 2 class with negations, nu = 3.75, "
    "eps = 0.2, g = P_LP of the class = 0. Stopping gap: tilde-delta_B^(T+1), compared with "
    "eps/2 = 0.1.",
    formats={"value": "{:.3f}", "stopping gap": "{:.4f}", "g - P_LP^T": "{:.4f}"},
)

# %%
printed, corrected = rows323
assert printed["stopping gap"] <= eps323 / 2 - 1e-3  # the rule fires, clearly
assert printed["g - P_LP^T"] > eps323 + 5e-3  # Thm 3.23 as printed fails
assert corrected["g - P_LP^T"] <= eps323 + 1e-9 and corrected["converged"]

# %% tags=["remove-input"]
claims.check(
    "Glocer Thm 3.23",
    status="fails as printed, holds corrected",
    on="the corrected form on the random runs above (slack x845-x1,200; the Thm 2.5 family "
    "takes T = 2) and on the 5 x 2 counterexample",
    counterexample="U = [[.74, -.40], [-.87, .04], [-.34, .77], [-.07, .15], [.36, -.46]] "
    "with negations, nu = 3.75, eps = 0.2: at the printed eta = 2.88 Binary ERLPBoost stops "
    "after T = 1 with g - P_LP^T = 0.207 > eps",
    correction="eta = max(2/eps (ln(N/nu) + 1), 1/2) in (3.25) and T <= max(64/eps^2 "
    "(ln(N/nu) + 1), 16/eps); 'Theorem 3.10' read as 3.12",
    paper="g - P_LP^T <= eps at eta = 2.88",
    ours=f"g - P_LP^T = {printed['g - P_LP^T']:.3f} (printed eta), "
    f"{corrected['g - P_LP^T']:.3f} (corrected)",
)
claims.check(
    "Glocer Lemma 3.17",
    status="holds",
    on="the random runs above and the 5 x 2 instance, at the lemma's eta >= 2/eps (ln(N/nu) "
    "+ 1); the same instance at a smaller eta shows the +1 is needed",
    paper="g - P_LP^T <= eps",
    ours=f"{corrected['g - P_LP^T']:.3f} on the 5 x 2 instance",
)

# %% [markdown]
# ## 3. The proof chain along a run
#
# **Claim.** Along an ERLPBoost run with the simple criterion ($\nu=1$, the pool above), every
# iteration satisfies the progress bound {prf:ref}`Lemma 3.7 <lem-progress>`, the recurrence
# {prf:ref}`Lemma 3.8 <lem-recurrence>` and the envelope {prf:ref}`Lemma 3.9 <lem-envelope>` with $c=\frac1{8\eta}$; and
# $\delta^1$ may exceed the printed range $[0,1]$ of the proof of Thm 3.10.

# %% tags=["hide-input"]
res = rb.erlpboost(o, nu=1.0, eps=eps, stopping="simple")
eta = res.params["eta"]
h = res.history
P = np.array([-1.0] + [r["P"] for r in h[:-1]])  # P^(t-1)(d^(t-1))
Pjump = np.array([r["P_t_prev"] for r in h[:-1]])  # P^t(d^(t-1))
delta = np.array([r["delta_simple"] for r in h])
minP = res.history_array("min_P")
c = 1 / (8 * eta)
env = 1 / (c * (np.arange(1, len(delta) + 1) - 1 + 1 / (c * delta[0])))
prog = (P[1:] - P[:-1]) - (Pjump - P[:-1]) ** 2 / (8 * eta)
rec = (delta[:-1] - delta[1:]) - delta[:-1] ** 2 / (8 * eta)
book.glue("delta1", float(delta[0]))
book.glue("T-run", int(res.n_iter))

# %%
assert np.all(prog >= -1e-9)  # Lemma 3.7
assert 1 < delta[0] <= 2  # delta^1 lies in [0, 2], here above the printed bound 1
assert np.all(rec >= -1e-9)  # Lemma 3.8
assert np.all(delta <= env + 1e-12)  # Lemma 3.9
# Fig. 3.1: P^(t-1)(d^(t-1)) rises, min_q P^q(d^(q-1)) falls,
# and the run stops at the first gap <= eps/2
assert np.all(np.diff(P) >= -1e-12) and np.all(np.diff(minP) <= 1e-15)
assert np.all(minP[:-1] - P[:-1] > eps / 2) and minP[-1] - P[-1] <= eps / 2

# %% tags=["remove-input"]
claims.check(
    "Glocer Lemma 3.7",
    status="holds; proof corrected",
    on="every iteration of an ERLPBoost run (N = 40, nu = 1, eps = 0.1)",
    correction="the convexity step bounds exp(-eta alpha x_n) (printed exp(x_n))",
    paper="progress >= (jump)^2 / (8 eta)",
    ours=f"smallest slack {prog.min():.1e}",
)
claims.check(
    "Glocer Lemma 3.8",
    status="holds",
    on="every iteration of the same run",
    paper="delta^t - delta^(t+1) >= (delta^t)^2 / (8 eta)",
    ours=f"smallest slack {rec.min():.1e}",
)
claims.check(
    "Glocer Lemma 3.9",
    status="holds",
    on="every iteration of the same run",
    paper="delta^t <= envelope",
    ours=f"largest delta / envelope {np.max(delta / env):.3f}",
)
claims.check(
    "Glocer Fig 3.1",
    status="holds",
    on="the same run: the orderings the figure depicts, asserted at every iteration (the "
    "figure is a sketch without numbers, so there is nothing to reproduce within a band)",
    paper="P^t(d^t) rises, min_q P^q(d^(q-1)) falls, stop at the first gap <= eps/2",
    ours=f"T = {res.n_iter}",
)

# %% [markdown]
# On this run $\delta^1=$ {glue:text}`delta1:.3f`, above the range $[0,1]$ the proof of Thm 3.10
# prints (see the erratum beside {prf:ref}`Thm 3.10 <thm-erlp-bound>`); the theorem is unaffected.
# {numref}`fig-erlp-run` shows the run: the two sequences of {prf:ref}`the stopping criteria <def-stopping>` close in on
# each other and the gap stays under the envelope of Lemma 3.9, far below it after the first
# iterations, which is why the bounds are loose.

# %% tags=["hide-input"]
fig, ax = plt.subplots(1, 2, figsize=(book.COLUMN_INCHES, 3.4))
t_ax = np.arange(1, len(P) + 1)
ax[0].plot(t_ax, P, "o-", ms=3, label="$P^{t-1}(d^{t-1})$")
ax[0].plot(t_ax, minP, "s-", ms=3, label=r"$\min_{q\leq t}P^q(d^{q-1})$")
ax[0].axhline(truth.soft_margin_lp(o.U, 1.0).value, color="k", lw=0.8, label="$P_{LP}$")
ax[0].set(xlabel="iteration t", ylabel="value", ylim=(minP[-1] - 0.6, minP[-1] + 0.3))
ax[0].legend(loc="lower right")
ax[1].semilogy(t_ax, delta, "o-", ms=3, label=r"$\delta^t$")
ax[1].semilogy(t_ax, env, "--", label="Lemma 3.9 envelope")
ax[1].axhline(eps / 2, color="r", lw=0.8, label=r"$\epsilon/2$")
ax[1].set(xlabel="iteration t", ylabel=r"gap $\delta^t$")
ax[1].legend(loc="upper right")
fig.tight_layout()
book.figure("fig-erlp-run", fig)

# %% [markdown]
# ```{glue:figure} fig-erlp-run
# :name: fig-erlp-run
#
# ERLPBoost with the simple criterion (N = 40, $\nu=1$, $\epsilon=0.1$), our analogue of Glocer
# (2009), Fig. 3.1. Left: the value $P^{t-1}(d^{t-1})$ rises and the upper bound
# $\min_qP^q(d^{q-1})$ falls towards $P_{LP}$. Right: the gap $\delta^t$, the envelope of Lemma 3.9
# and the threshold $\epsilon/2$. Lemmas 3.7-3.9 hold at every iteration.
# ```
#
# ## 4. The Theorem 2.5 family
#
# **Claim.** On the worst case for LPBoost ({prf:ref}`Thm 2.5 <thm-lpboost-lower>`), the entropy-regularised
# algorithms should not suffer: their bounds are logarithmic in $N$. The check: $m\in\{5,10,25,50\}$
# ($N=2m$), $\epsilon=0.05$; and the thesis's printed Fig. 2.8 matrix ($N=8$, $\delta=0.01$), with
# LPBoost's values $P^t_{LP}=-1+2t\delta$.

# %% tags=["hide-input"]
rows_wc = []
for m in (5, 10, 25, 50):
    Uw = rb.instances.lpboost_worst_case(m)
    row = {"N": 2 * m, "LPBoost": rb.lpboost(rb.MatrixOracle(Uw), eps=0.05).n_iter}
    for name, algo in (
        ("SoftBoost", rb.softboost),
        ("ERLPBoost", rb.erlpboost),
        ("Binary ERLPBoost", rb.binary_erlpboost),
    ):
        row[name] = algo(rb.MatrixOracle(Uw), eps=0.05).n_iter
    rows_wc.append(row)
wc = pd.DataFrame(rows_wc)
book.table(
    wc,
    caption="Iterations T on the worst-case family of Thm 2.5 (N = 2m examples, eps = 0.05).",
)

# %% tags=["hide-input"]
dl8 = 0.01
fig28 = np.array(
    [[1, -1 + 5 * dl8, -1 + 7 * dl8, -1 + 9 * dl8, -1 + dl8]] * 4
    + [
        [-1 + 2 * dl8, 1, -1 + 7 * dl8, -1 + 9 * dl8, 1 - dl8],
        [-1 + 3 * dl8, -1 + 4 * dl8, 1, -1 + 9 * dl8, 1 - dl8],
        [-1 + 3 * dl8, -1 + 5 * dl8, -1 + 6 * dl8, 1, 1 - dl8],
        [-1 + 3 * dl8, -1 + 5 * dl8, -1 + 7 * dl8, -1 + 8 * dl8, 1 - dl8],
    ]
)
lp8 = rb.lpboost(rb.MatrixOracle(fig28), eps=0.01)
P8 = lp8.history_array("P_LP")

# %%
assert all(wc["LPBoost"] == wc["N"] // 2 + 1) and wc["ERLPBoost"].max() <= 3
assert np.abs(rb.instances.lpboost_worst_case(4, dl8) - fig28).max() <= 1e-15
assert lp8.n_iter == 5 and P8[4] >= dl8 / 2
assert np.allclose(P8[:4], -1 + 2 * dl8 * np.arange(1, 5), atol=1e-12)

# %% tags=["remove-input"]
claims.check(
    "Glocer Thm 2.5",
    status="holds",
    on="the worst-case family, N in {10, 20, 50, 100}: LPBoost takes N/2 + 1 (the bound is "
    "attained)",
    note="ERLPBoost solves it in <= 3 iterations",
    paper="LPBoost: T = N/2 + 1",
    ours=", ".join(f"{r.LPBoost} (N = {r.N})" for r in wc.itertuples()),
)
claims.check(
    "Glocer Fig 2.8",
    status="holds",
    on="the printed N = 8 matrix with delta = 0.01",
    note="LPBoost's P^t_LP row -1 + 2 t delta for t <= 4, then >= delta/2 at T = 5",
    paper="P^t_LP = -1 + 2t delta (t <= 4)",
    ours=", ".join(f"{v:+.2f}" for v in P8[:4]),
)

# %% [markdown]
# ## 5. An adversarial weak learner
#
# **Claim.** Alg. 3.1-3.3 only assume that each hypothesis has edge at least $g$. `GOracle` returns
# the **lowest**-edge column whose edge is still $\ge g$, the weakest learner the theory allows
# ($30\times40$ uniform class with negations, $\nu=3$, $\epsilon=0.1$, $g=P_{LP}$). The runs must still
# stop $\epsilon$-optimal, with the learner never violating its guarantee.

# %% tags=["hide-input"]
Ug = rng.uniform(-1, 1, size=(30, 40))
nu_g = 3.0
g_g = truth.soft_margin_lp(np.hstack([Ug, -Ug]), nu_g).value
rows_g = []
for algo in ("softboost", "erlpboost", "binary_erlpboost"):
    og = rb.GOracle(Ug, g_g - 1e-9, reflexive=True)
    res_g = getattr(rb, algo)(og, nu=nu_g, eps=0.1)
    res_b = getattr(rb, algo)(rb.MatrixOracle(Ug, reflexive=True), nu=nu_g, eps=0.1)
    PT = truth.soft_margin_lp(og.columns(res_g.hypotheses), nu_g).value
    rows_g.append(
        {
            "algorithm": algo,
            "T, g-oracle": res_g.n_iter,
            "T, best-edge oracle": res_b.n_iter,
            "g - P_LP^T": g_g - PT,
            "violations": og.violations,
            "converged": res_g.converged,
        }
    )
goracle = pd.DataFrame(rows_g)
book.table(
    goracle,
    caption="The three boosters with the adversarial g-oracle and with the best-edge oracle "
    "(N = 30, 40 hypotheses and negations, nu = 3, eps = 0.1).",
    formats={"g - P_LP^T": "{:.3g}"},
)

# %%
for r in rows_g:
    assert r["converged"] and r["g - P_LP^T"] <= 0.1 + 1e-9 and r["violations"] == 0

# %% tags=["remove-input"]
claims.check(
    "Glocer Alg 3.2",
    status="holds",
    on="an adversarial g-oracle (returns the weakest hypothesis with edge >= g)",
    paper="g - P_LP^T <= eps",
    ours=f"max {goracle['g - P_LP^T'].max():.3g}; T up to {goracle['T, g-oracle'].max()}",
)
