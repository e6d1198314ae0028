"""ERLPBoost vs LPBoost wall time, and the w-domain step vs the cvxpy exp-cone solve.

Part A (side by side in one process, same data and oracle): Rätsch sets (realisation 1,
training part, ``refboost.datasets.load``; default heart, breast_cancer, titanic, banana,
waveform, german) with two weak learners, the exact decision-stump oracle (``refboost.StumpOracle``,
reflexive) and the depth-2 greedy tree (``refboost.TreeOracle(search="greedy")``, the weak learner
of ``bench_frank_wolfe.py``), eps = 0.01, nu in {0.1, 0.3, 0.5} N. Reported: wall and CPU time of
``refboost.lpboost`` (``method="highs-ds-warm"``: the restricted LP kept and warm-started, LPBoost's
fastest variant) and ``refboost.erlpboost`` (canonical eta, practical criterion), their iteration
counts, the ratios ERLPBoost / LPBoost (goal: <= 3; the thesis and Mitsuboshi et al. report
5-120), and both soft margins' distance to the LP optimum over the hypotheses LPBoost and
ERLPBoost found (the union), a sanity check that the two runs solved the same problem. ``--fw``
adds ``mlpboost(secondary="erlpboost")`` (the "ERLPB." column of ``bench_frank_wolfe.py``; same
w-domain solver, :func:`refboost.boosters.entropy.erlp_dual_step`) and its CPU ratio to LPBoost.

Part B (N >= 1000): the totally corrective subproblem (3.6) / (3.25) over the hypotheses of a
short ERLPBoost run on ``image`` (N = 1300; and on the test part of ``banana``, N = 4900), solved cold
(uniform start) and warm (the previous step's w plus one corrective step, as inside the booster)
by the w-domain solvers
``erlp_dual_step`` / ``binary_dual_step`` and by Clarabel through cvxpy
(``truth.erlp_primal_36`` / ``truth.binary_primal_325``, model construction included, which is
what a caller pays; Clarabel's own tolerances are 1e-10; each time is the best of ``--repeats``
runs). CPU times (time.process_time) and the ratios from CPU and from wall time; Newton
iterations / objective evaluations (it/ev) of the w-domain solves. Goal: ratio >= 20. Agreement of
value and d is printed.

Part C (extremes): one ERLPBoost step with N = 1e5 and 5 columns at eta in {10, 1e3, 1e6}
(time, own duality gap, finiteness); full ERLPBoost / Binary ERLPBoost runs with N = 1e5 over those
columns and their negations (soft margin certified by P_LP <= max_q |u^q.d^T|); ERLPBoost with eta = 1e6 on
``heart`` next to LPBoost.

Warm-up: the w-domain solvers run compiled numba kernels (:mod:`refboost._jit.entropy`); the first
call of a process loads them from numba's cache (or compiles them, ~30 s, after a change of the
source), so :func:`warm_up` runs one tiny ERLPBoost and Binary ERLPBoost before anything is timed.

Run:  OPENBLAS_NUM_THREADS=1 PYTHONPATH=. REFBOOST_DATA=/path/to/data python benchmarks/bench_entropy.py --fw
Options: --datasets heart breast_cancer --nus 0.1 0.5 --oracles stump --lp-method highs-ds --repeats 5
--skip-a --skip-b --skip-c. The committed run is benchmarks/results/bench_entropy.txt.
On a shared 2-core machine OpenBLAS threads make single timings jump 5-10x when another process
is busy (the w-domain solver limits BLAS to one thread itself, see
``refboost.boosters._newton.single_thread_blas``; Clarabel does not); OPENBLAS_NUM_THREADS=1 gives
steadier ratios (the iteration / evaluation counts are exact).
"""

from __future__ import annotations

import argparse
import os
import platform
import time
import warnings

import numpy as np

import refboost as rb
from refboost import truth
from refboost.boosters.entropy import binary_dual_step, corrective_step, erlp_dual_step

DATASETS = ("heart", "breast_cancer", "titanic", "banana", "waveform", "german")
#: Clarabel fails on (3.25) at the canonical eta for N = 1300 with 1e-10 tolerances; a smaller eta it solves.
ETA_BINARY_SMALL = 50.0


def timed(fn, *args, **kw):
    """``(out, wall s, CPU s)`` of one call (CPU = time.process_time of this process)."""
    t0, c0 = time.perf_counter(), time.process_time()
    out = fn(*args, **kw)
    return out, time.perf_counter() - t0, time.process_time() - c0


def timed_min(fn, *args, repeats: int = 3, **kw):
    """Best of ``repeats`` wall and CPU times (the machine is shared: the minimum is the least disturbed run)."""
    best, best_cpu = np.inf, np.inf
    for _ in range(repeats):
        out, t, c = timed(fn, *args, **kw)
        best, best_cpu = min(best, t), min(best_cpu, c)
    return out, best, best_cpu


def _gmean(x):
    return float(np.exp(np.mean(np.log(x))))


def make_oracle(kind: str, ds):
    if kind == "stump":
        return rb.StumpOracle(ds.X, ds.y)
    return rb.TreeOracle(ds.X, ds.y, search="greedy")


def warm_up() -> float:
    """One tiny ERLPBoost / Binary ERLPBoost run: loads (or compiles) the numba kernels; returns its wall time."""
    t0 = time.perf_counter()
    o = rb.MatrixOracle(np.array([[1.0, -1.0, 0.3], [-0.5, 0.5, 0.1], [0.2, 0.1, -0.4], [0.6, -0.2, 0.9]]))
    rb.erlpboost(o, nu=1.5, eps=0.1)
    rb.binary_erlpboost(o, nu=1.5, eps=0.1)
    return time.perf_counter() - t0


def part_a(datasets, nus, eps, oracles, lp_method, with_fw):
    print(f"== A: ERLPBoost vs LPBoost (method={lp_method!r}), eps = {eps}, oracles {', '.join(oracles)} "
          f"(tree = TreeOracle(search='greedy'), depth 2); times wall / CPU s; ratio = ERLPBoost / LPBoost"
          + ("; ERLPB.(FW) = mlpboost(secondary='erlpboost') as in bench_frank_wolfe" if with_fw else ""))
    head = (f"{'dataset':>14} {'N':>5} {'nu/N':>5} {'oracle':>6} {'LPB wall/cpu':>13} {'T':>4} "
            f"{'ERLPB wall/cpu':>14} {'T':>4} {'ratio w':>7} {'ratio c':>7} {'LP*-SM lpb':>10} {'LP*-SM erl':>10}")
    if with_fw:
        head += f" {'FW wall/cpu':>13} {'T':>4} {'r c':>5}"
    print(head)
    rows = []
    for name in datasets:
        ds = rb.datasets.load(name)
        N = ds.n_examples
        for kind in oracles:
            o = make_oracle(kind, ds)
            for p in nus:
                nu = p * N
                lp, t_lp, c_lp = timed(rb.lpboost, o, nu=nu, eps=eps, max_iter=100_000, method=lp_method)
                er, t_er, c_er = timed(rb.erlpboost, o, nu=nu, eps=eps, max_iter=100_000)
                keys = list(dict.fromkeys(list(lp.hypotheses) + list(er.hypotheses)))
                star = truth.soft_margin_lp(o.columns(keys), nu).value
                r, rc = t_er / t_lp, c_er / c_lp
                rows.append((kind, r, rc))
                line = (f"{name:>14} {N:5d} {p:5.2f} {kind:>6} {t_lp:6.2f}/{c_lp:6.2f} {lp.n_iter:4d} "
                        f"{t_er:7.2f}/{c_er:6.2f} {er.n_iter:4d} {r:7.2f} {rc:7.2f} "
                        f"{star - rb.soft_margin(lp.margins, nu):10.2e} {star - rb.soft_margin(er.margins, nu):10.2e}")
                if with_fw and nu < N:
                    fw, t_fw, c_fw = timed(rb.mlpboost, o, nu=nu, eps=eps, secondary="erlpboost", lp_method=lp_method)
                    line += f" {t_fw:6.2f}/{c_fw:6.2f} {fw.n_iter:4d} {c_fw / c_lp:5.2f}"
                print(line, flush=True)
    for kind in oracles:
        w = [r for k, r, _ in rows if k == kind]
        c = [rc for k, _, rc in rows if k == kind]
        if w:
            print(f"{kind}: ERLPBoost / LPBoost wall max {max(w):.2f}, geometric mean {_gmean(w):.2f}; "
                  f"CPU max {max(c):.2f}, geometric mean {_gmean(c):.2f} (goal <= 3)")
    print()
    return rows


def part_b(eps, repeats, sets=("image",)):
    ratios = []
    for name in sets:
        ratios += _part_b_set(eps, repeats, name)
    for j, what in enumerate(("CPU cold", "CPU warm (as in the booster)", "wall cold", "wall warm")):
        col = [r[j] for r in ratios]
        print(f"cvxpy / w-domain, all sets, {what}: min {min(col):.1f}, geometric mean {_gmean(col):.1f}")
    print("(goal >= 20)\n")
    return ratios


def _part_b_set(eps, repeats, name):
    ds = rb.datasets.load(name.removesuffix("-test"))
    X, y = (ds.X_test, ds.y_test) if name.endswith("-test") else (ds.X, ds.y)
    o = rb.StumpOracle(X, y)
    N = len(y)
    print(f"== B: one totally corrective step, w-domain vs cvxpy/Clarabel exp cone, N = {N} ({name}); "
          f"best of {repeats}, CPU ms; r = cvxpy / w-domain from CPU, rw from wall time")
    print(f"{'problem':>14} {'nu/N':>5} {'t':>3} {'eta':>6} {'cold ms':>8} {'it/ev':>6} {'warm ms':>8} {'it/ev':>6} "
          f"{'cvxpy ms':>8} {'r cold':>6} {'r warm':>6} {'rw cold':>7} {'rw warm':>7} {'|val|':>8} {'|d|':>8} "
          f"{'gap':>8}")
    ratios = []
    for p in (0.1, 0.5):
        nu = p * N
        run = rb.erlpboost(o, nu=nu, eps=eps, max_iter=31)
        U = o.columns(run.hypotheses)
        eta = run.params["eta"]
        eta_b = rb.bounds.eta_binary(eps, N, nu)
        for label, step, conic, eta_k in (
            ("ERLP (3.6)", erlp_dual_step, truth.erlp_primal_36, eta),
            ("Binary (3.25)", binary_dual_step, truth.binary_primal_325, eta_b),
            ("Binary (3.25)", binary_dual_step, truth.binary_primal_325, ETA_BINARY_SMALL),
        ):
            step(U, nu, eta_k)  # warm up imports
            s, t_w, c_w = timed_min(step, U, nu, eta_k, repeats=repeats)
            # warm start as inside the booster: w^{t-1} of the previous step + one corrective step
            prev = step(U[:, :-1], nu, eta_k)
            x = U[:, -1] - U[:, :-1] @ prev.w
            a = corrective_step(x, prev.d, eta_k)
            s_warm, t_warm, c_warm = timed_min(step, U, nu, eta_k, w0=np.r_[(1 - a) * prev.w, a], repeats=repeats)
            head = (f"{label:>14} {p:5.2f} {U.shape[1]:3d} {eta_k:6.0f} {1e3 * c_w:8.2f} "
                    f"{s.n_iter:>2d}/{s.n_eval:<3d} {1e3 * c_warm:8.2f} {s_warm.n_iter:>2d}/{s_warm.n_eval:<3d}")
            try:
                with warnings.catch_warnings():
                    warnings.simplefilter("ignore")
                    g, t_c, c_c = timed_min(conic, U, nu, eta_k, repeats=repeats)
            except truth.GroundTruthError as exc:
                print(f"{head}   Clarabel failed ({exc}); own gap {s.gap:.1e}", flush=True)
                continue
            r, r_warm = c_c / c_w, c_c / c_warm
            ratios.append((r, r_warm, t_c / t_w, t_c / t_warm))
            print(f"{head} {1e3 * c_c:8.1f} {r:6.1f} {r_warm:6.1f} {t_c / t_w:7.1f} {t_c / t_warm:7.1f} "
                  f"{abs(s.dual - g.value):8.1e} {np.abs(s.d - g.d).max():8.1e} {s.gap:8.1e}", flush=True)
    for j, what in enumerate(("CPU cold", "CPU warm (as in the booster)", "wall cold", "wall warm")):
        col = [r[j] for r in ratios]
        print(f"{name}: cvxpy / w-domain, {what}: min {min(col):.1f}, geometric mean {_gmean(col):.1f}")
    print()
    return ratios


def part_c(eps):
    print("== C: extremes")
    rng = np.random.default_rng(0)
    N = 100_000
    U = rng.choice([-1.0, 1.0], size=(N, 5)) * rng.uniform(0.2, 1.0, size=(N, 5))
    for eta in (10.0, 1e3, 1e6):
        s, t, _ = timed(erlp_dual_step, U, N / 10, eta)
        print(f"ERLP step N = {N}, t = 5, nu = N/10, eta = {eta:7.0e}: {t:6.2f} s, gap {s.gap:.1e}, "
              f"Newton {s.n_iter}, evals {s.n_eval}, finite {bool(np.isfinite(s.d).all() and np.isfinite(s.dual))}",
              flush=True)
    o_big = rb.MatrixOracle(U, reflexive=True)
    for name, algo in (("erlpboost", rb.erlpboost), ("binary_erlpboost", rb.binary_erlpboost)):
        res, t, _ = timed(algo, o_big, nu=N / 10, eps=0.05)
        sm = rb.soft_margin(res.margins, N / 10)
        upper = float(np.abs(U.T @ res.distribution).max())  # >= P_LP (LP duality)
        print(f"{name} N = {N}, 10 columns (reflexive), nu = N/10, eps = 0.05: {t:6.2f} s, T = {res.n_iter}, "
              f"converged {res.converged}, P_LP - SM(w) <= {upper - sm:.2e} (<= eps), finite "
              f"{bool(np.isfinite(res.weights).all() and np.isfinite(res.distribution).all())}", flush=True)
    ds = rb.datasets.load("heart")
    o = rb.StumpOracle(ds.X, ds.y)
    nu = 0.3 * ds.n_examples
    lp, t_lp, _ = timed(rb.lpboost, o, nu=nu, eps=eps, max_iter=100_000)
    er, t_er, _ = timed(rb.erlpboost, o, nu=nu, eps=eps, eta=1e6, max_iter=100_000)
    ev = sum(r.get("inner_eval", 0) for r in er.history)
    print(f"heart nu = 0.3 N: LPBoost {t_lp:.2f} s (T = {lp.n_iter}); ERLPBoost eta = 1e6 {t_er:.2f} s "
          f"(T = {er.n_iter}, {ev} objective evaluations, ratio {t_er / t_lp:.2f}, converged {er.converged})\n")


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    ap.add_argument("--datasets", nargs="+", default=list(DATASETS))
    ap.add_argument("--nus", nargs="+", type=float, default=[0.1, 0.3, 0.5])
    ap.add_argument("--oracles", nargs="+", choices=("stump", "tree"), default=["stump", "tree"])
    ap.add_argument("--lp-method", default="highs-ds-warm")
    ap.add_argument("--fw", action="store_true", help="part A: also mlpboost(secondary='erlpboost')")
    ap.add_argument("--eps", type=float, default=0.01)
    ap.add_argument("--repeats", type=int, default=5, help="part B: best of this many runs")
    ap.add_argument("--b-sets", nargs="+", default=["image", "banana-test"],
                    help="part B: training parts, or NAME-test for the test part (banana-test: N = 4900)")
    ap.add_argument("--skip-a", action="store_true")
    ap.add_argument("--skip-b", action="store_true")
    ap.add_argument("--skip-c", action="store_true")
    args = ap.parse_args(argv)
    print(f"machine: {platform.machine()} {platform.processor() or ''} {os.cpu_count()} cpu(s), "
          f"python {platform.python_version()}, numpy {np.__version__}, "
          f"OPENBLAS_NUM_THREADS={os.environ.get('OPENBLAS_NUM_THREADS', 'unset')}, "
          f"load {os.getloadavg()[0]:.1f}")
    print(f"warm-up (numba kernels loaded or compiled before any timing): {warm_up():.2f} s\n")
    if not args.skip_a:
        part_a(args.datasets, args.nus, args.eps, args.oracles, args.lp_method, args.fw)
    if not args.skip_b:
        part_b(args.eps, args.repeats, args.b_sets)
    if not args.skip_c:
        part_c(args.eps)


if __name__ == "__main__":
    main()
