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
# # Corrective ERLPBoost and corrective Binary ERLPBoost
#
# Source: Glocer (2009), chapter 4 (Shalev-Shwartz & Singer 2008).
#
# ## 1 Statement
# Instead of re-solving (3.6) over all hypotheses, the corrective algorithm (Alg. 4.1) takes one step
# $w^t=((1-\alpha)w^{t-1},\alpha)$ with $x=u^t-\sum_qw^{t-1}_qu^q$ and
# $\alpha=\mathrm{clip}_{[0,1]}\big(x\cdot d^{t-1}/(\eta\|x\|_\infty^2)\big)$ (Shalev-Shwartz & Singer), then
# $d^t$ is the KL projection of $d^0e^{-\eta Uw^t}$ onto the capped simplex (Alg. 4.2, cap $1/\nu$).
# The exact line search it approximates is the problem (Glocer 2009, eq. (4.6))
#
# $$\min_d\ u^t\cdot d+\frac1\eta\Delta(d,d^0)\ \text{ s.t. }\ d\cdot\mathbf1=1,\ d\le\tfrac1\nu\mathbf1,\ (u^t-\bar u)\cdot d=0\tag{4.6}$$
#
# ```{prf:lemma} Corrective dual (Glocer 2009, Lemma 4.1)
# :nonumber:
# :label: lem-corrective-dual
# The dual of (4.6) is $\max_{w_t\in\mathbb R,\psi\ge0}-\frac1\eta\ln\sum_nd^0_ne^{-\eta((1-w_t)\bar u_n+w_tu^t_n+\psi_n)}-\frac1\nu\sum_n\psi_n$ (4.7).
# ```
#
# :::{admonition} Erratum: Glocer (2009), Alg. 4.1(b) and Alg. 4.3(b), the step size
# :class: warning
# **Printed:** Alg. 4.1(b): $w^t_t=\max\big(0,\min\big(1,\frac{(\mathbf u^t-\sum_{q=0}^{t-1}w^{t-1}_q\mathbf u^q)\cdot\mathbf d^{t-1}}{\eta\|\mathbf u^t-\sum_{q=0}^{t-1}w^{t-1}_q\mathbf u^q\|_\infty}\big)\big)$
# (no square, sums from $q=0$); Alg. 4.3(b) puts $\mathbf w^t$ instead of $\mathbf w^{t-1}$ in the norm.
# **Corrected:** $\alpha=\mathrm{clip}_{[0,1]}\big(x\cdot d^{t-1}/(\eta\|x\|_\infty^2)\big)$, $x=u^t-\sum_{q=1}^{t-1}w^{t-1}_qu^q$, as in the
# thesis's §4.1 and Shalev-Shwartz & Singer (2008); `refboost` implements this (`step_rule="sq"`; the printed variants are
# other values of `step_rule`). **Why:** it is the maximiser of the lower bound $\alpha\,x\cdot d-\frac\eta2\alpha^2\|x\|_\infty^2$ on the dual
# increase, and $w^t$ is not known before $\alpha$ is. Checked in the step-size cell of section 2.
# :::
#
# :::{admonition} Erratum: Glocer (2009), Lemma 4.1 (the dual of (4.6)) and its proof
# :class: warning
# **Printed:** the proof writes $\mathbf d^t$ inside the Lagrangian and concludes strong duality from Slater's condition
# because "the uniform distribution is always a feasible solution".
# **Corrected:** the Lagrangian is a function of a free $\mathbf d$; $w_t$ in (4.7) is the multiplier of an equality, a free
# real number (not confined to the range $[0,1]$ of Alg. 4.1's step); and (4.6) can be **infeasible** (for $u^t>\bar u$
# componentwise no distribution satisfies $(u^t-\bar u)\cdot d=0$), so strong duality holds only when it is feasible.
# **Why:** $d^0$ satisfies the equality constraint only by accident. Checked in the cell "Lemmas 4.1 and 4.2": the
# 1-d maximisation over the free $w_t$ reproduces the conic value of (4.6), and an infeasible instance is exhibited.
# :::
#
# :::{admonition} Erratum: Glocer (2009), Lemma 4.2 (the dual of the Binary problem (4.12))
# :class: warning
# **Printed:** the stationarity line has $-(1-w_t)\sum_q$; the change of variable reads $w^t_q=w^t_tw^{t-1}_q$; several sums run to
# $t$; (4.15) carries a $\psi$ term. **Corrected:** $+(1-w_t)\sum_q$; $w^t_q=(1-w^t_t)w^{t-1}_q$; the sums run to $t-1$; no $\psi$
# (the binary entropy keeps $d$ below the cap). **Why:** these follow from differentiating the Lagrangian of (4.12) and from
# step (c) of Alg. 4.1. Checked in the cell "Lemmas 4.1 and 4.2": (4.12) by Clarabel equals the corrected dual.
# :::

# %%
import time

import matplotlib.pyplot as plt
import numpy as np
from scipy.optimize import minimize_scalar

import refboost as rb
from refboost import bounds, claims, truth
from refboost.boosters.corrective import beta_bisection, project_simplex
from refboost.boosters.entropy import binary_smoothed_soft_margin
from refboost.certify.corrective import corrective_46, corrective_binary_412
from refboost.projections import project_capped_simplex_log, smoothed_soft_margin

plt.rcParams.update({"font.size": 12})  # legible at the book's column width
FULL_RUN = False
rng = np.random.default_rng(0)
T0 = time.perf_counter()

# %% [markdown]
# ## 2 Derivation and the pieces
# ### Project Simplex (Alg. 4.2, corrected cap $1/\nu$) against the log-domain projection
#
# :::{admonition} Erratum: Glocer (2009), Alg. 4.2 (Project Simplex)
# :class: warning
# **Printed:** $\theta=\frac{1-\nu(n-1)}Z$, stop when $\theta d'_n\le\nu$, output $\hat d_n=\min\{\nu,\theta d'_n\}$.
# **Corrected:** $\theta=\frac{1-(n-1)/\nu}Z$, stop when $\theta d'_n\le\frac1\nu$, output $\hat d_n=\min\{\frac1\nu,\theta d'_n\}$, in the original order.
# **Why:** the thesis caps at $d\le\frac1\nu$ with $\nu\in[1,N]$; the printed form is Shalev-Shwartz & Singer's convention, whose
# cap parameter is $1/\nu$ here (with $\nu\ge1$ the printed cap $\nu$ never binds). Checked in the cell below against the
# log-domain KL projection onto $\{d\in\mathcal S^N: d\le\frac1\nu\}$.
# :::

# %%
for nu in (1.0, 2.5, 7.0):
    a = np.exp(2 * rng.normal(size=25))
    d, C = project_simplex(a, nu)
    p = project_capped_simplex_log(np.log(a), nu)
    print(f"nu = {nu}: |C| = {C.sum()}, max |d - d_log| = {np.abs(d - p.d).max():.1e}")
    assert np.abs(d - p.d).max() <= 1e-12 and np.array_equal(C, p.capped)
claims.check("Glocer Alg 4.2", status="fails as printed, holds corrected", on="random vectors, several nu",
             note="cap 1/nu, printed nu")

# %% [markdown]
# ### The $\beta$ bisection (Alg. 4.4, corrected)
#
# :::{admonition} Erratum: Glocer (2009), Alg. 4.4 (binary search for $\beta$)
# :class: warning
# **Printed:** "While $s(\beta_l)\ge1$, set $\beta_l=2\beta_l$"; "While $s(\beta_u)\le1$, set $\beta_u=2\beta_u$"; midpoint
# $\beta=\beta_l+\frac12(\beta_l+\beta_u)$; stop when $|s(\beta)|\le\tau$.
# **Corrected:** widen while $s(\beta_l)<1$ resp. $s(\beta_u)>1$; midpoint $\frac12(\beta_l+\beta_u)$; stop when $|s(\beta)-1|\le\tau$.
# **Why:** $s(\beta)=\sum_nd_n(\beta)$ is strictly decreasing from $N/\nu>1$ to $0$, and $\beta$ is the root of $s(\beta)=1$: the bracket
# needs $s(\beta_l)\ge1\ge s(\beta_u)$, and the printed midpoint leaves the bracket. Checked in the cell below against Brent's method.
# :::

# %%
m = rng.uniform(-1, 1, size=40)
for nu, eta in [(1.0, 10.0), (4.0, 100.0)]:
    b, k = beta_bisection(m, nu, eta)
    r = binary_smoothed_soft_margin(m, nu, eta)
    print(f"nu = {nu}, eta = {eta}: bisection beta = {b:.12f} ({k} steps), Brent beta = {r.beta:.12f}")
    assert abs(b - r.beta) <= 1e-9
claims.check("Glocer Alg 4.4", status="fails as printed, holds corrected", on="random instances, nu and eta grid",
             note="bisection corrected, see the erratum")

# %% [markdown]
# ### Lemmas 4.1 and 4.2: (4.6)/(4.12) by Clarabel vs a 1-d maximisation of the dual over the free $w_t$

# %%
U5 = rng.choice([-1.0, 1.0], size=(30, 5))
ubar = U5 @ rng.dirichlet(np.ones(5))
u = rng.choice([-1.0, 1.0], size=30)
for nu, eta in [(1.0, 5.0), (3.0, 10.0)]:
    g = truth.corrective_primal_46(u, ubar, nu, eta)
    r1 = minimize_scalar(lambda a: -smoothed_soft_margin(a * u + (1 - a) * ubar, nu, eta).value, bracket=(0, 1), tol=1e-12)
    val = -r1.fun
    gb = truth.corrective_binary_primal_412(u, ubar, nu, eta)
    r2 = minimize_scalar(lambda a: -binary_smoothed_soft_margin(a * u + (1 - a) * ubar, nu, eta).value,
                         bracket=(0, 1), tol=1e-12)
    print(f"nu={nu} eta={eta}: (4.6) {g.value:.10f} vs dual {val:.10f}, w_t = {r1.x:.6f} (1 + alpha = {1 + g.alpha:.6f});"
          f" (4.12) {gb.value:.10f} vs dual {-r2.fun:.10f}")
    assert abs(val - g.value) <= 1e-8 and abs(r1.x - (1 + g.alpha)) <= 1e-5
    assert abs(-r2.fun - gb.value) <= 1e-8
    # the certificates of refboost.certify.corrective accept the conic solutions (dual point: w_t read off d)
    c46 = corrective_46(u, ubar, g.d, nu=nu, eta=eta)
    c412 = corrective_binary_412(u, ubar, gb.d, nu=nu, eta=eta)
    print(f"   certificate (4.6): gap {c46.gap:.1e}, w_t = {c46.kkt['w_t']:.6f}; (4.12): gap {c412.gap:.1e}")
    assert c46.ok and c412.ok
# infeasible (4.6): u > ubar componentwise
assert truth.corrective_primal_46(np.full(10, 0.5), np.full(10, 0.1), 2.0, 10.0).status.startswith("infeasible")
claims.check("Glocer Lemma 4.1", status="fails as printed, holds corrected",
             on="random feasible instances against Clarabel", note="dual corrected, see the erratum")
claims.check("Glocer Lemma 4.2", status="fails as printed, holds corrected",
             on="random feasible instances against Clarabel", note="dual corrected, see the erratum")
claims.check("Glocer KKT corrective", status="holds", on="the same instances")
print("(4.6) with u > ubar componentwise is infeasible: the thesis's Slater claim fails")

# %% [markdown]
# ### The step-size lower bounds (Fig. 4.1 analogue)
# $f(\alpha)=-\frac1\eta\ln\sum_nd_ne^{-\eta\alpha x_n}$ (4.2) vs the Hoeffding bound (4.3) $\alpha x\cdot d-2\eta\alpha^2$
# and the Shalev-Shwartz–Singer bound $\alpha x\cdot d-\frac\eta2\alpha^2\|x\|_\infty^2$.
#
# :::{admonition} Erratum: Glocer (2009), eq. (4.4)
# :class: warning
# **Printed:** $\alpha x\cdot d-2\eta\alpha^2\|x\|_\infty^2$. **Corrected:** $\alpha x\cdot d-\frac\eta2\alpha^2\|x\|_\infty^2$ (Shalev-Shwartz & Singer 2008).
# **Why:** the thesis says (4.4) is tighter than (4.3) (its Fig. 4.1) and maximises it to get the step
# $x\cdot d/(\eta\|x\|_\infty^2)$; the printed coefficient would give $x\cdot d/(4\eta\|x\|^2_\infty)$ and, as $\|x\|_\infty$ can reach 2,
# a bound *looser* than (4.3). Checked in the cell below: the corrected bound lies between (4.3) and (4.2), the printed one
# below (4.3), and the corrected bound's maximiser is the step size of Alg. 4.1.
# :::

# %%
eta = 5.0
x = rng.uniform(-1.5, 1.5, size=50)  # x = u^t - ubar lies in [-2, 2]; ||x||_inf < 2 separates the bounds
dd = rng.dirichlet(np.ones(50))
al = np.linspace(0, 0.2, 101)
f = np.array([-np.log(np.sum(dd * np.exp(-eta * a * x))) / eta for a in al])
b43 = al * (x @ dd) - 2 * eta * al**2
bss = al * (x @ dd) - eta / 2 * al**2 * np.abs(x).max() ** 2
b44_printed = al * (x @ dd) - 2 * eta * al**2 * np.abs(x).max() ** 2
assert np.all(f >= b43 - 1e-12) and np.all(f >= bss - 1e-12)
assert np.all(bss >= b43 - 1e-12) and np.all(b44_printed <= b43 + 1e-12)  # corrected tighter, printed looser
al_fine = np.linspace(0, 1, 200001)
a_star = al_fine[np.argmax(al_fine * (x @ dd) - eta / 2 * al_fine**2 * np.abs(x).max() ** 2)]
assert abs(a_star - np.clip((x @ dd) / (eta * np.abs(x).max() ** 2), 0, 1)) <= 1e-5  # the step of Alg. 4.1
claims.check("Glocer eq (4.3)-(4.4)", status="fails as printed, holds corrected", on="a grid of step sizes",
             note="printed (4.4) coefficient is looser than (4.3); corrected bound lies between")
claims.check("Glocer Fig 4.1", status="fails as printed, holds corrected", on="the same grid",
             note="with (4.4) corrected")
plt.figure(figsize=(6.5, 4.2))
plt.plot(al, f, label="(4.2) exact")
plt.plot(al, b43, "--", label="(4.3)")
plt.plot(al, bss, ":", label="(4.4) corrected")
plt.plot(al, b44_printed, "-.", label="(4.4) printed")
plt.xlabel(r"$\alpha$"); plt.legend(); plt.title("dual increase along the step"); plt.show()

# %% [markdown]
# ## 3 Numerical check: corrective vs totally corrective
#
# :::{admonition} Erratum: Glocer (2009), Alg. 4.1(d), the $P$ of the stopping rule
# :class: warning
# **Printed:** $P^t(\mathbf d)=\sum_{q=1}^tw^t_q(\mathbf u^q\cdot\mathbf d)+\frac1\eta\Delta(\mathbf d,\mathbf d^0)$, while §4.2.1 says to use (3.6).
# **Corrected:** the max form of (3.6), $P^t(\mathbf d)=\max_{q\le t}\mathbf u^q\cdot\mathbf d+\frac1\eta\Delta(\mathbf d,\mathbf d^0)$, which `refboost` implements
# (the max form of (3.25) for the Binary variant).
# **Why:** only the max form gives $P^q(\mathbf d^{q-1})\ge\mathbf u^q\cdot\mathbf d^{q-1}\ge g$, the upper bound that the stopping rule
# compares with the dual value (the argument of Lemma 3.5); a weighted average of edges can fall below $g$. Checked in the cell
# below: with an exact oracle $\min_qP^q(\mathbf d^{q-1})$ never falls below the optimum $g$ of the class.
# :::

# %%
N, K = (80, 60) if FULL_RUN else (40, 30)
o = rb.MatrixOracle(rng.choice([-1.0, 1.0], size=(N, K)), reflexive=True)
eps = 0.1
rows = []
curves = {}
for nu in (1.0, 4.0):
    g = truth.soft_margin_lp(o.U, nu).value
    for name, algo in [("erlpboost", rb.erlpboost), ("corrective_erlpboost", rb.corrective_erlpboost),
                       ("binary_erlpboost", rb.binary_erlpboost),
                       ("corrective_binary_erlpboost", rb.corrective_binary_erlpboost)]:
        res = algo(o, nu=nu, eps=eps)
        sm = rb.soft_margin(res.margins, nu)
        rows.append((name, nu, res.n_iter, len(res.hypotheses), g - sm))
        curves[(name, nu)] = res.history_array("dual")
        assert res.converged and sm >= g - eps - 1e-9
        if name.startswith("corrective"):
            assert res.extra["min_P"] >= g - 1e-12  # the max form of P bounds the optimum from above
print(f"{'algorithm':>28} {'nu':>4} {'iterations':>10} {'unique h':>8} {'g-SM(w)':>8}")
for r in rows:
    print(f"{r[0]:>28} {r[1]:4.0f} {r[2]:10d} {r[3]:8d} {r[4]:8.3f}")
ratio = [r2[2] / r1[2] for r1, r2 in zip(rows[0::2], rows[1::2], strict=True)]
print("corrective / totally corrective iteration ratios:", np.round(ratio, 1))
assert min(ratio) > 1
claims.check("Glocer Alg 4.1", status="fails as printed, holds corrected", on="random +-1 U, N = 40, K = 30, nu grid",
             note="P of the stopping rule in max form (erratum Alg. 4.1(d))")
claims.check("Glocer Alg 4.3", status="fails as printed, holds corrected", on="the same runs",
             note="step size corrected (erratum Alg. 4.3(b))")

# %% [markdown]
# ### The corrective iteration bound, per iteration, and "10–100× more iterations"
#
# Glocer (2009), §4.1 quotes from Shalev-Shwartz & Singer that the corrective algorithm needs $O(\frac1{\epsilon^2}\ln\frac N\nu)$
# iterations. The constant follows from the step: with $x=u^t-\sum_qw^{t-1}_qu^q\in[-2,2]^N$ and the step
# $\alpha=x\cdot d/(\eta\|x\|_\infty^2)$, the dual increases by at least $(x\cdot d)^2/(2\eta\|x\|^2_\infty)\ge(x\cdot d)^2/(8\eta)$, and with a
# maximum-edge oracle $x\cdot d^{t-1}\ge\delta^t=\min_qP^q(d^{q-1})-\Theta^{t-1}$. So the practical gap obeys Lemma 3.8's recurrence
# $\delta^t-\delta^{t+1}\ge(\delta^t)^2/(8\eta)$ from $t=2$ on (the first step is $w^1=e_1$), and Lemma 3.9 gives $T\le2+\frac{16\eta}\epsilon$,
# i.e. $\max(\frac{32}{\epsilon^2}\ln\frac N\nu,\frac8\epsilon)+2$ at the canonical $\eta$. The cell asserts the recurrence at every
# iteration and $T$ against the bound, on the pool above with $\epsilon\in\{0.1,0.05\}$ (the corrective runs are long enough
# here for $T/$bound to be visible).
#
# Glocer (2009), §5.4 (Fig. 5.25) reports that the corrective algorithms need **10–100×** more iterations than the totally
# corrective ones, with a similar number of *unique* hypotheses. The cell computes the ratio on the same pool and on IDA
# `heart` with decision stumps over the thesis's $\eta$ grid $\{2,20,200\}$ (Table 5.3), $\epsilon=0.1$, and asserts where it lies.

# %%
rows_b = []
for eps_b in (0.1, 0.05):
    for nu in (1.0, 4.0):
        c = rb.corrective_erlpboost(o, nu=nu, eps=eps_b)
        tc = rb.erlpboost(o, nu=nu, eps=eps_b)
        eta_b = c.params["eta"]
        dl = np.array([r_["delta"] for r_ in c.history if "delta" in r_])
        assert c.converged and np.all(dl[:-1] > eps_b / 2) and dl[-1] <= eps_b / 2
        assert np.all(dl[:-1] - dl[1:] >= dl[:-1] ** 2 / (8 * eta_b) - 1e-12)  # the recurrence, every iteration
        B_c = 2 + bounds.erlpboost_bound_eta(eps_b, eta_b)
        assert c.n_iter <= B_c
        rows_b.append(("random +-1, N = 40", eps_b, nu, eta_b, c.n_iter, tc.n_iter, len(c.hypotheses),
                       len(tc.hypotheses), B_c))
ds_h = rb.datasets.load("heart")
o_h = rb.StumpOracle(ds_h.X, ds_h.y)
for eta_h in (2.0, 20.0, 200.0):
    for nu in (1.0, 0.1 * ds_h.n_examples):
        c = rb.corrective_erlpboost(o_h, nu=nu, eps=0.1, eta=eta_h)
        tc = rb.erlpboost(o_h, nu=nu, eps=0.1, eta=eta_h)
        assert c.history[-1].get("stop") and tc.history[-1].get("stop")  # both stopping rules fired
        rows_b.append(("IDA heart, stumps", 0.1, nu, eta_h, c.n_iter, tc.n_iter, len(c.hypotheses), len(tc.hypotheses),
                       2 + bounds.erlpboost_bound_eta(0.1, eta_h)))
print(f"{'instance':>18} {'eps':>5} {'nu':>4} {'eta':>6} {'T corr':>6} {'T TC':>4} {'ratio':>6} {'uniq corr':>9} "
      f"{'uniq TC':>7} {'corr bound':>10} {'T/bound':>7}")
for r_ in rows_b:
    print(f"{r_[0]:>18} {r_[1]:5.2f} {r_[2]:4.0f} {r_[3]:6.0f} {r_[4]:6d} {r_[5]:4d} {r_[4] / r_[5]:6.1f} {r_[6]:9d} "
          f"{r_[7]:7d} {r_[8]:10.0f} {r_[4] / r_[8]:7.3f}")
ratio_b = np.array([r_[4] / r_[5] for r_ in rows_b])
uniq_b = np.array([r_[6] / r_[7] for r_ in rows_b])
on_heart = np.array([r_[0].startswith("IDA") for r_ in rows_b])
eta_col = np.array([r_[3] for r_ in rows_b])
assert max(r_[4] / r_[8] for r_ in rows_b) > 0.05  # the bound is within a factor 20 of T on the eps = 0.05 runs
# Fig. 5.25's range: inside [10, 100] at the thesis's largest eta and at eps = 0.1 on the random pool ...
in_range = (on_heart & (eta_col == 200)) | (~on_heart & (np.array([r_[1] for r_ in rows_b]) == 0.1))
assert np.all((ratio_b[in_range] >= 10) & (ratio_b[in_range] <= 100))
# ... but not at the smaller eta of the grid (below 10), nor at eps = 0.05, nu = 1 on the random pool (above 100)
assert np.all(ratio_b[on_heart & (eta_col < 200)] < 10) and np.any(ratio_b[~on_heart] > 100)
assert np.all(uniq_b <= 2.0) and np.all(uniq_b >= 1.0)  # similar numbers of unique hypotheses
claims.check("Glocer §4 corrective bound", status="holds", on="random +-1 pool N = 40, nu in {1, 4}, eps in {0.1, 0.05}",
             note="T <= 2 + 16 eta/eps with the recurrence asserted per iteration; T/bound up to ~0.08")
claims.check("Glocer Fig 5.25", status="partly reproduced", on="IDA heart (stumps), eta in {2, 20, 200}, eps = 0.1; "
             "random +-1 pool, eps in {0.1, 0.05}",
             note="ratio in [10, 100] only at eta = 200 and eps = 0.1; 2.9-5.2 at eta in {2, 20}; > 100 at eps = 0.05, "
             "nu = 1; unique hypotheses within 2x")

# %%
plt.figure(figsize=(6.5, 4.2))
for name in ("erlpboost", "corrective_erlpboost"):
    c = curves[(name, 1.0)]
    plt.plot(np.arange(1, len(c) + 1), c, label=name)
plt.axhline(truth.soft_margin_lp(o.U, 1.0).value, color="k", lw=0.8, label="$P_{LP}$")
plt.xscale("log"); plt.xlabel("iteration"); plt.ylabel("dual value"); plt.legend(); plt.show()

# %% [markdown]
# ### The printed start $w^0=0$: a counterexample, and the certified start $w^1=e_1$
# Alg. 4.1 as printed starts from $w^0=0$: the mass $1-\sum_qw_q$ sits on the zero hypothesis, so
# $\Theta^t$ is the dual value of the class **plus** the zero hypothesis. Its stopping test
# $\min_qP^q(d^{q-1})-\Theta^{t-1}\le\epsilon/2$ then certifies that unnormalised mixture, not the
# normalised weights the algorithm returns: dividing by $\sum_qw_q$ scales negative margins up. On
# Glocer's worst case for LPBoost (`instances.lpboost_worst_case(20)`, $N=40$, $\nu=1$, optimum
# $\approx1.25\cdot10^{-4}$) the printed start stops with a hard margin near $-1$.
#
# With $w^1=e_1$ (the first hypothesis the oracle returns, i.e. the printed step with $\alpha=1$)
# every iterate is in the simplex of the class, so $\Theta^{t-1}\le\max_w\Theta(w)=\min_dP(d)\le P^q(d^{q-1})$,
# and $\mathrm{SM}_\nu(Uw^{t-1})\ge\Theta^{t-1}-\ln(N/\nu)/\eta\ge\max_{q'}u^{q'}\cdot d^*-\epsilon$ at the stop
# ($\eta=2\ln(N/\nu)/\epsilon$, $d^*$ the $d^{q-1}$ attaining $\min_qP^q$): the LP certificate at $d^*$
# confirms the returned weights. `converged` is that certificate (`refboost.certify.soft_margin_lp`).

# %%
from refboost import certify
from refboost.instances import lpboost_worst_case

Uw = lpboost_worst_case(20)
ow = rb.MatrixOracle(Uw)
star_w = truth.soft_margin_lp(Uw, 1.0).value
print(f"optimum (HiGHS): {star_w:.3e}")
for name, algo in [("corrective_erlpboost", rb.corrective_erlpboost),
                   ("corrective_binary_erlpboost", rb.corrective_binary_erlpboost)]:
    printed = algo(ow, eps=0.05, start="zero")
    fixed = algo(ow, eps=0.05)
    sm_p, sm_f = rb.soft_margin(printed.margins, 1.0), rb.soft_margin(fixed.margins, 1.0)
    print(f"{name}: w^0 = 0 -> margin {sm_p:+.4f}, rule fired {printed.extra['stopping_rule_fired']}, "
          f"converged {printed.converged};  w^1 = e_1 -> margin {sm_f:+.4f}, converged {fixed.converged}")
    # the printed start: the rule fires far below the optimum; the certificate refuses it
    assert printed.extra["stopping_rule_fired"] and sm_p < star_w - 0.5 and not printed.converged
    # the corrected start: converged, certified against the ground truth
    assert fixed.converged and sm_f >= star_w - 0.05 - 1e-9
    assert certify.result(fixed, Uw, bound="truth").ok
claims.check("Glocer Alg 4.1", status="fails as printed, holds corrected", on="the LPBoost worst-case instance",
             note="the printed start w^0 = 0 is asserted to stop uncertified; the start w^1 = e_1 certifies")

# %% [markdown]
# On reflexive random $\pm1$ classes where the optimum is 0 (non-separable), the printed start ends
# below the optimum by more than $\epsilon$ on a good share of instances; the corrected start is certified on every one.

# %%
n_bad_printed, n_inst = 0, 12
for _ in range(n_inst):
    Ur = rng.choice([-1.0, 1.0], size=(int(rng.integers(10, 121)), int(rng.integers(3, 30))))
    orr = rb.MatrixOracle(Ur, reflexive=True)
    star_r = truth.soft_margin_lp(orr.U, 1.0).value
    p = rb.corrective_erlpboost(orr, eps=0.05, start="zero")
    f = rb.corrective_erlpboost(orr, eps=0.05)
    n_bad_printed += rb.soft_margin(p.margins, 1.0) < star_r - 0.05
    assert f.converged and certify.result(f, orr.U, bound="truth").ok
    assert not p.converged or certify.result(p, orr.U, bound="truth").ok  # converged is honest either way
claims.check("Glocer Alg 4.1", status="fails as printed, holds corrected", on="adversarial oracles",
             note="converged is certified with the corrected start")
print(f"printed start more than eps below the optimum on {n_bad_printed}/{n_inst} instances; corrected start: 0")

# %% [markdown]
# ## 4 Promotion
# The algorithms are `refboost.corrective_erlpboost` and `refboost.corrective_binary_erlpboost`
# (`refboost/boosters/corrective.py`, default `start="first"`); their certificates are in `refboost/certify/corrective.py`
# (`corrective_46`, `corrective_binary_412`, the result checks); ground truth in `refboost.truth` (`corrective_primal_46`, `corrective_binary_primal_412`).

# %%
print(f"notebook ran in {time.perf_counter() - T0:.1f} s")
