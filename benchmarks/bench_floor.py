"""LPBoost near the oracle floor: the full restricted LP ``"highs-ds-warm"`` against the
working-set master ``"highs-ds-ws"``, side by side in one run.

Run: ``OPENBLAS_NUM_THREADS=1 REFBOOST_DATA=/path/to/data PYTHONPATH=. python benchmarks/bench_floor.py``
(``--reps R`` repetitions, default 2; ``--sweep`` adds the N sweep; ``--only lpboost|mlpboost``; output
stored in ``benchmarks/results/bench_floor.txt``).

Every column-generation booster calls its weak learner once per iteration; with exact stumps that is one
O(N d) pass, the floor of an iteration. Cases (``CASES``): LIBSVM a9a's published training split
(``libsvm:a9a-erlpboost``, 29,305 x 123) with the exact :class:`refboost.StumpOracle`, nu = 0.1 N, eps = 0.01
(issue 54's case) and eps = 0.001; german.numer (nu = 0.2 N, eps = 1e-4) and diabetes (nu = 0.1 N,
eps = 0.01), where N is small and the new master must simply not be slower. For each case and method the script
reports, as medians over the iterations of a run (then the median over repetitions): CPU time
(``time.process_time``) per iteration (from one oracle call to the next), per call of the restricted master
(``IncrementalRestrictedLP.solve``),
both divided by one oracle pass (the median CPU time of ``oracle.best`` at the distributions the run gave the
oracle, measured in the same process); the iterations, P_LP, the certified gap and its verdict, and the
peak of Python allocations during the run (``tracemalloc``; HiGHS's own C++ memory is not in it). The
methods run interleaved, the order alternating between repetitions, so that both see the same machine load.

Checks (asserted): both runs converge with a certificate (``res.converged``), and the soft margins of their
returned weights are within eps of each other (both are certified within eps of the same optimum). Their
trajectories may differ: on a9a LP (2.3) is degenerate (P_LP = 0 at every iteration, many optimal d), so
the two masters hand the oracle different optimal d's (and the iteration counts differ).

Last, MLPBoost (Mitsuboshi et al., short step, LPBoost secondary) on a9a with its secondary LP on either
master (``lp_method``), CPU time per run and per round.

``--sweep``: the master's CPU time per call at fixed t (the first 15 iterations) on ``gen:twonorm`` samples
(stumps, nu = 0.1 N) with N = 1e3, 1e4, 1e5, and the growth exponent of each method (least-squares slope
of log time against log N).
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
import time
import tracemalloc

import numpy as np

import refboost.boosters.lpboost as lpb
from refboost import datasets
from refboost.oracles import StumpOracle

OLD, NEW = "highs-ds-warm", "highs-ds-ws"


class _Timed:
    """Wrap ``IncrementalRestrictedLP.solve`` and an oracle's ``best`` with CPU timers."""

    def __init__(self, oracle):
        self.oracle = oracle
        self.master: list[float] = []
        self.asked: list[np.ndarray] = []
        self._solve = lpb.IncrementalRestrictedLP.solve

    def __enter__(self):
        timed = self

        def solve(lp):
            t0 = time.process_time()
            out = timed._solve(lp)
            timed.master.append(time.process_time() - t0)
            return out

        lpb.IncrementalRestrictedLP.solve = solve
        best = self.oracle.best
        self.stamps: list[float] = []

        def ask(d):
            timed.stamps.append(time.process_time())
            timed.asked.append(np.array(d, copy=True))
            return best(d)

        self.oracle.best = ask
        return self

    def __exit__(self, *exc):
        lpb.IncrementalRestrictedLP.solve = self._solve
        del self.oracle.best


def oracle_pass(oracle, ds, k: int = 15) -> float:
    """Median CPU time of one ``oracle.best`` call over up to k of the given distributions."""
    sel = ds[:: max(1, len(ds) // k)][:k]
    times = []
    for d in sel:
        t0 = time.process_time()
        oracle.best(d)
        times.append(time.process_time() - t0)
    return statistics.median(times)


def run(oracle, nu, eps, method, max_iter=1000):
    with _Timed(oracle) as tm:
        tracemalloc.start()
        t0 = time.process_time()
        res = lpb.lpboost(oracle, nu=nu, eps=eps, max_iter=max_iter, method=method)
        cpu = time.process_time() - t0
        peak = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()
    per_iter = np.diff(np.r_[tm.stamps, t0 + cpu])  # CPU from one oracle call to the next (the last: to the end)
    return res, cpu, tm.master, tm.asked, peak, per_iter


def soft_margin(m, nu):
    s = np.sort(m)
    k = min(len(s), max(1, math.ceil(nu - 1e-12)))
    return float(s[: k - 1].sum() / nu + (1.0 - (k - 1) / nu) * s[k - 1])


#: (data set, nu / N, eps, repetitions): a9a as in issue 54, a9a at a tighter eps (where the master's first
#: phase hands over to the working set of examples), and two small LIBSVM sets (no slower than the full LP).
CASES = (
    ("libsvm:a9a-erlpboost", 0.1, 0.01, None),
    ("libsvm:a9a-erlpboost", 0.1, 0.001, 1),
    ("libsvm:german.numer", 0.2, 1e-4, None),
    ("libsvm:diabetes", 0.1, 0.01, None),
)


def case(name: str, frac: float, eps: float, reps: int) -> None:
    ds = datasets.load(name)
    oracle = StumpOracle(ds.X, ds.y)
    N = ds.X.shape[0]
    nu = frac * N
    print()
    print(f"{name}, N = {N}, d = {ds.X.shape[1]}, exact stumps, nu = {frac:g} N = {nu:g}, eps = {eps:g}; "
          f"CPU times (time.process_time), {reps} repetition(s) interleaved")
    head = (f"{'rep':>3} {'method':<14} {'T':>4} {'total s':>8} {'ms/iter':>8} {'master ms':>10} {'oracle ms':>10} "
            f"{'iter/oracle':>11} {'master/oracle':>13} {'P_LP':>10} {'SM_nu(Uw)':>10} {'cert gap':>9} {'peak MB':>8}")
    print(head)
    print("-" * len(head))
    rows = {OLD: [], NEW: []}
    for r in range(reps):
        for method in ((OLD, NEW) if r % 2 == 0 else (NEW, OLD)):
            res, cpu, master, asked, peak, per_iter = run(oracle, nu, eps, method)
            op = oracle_pass(oracle, asked)
            per_iter_cpu = statistics.median(per_iter)
            m_med = statistics.median(master)
            sm = soft_margin(oracle.columns(res.hypotheses) @ res.weights, nu)
            assert res.converged, res.message
            rows[method].append({"res": res, "cpu_iter": per_iter_cpu, "master": m_med, "oracle": op, "sm": sm})
            print(f"{r:>3} {method:<14} {res.n_iter:>4} {cpu:>8.2f} {1e3 * per_iter_cpu:>8.1f} {1e3 * m_med:>10.1f} "
                  f"{1e3 * op:>10.2f} {per_iter_cpu / op:>11.1f} {m_med / op:>13.1f} {res.extra['P_LP']:>10.2e} "
                  f"{sm:>10.2e} {res.gap:>9.2e} {peak / 2**20:>8.1f}", flush=True)
    o, n = rows[OLD], rows[NEW]
    med = {k: (statistics.median(x[k] for x in o), statistics.median(x[k] for x in n))
           for k in ("cpu_iter", "master", "oracle")}
    print()
    print(f"median over repetitions: CPU per iteration {1e3 * med['cpu_iter'][0]:.1f} ms ({OLD}) vs "
          f"{1e3 * med['cpu_iter'][1]:.1f} ms ({NEW}): ratio {med['cpu_iter'][0] / med['cpu_iter'][1]:.2f}")
    print(f"  per master call {1e3 * med['master'][0]:.1f} vs {1e3 * med['master'][1]:.1f} ms: ratio "
          f"{med['master'][0] / med['master'][1]:.2f}; one oracle pass {1e3 * med['oracle'][0]:.2f} / "
          f"{1e3 * med['oracle'][1]:.2f} ms")
    print(f"  per iteration / oracle pass: {med['cpu_iter'][0] / med['oracle'][0]:.0f} ({OLD}) vs "
          f"{med['cpu_iter'][1] / med['oracle'][1]:.0f} ({NEW})")
    same = all(a["res"].hypotheses == b["res"].hypotheses for a, b in zip(o, n, strict=True))
    print(f"  same hypotheses in every repetition: {same} (on a degenerate LP (2.3) the masters' optimal d's differ)")
    dsm = max(abs(a["sm"] - b["sm"]) for a in o for b in n)
    print(f"  largest |SM_nu(U w) old - new| = {dsm:.2e} (each certified within eps = {eps:g} of the optimum)")
    assert dsm <= eps + 1e-9


def sweep(reps: int) -> None:
    print()
    print("N sweep: gen:twonorm (stumps, nu = 0.1 N), the first 15 iterations; median CPU ms per master call")
    rng = np.random.default_rng(54)
    out = {OLD: [], NEW: []}
    Ns = (1_000, 10_000, 100_000)
    for N in Ns:
        ds = datasets.load("gen:twonorm", n=N, n_test=10, rng=rng)
        oracle = StumpOracle(ds.X, ds.y)
        line = f"N = {N:>7}:"
        for method in (OLD, NEW):
            times = []
            for _ in range(reps):
                res, cpu, master, asked, peak, _ = run(oracle, 0.1 * N, 1e-9, method, max_iter=15)
                times.append(statistics.median(master))
            out[method].append(statistics.median(times))
            line += f"  {method} {1e3 * out[method][-1]:9.2f} ms (T = {res.n_iter})"
        print(line, flush=True)
    x = np.log(Ns)
    for method in (OLD, NEW):
        slope = np.polyfit(x, np.log(out[method]), 1)[0]
        print(f"growth exponent of the master's time per call in N ({method}): {slope:.2f}")


def mlpboost(reps: int) -> None:
    """MLPBoost (short step, LPBoost secondary) on a9a: ``lp_method`` "highs-ds-warm" against "highs-ds-ws"."""
    from refboost.boosters.frank_wolfe import mlpboost as mlp

    ds = datasets.load("libsvm:a9a-erlpboost")
    oracle = StumpOracle(ds.X, ds.y)
    N = ds.X.shape[0]
    print()
    print(f"mlpboost, libsvm:a9a-erlpboost, exact stumps, nu = 0.1 N, eps = 0.01: CPU s per run, {reps} repetition(s)")
    out = {OLD: [], NEW: []}
    for r in range(reps):
        for method in ((OLD, NEW) if r % 2 == 0 else (NEW, OLD)):
            t0 = time.process_time()
            res = mlp(oracle, nu=0.1 * N, eps=0.01, lp_method=method)
            cpu = time.process_time() - t0
            assert res.converged, res.message
            out[method].append((cpu, res))
            print(f"{r:>3} lp_method={method:<14} T = {res.n_iter:>4}  CPU {cpu:7.2f} s  "
                  f"({1e3 * cpu / res.n_iter:6.1f} ms/round)  certified gap {res.gap:.3e}", flush=True)
    a, b = (statistics.median(c for c, _ in out[m]) for m in (OLD, NEW))
    same = all(x.hypotheses == y.hypotheses for (_, x), (_, y) in zip(out[OLD], out[NEW], strict=True))
    print(f"median CPU {a:.2f} s vs {b:.2f} s: ratio {a / b:.2f}; same hypotheses: {same}")


def main(argv=None) -> int:
    p = argparse.ArgumentParser()
    p.add_argument("--reps", type=int, default=2)
    p.add_argument("--sweep", action="store_true")
    p.add_argument("--only", choices=("lpboost", "mlpboost"), default=None)
    args = p.parse_args(argv)
    if args.only in (None, "lpboost"):
        for name, frac, eps, reps in CASES:
            case(name, frac, eps, reps or args.reps)
        if args.sweep:
            sweep(args.reps)
    if args.only in (None, "mlpboost"):
        mlpboost(args.reps)
    return 0


if __name__ == "__main__":
    sys.exit(main())
