"""CPU time of the same runs under two checkouts of refboost, interleaved in one job (a refactoring check).

Run:  OPENBLAS_NUM_THREADS=1 python benchmarks/compare_commits.py OLD_TREE NEW_TREE --suite entropy --reps 7
      (OLD_TREE, NEW_TREE: directories holding a ``refboost`` package, e.g. a ``git worktree`` of the old
      commit and this checkout; ``--out FILE`` writes the table there too.)

One worker process per tree (``PYTHONPATH=<tree>``, the same interpreter, environment and single-threaded
BLAS), both started before any timing; each loads or compiles the numba kernels and runs every case once
untimed. Then, for each repetition and each case, both workers run the case one after the other, the
order alternating between repetitions, so that both see the same machine load. Reported per case: the
median CPU time (``time.process_time``) of each tree, the ratio old / new of the medians, and the spread of
the per-repetition ratios (min-max); and a fingerprint of the result (iterations and objective) of each
tree, which must agree: a refactoring keeps the runs the same.

Cases use the public boosters only (and ``USE_JIT`` of :mod:`refboost.boosters.entropy` /
:mod:`refboost.boosters.shen` for the numpy reference paths), on data sets bundled with the package.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import statistics
import subprocess
import sys
import time

import numpy as np

# ---------------------------------------------------------------------------------------------
# Cases (run in the workers)
# ---------------------------------------------------------------------------------------------


def _entropy_cases():
    import refboost as rb
    from refboost.boosters import entropy

    def booster(fn, name, frac, eps=0.01, jit=True):
        ds = rb.datasets.load(name)
        oracle = rb.StumpOracle(ds.X, ds.y)
        nu = frac * ds.X.shape[0]

        def run():
            entropy.USE_JIT = jit
            try:
                r = fn(oracle, nu=nu, eps=eps)
            finally:
                entropy.USE_JIT = True
            return r.n_iter, float(r.gap)

        return run

    def dual_step(fn, N, t, frac, seed):
        rng = np.random.default_rng(seed)
        U = np.sign(rng.normal(size=(N, t))) * (rng.random((N, t)) < 0.9) + 0.05 * rng.normal(size=(N, t))
        U = np.clip(U, -1.0, 1.0)
        nu = frac * N
        eta = (rb.bounds.eta_erlp if fn is entropy.erlp_dual_step else rb.bounds.eta_binary)(0.01, N, nu)

        def run():
            r = fn(U, nu, eta)
            return r.n_iter, float(r.dual)

        return run

    return {
        "erlpboost heart nu=0.1N": booster(rb.erlpboost, "heart", 0.1),
        "erlpboost heart nu=0.5N": booster(rb.erlpboost, "heart", 0.5),
        "erlpboost heart nu=0.1N eps=1e-3": booster(rb.erlpboost, "heart", 0.1, eps=1e-3),
        "erlpboost banana nu=0.1N eps=1e-3": booster(rb.erlpboost, "banana", 0.1, eps=1e-3),
        "erlpboost titanic nu=0.3N": booster(rb.erlpboost, "titanic", 0.3),
        "erlpboost banana nu=0.3N": booster(rb.erlpboost, "banana", 0.3),
        "erlpboost breast-cancer nu=0.3N": booster(rb.erlpboost, "breast-cancer", 0.3),
        "binary_erlpboost heart nu=0.3N": booster(rb.binary_erlpboost, "heart", 0.3),
        "binary_erlpboost banana nu=0.3N": booster(rb.binary_erlpboost, "banana", 0.3),
        "softboost heart nu=0.3N": booster(rb.softboost, "heart", 0.3),
        "erlpboost heart nu=0.3N (USE_JIT=False)": booster(rb.erlpboost, "heart", 0.3, jit=False),
        "erlp_dual_step N=1300 t=60 (cold)": dual_step(entropy.erlp_dual_step, 1300, 60, 0.3, 0),
        "binary_dual_step N=1300 t=60 (cold)": dual_step(entropy.binary_dual_step, 1300, 60, 0.3, 1),
    }


def _shen_cases():
    import refboost as rb
    from refboost.boosters import shen

    setup: dict = {}

    def data(name):
        if name not in setup:
            ds = rb.datasets.load(name)
            oracle = rb.StumpOracle(ds.X, ds.y)
            ada = rb.adaboost(oracle, max_iter=300, store_d=False)
            setup[name] = (oracle, 1.0 / ada.extra["norm"], list(dict.fromkeys(ada.hypotheses)), ds.X.shape[0])
        return setup[name]

    def cg(fn, name, jit=True):
        def run():
            oracle, T, _, _ = data(name)
            shen.USE_JIT = jit
            try:
                r = fn(oracle, T=T, eps=1e-5, max_iter=300)
            finally:
                shen.USE_JIT = True
            return r.n_iter, float(r.extra["primal_objective"])

        return run

    def qp(name):
        def run():
            oracle, T, pool, _ = data(name)
            r = rb.adaboost_qp(oracle, T=T, pool=pool)
            return r.n_iter, float(r.extra["qp_objective"])

        return run

    def hinge(name, p):
        def run():
            oracle, _, _, N = data(name)
            r = rb.lpboost_hinge(oracle, D=1.0 / (0.3 * N), p=p, eps=1e-6, max_iter=300)
            return r.n_iter, float(r.extra["primal_objective"])

        return run

    return {
        "adaboost_cg heart": cg(rb.adaboost_cg, "heart"),
        "adaboost_cg titanic": cg(rb.adaboost_cg, "titanic"),
        "adaboost_cg breast-cancer": cg(rb.adaboost_cg, "breast-cancer"),
        "adaboost_cg australian": cg(rb.adaboost_cg, "australian"),
        "logitboost_cg heart": cg(rb.logitboost_cg, "heart"),
        "logitboost_cg australian": cg(rb.logitboost_cg, "australian"),
        "adaboost_cg australian (USE_JIT=False)": cg(rb.adaboost_cg, "australian", jit=False),
        "logitboost_cg heart (USE_JIT=False)": cg(rb.logitboost_cg, "heart", jit=False),
        "adaboost_qp heart (AdaBoost pool)": qp("heart"),
        "adaboost_qp australian (AdaBoost pool)": qp("australian"),
        "lpboost_hinge heart p=2": hinge("heart", 2.0),
        "lpboost_hinge australian p=1.5": hinge("australian", 1.5),
    }


def _tree_cases():
    """The exact depth-2 tree oracle (``TreeOracle``, ``search="exact"``) on IDA realisation 1 of the Rätsch sets
    where it screens (``refboost.studies.load_split``; the data resolve like the studies' own, e.g. with
    ``REFBOOST_DATA``), and one whole C-ERLPBoost run. The fingerprint: a CRC of the keys and the sum of the edges."""
    import zlib

    import refboost as rb
    from refboost.studies import load_split

    def oracle(name):
        s = load_split(name, "r1")
        return rb.TreeOracle(s["X"], s["y"]), s["y"].size

    def calls(name, k=5):
        o, N = oracle(name)
        rng = np.random.default_rng(0)
        ds = [rng.dirichlet(np.full(N, 0.3)) for _ in range(k - 1)] + [np.full(N, 1.0 / N)]

        def run():
            out = [o.best_edge(d) for d in ds]
            return zlib.crc32(repr([key for key, _ in out]).encode()), sum(e for _, e in out)

        return run

    def cerlp(name, frac, eps):
        o, N = oracle(name)

        def run():
            r = rb.cerlpboost(o, nu=frac * N, eps=eps)
            return r.n_iter, float(r.gap)

        return run

    return {
        "tree best_edge x5 german (700 x 20)": calls("german"),
        "tree best_edge x5 twonorm* (400 x 20)": calls("twonorm"),
        "tree best_edge x5 ringnorm (400 x 20)": calls("ringnorm"),
        "tree best_edge x5 image (1300 x 18)": calls("image"),
        "cerlpboost german nu=0.5N eps=0.05": cerlp("german", 0.5, 0.05),
    }


#: CPU seconds per timing (a case shorter than this is run several times per timing).
MIN_CPU = 0.3

SUITES = {"entropy": _entropy_cases, "shen": _shen_cases, "tree": _tree_cases}


def worker(suite: str, only: str | None = None) -> None:
    """Answer one JSON line per case name read from stdin: CPU and wall seconds and the result's fingerprint."""
    import refboost

    cases = {k: v for k, v in SUITES[suite]().items() if only is None or only in k}
    for run in cases.values():  # kernels loaded or compiled, data loaded, T computed: nothing of it timed
        run()
    once = {}
    for name, run in cases.items():  # a second, warm run: its CPU time sizes the repetitions
        c0 = time.process_time()
        run()
        once[name] = time.process_time() - c0
    print(json.dumps({"ready": refboost.__file__, "cases": list(cases), "once": once}), flush=True)
    for line in sys.stdin:
        name, count = json.loads(line)
        c0, t0 = time.process_time(), time.perf_counter()
        for _ in range(count):
            fp = cases[name]()
        c1, t1 = time.process_time(), time.perf_counter()
        print(json.dumps({"cpu": (c1 - c0) / count, "wall": (t1 - t0) / count,
                          "fingerprint": [float(x) for x in fp]}), flush=True)


# ---------------------------------------------------------------------------------------------
# Driver
# ---------------------------------------------------------------------------------------------


def _start(tree: str, suite: str, only: str | None) -> tuple[subprocess.Popen, dict]:
    env = dict(os.environ, PYTHONPATH=os.path.abspath(tree), OPENBLAS_NUM_THREADS="1", OMP_NUM_THREADS="1",
               MKL_NUM_THREADS="1")
    extra = [] if only is None else ["--cases", only]
    p = subprocess.Popen([sys.executable, os.path.abspath(__file__), "--worker", suite, *extra], env=env, text=True,
                         stdin=subprocess.PIPE, stdout=subprocess.PIPE, cwd=os.path.abspath(tree))
    hello = json.loads(p.stdout.readline())
    return p, hello


def _describe(tree: str) -> str:
    """The tree's git commit (short hash and subject), or its folder name outside git."""
    try:
        out = subprocess.run(["git", "-C", tree, "log", "-1", "--format=%h %s"], capture_output=True, text=True,
                             check=True).stdout.strip()
        return f"commit {out[:100]}"
    except (OSError, subprocess.CalledProcessError):
        return os.path.basename(os.path.abspath(tree))


def _ask(p: subprocess.Popen, name: str, count: int) -> dict:
    p.stdin.write(json.dumps([name, count]) + "\n")
    p.stdin.flush()
    return json.loads(p.stdout.readline())


def compare(old: str, new: str, suite: str, reps: int, only: str | None = None) -> str:
    load0 = os.getloadavg()
    t_start = time.perf_counter()
    workers = {}
    for label, tree in (("old", old), ("new", new)):
        workers[label] = _start(tree, suite, only)
    cases = workers["old"][1]["cases"]
    assert cases == workers["new"][1]["cases"]
    # runs per timing: at least MIN_CPU seconds of CPU per timing (the same count for both trees)
    count = {c: max(1, math.ceil(MIN_CPU / max(workers["old"][1]["once"][c], workers["new"][1]["once"][c], 1e-6)))
             for c in cases}
    res: dict = {c: {"old": [], "new": []} for c in cases}
    fps: dict = {c: {} for c in cases}
    for r in range(reps):
        order = ("old", "new") if r % 2 == 0 else ("new", "old")
        for c in cases:
            for label in order:
                out = _ask(workers[label][0], c, count[c])
                res[c][label].append(out["cpu"])
                fps[c][label] = out["fingerprint"]
    for p, _ in workers.values():
        p.stdin.close()
        p.wait()
    load1 = os.getloadavg()
    lines = [
        f"compare_commits.py --suite {suite}: CPU seconds (time.process_time), median of {reps} interleaved "
        "repetitions per tree",
        f"old: {_describe(old)}",
        f"new: {_describe(new)}",
        f"python {platform.python_version()}, numpy {np.__version__}, {platform.machine()}, "
        f"{os.cpu_count()} CPUs, OPENBLAS_NUM_THREADS=1 in both workers",
        f"load average (1, 5, 15 min) at start {load0[0]:.2f} {load0[1]:.2f} {load0[2]:.2f}, "
        f"at end {load1[0]:.2f} {load1[1]:.2f} {load1[2]:.2f} (shared machine: ratios within ~10% are noise)",
        "",
        f"each timing is the mean over k runs of the case (k chosen for >= {MIN_CPU} s of CPU per timing)",
        "",
        f"{'case':<44} {'k':>3} {'old s':>8} {'new s':>8} {'old/new':>8} {'per-rep ratio min-max':>22}  same result",
    ]
    ratios = []
    for c in cases:
        o, n = statistics.median(res[c]["old"]), statistics.median(res[c]["new"])
        per = [a / b for a, b in zip(res[c]["old"], res[c]["new"], strict=True) if b > 0]
        fo, fn = fps[c]["old"], fps[c]["new"]
        same = fo[0] == fn[0] and abs(fo[1] - fn[1]) <= 1e-9 * max(1.0, abs(fo[1]))
        ratio = o / n if n > 0 else float("nan")
        ratios.append(ratio)
        lines.append(f"{c:<44} {count[c]:3d} {o:8.4f} {n:8.4f} {ratio:8.3f} {min(per):10.3f} - {max(per):<9.3f}  "
                     f"{'yes' if same else f'NO: old {fo}, new {fn}'}")
    gm = float(np.exp(np.mean(np.log(ratios))))
    lines += ["", f"geometric mean of old/new over the {len(cases)} cases: {gm:.3f}",
              f"total wall time of the comparison: {time.perf_counter() - t_start:.0f} s"]
    return "\n".join(lines) + "\n"


def main(argv=None) -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("old", nargs="?")
    ap.add_argument("new", nargs="?")
    ap.add_argument("--suite", choices=sorted(SUITES), default="entropy")
    ap.add_argument("--reps", type=int, default=7)
    ap.add_argument("--out")
    ap.add_argument("--cases", help="only the cases whose name contains this string")
    ap.add_argument("--worker", metavar="SUITE", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.worker:
        worker(args.worker, args.cases)
        return
    if not (args.old and args.new):
        ap.error("OLD_TREE and NEW_TREE are required")
    text = compare(args.old, args.new, args.suite, args.reps, args.cases)
    print(text, end="")
    if args.out:
        with open(args.out, "w") as fh:
            fh.write(text)


if __name__ == "__main__":
    main()
