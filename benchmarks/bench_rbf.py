"""CPU cost of the RBF-network weak learner and an estimate for Sun et al.'s Tables 1-2 at protocol (issue 53).

Run: ``REFBOOST_DATA=/path/to/data PYTHONPATH=. nice -n 10 python benchmarks/bench_rbf.py [rounds_per_set]``
(IDA realisations 1-5 of banana and realisation 1 of every set in the data folder; a few minutes on one
core); writes ``benchmarks/results/rbf_cost.txt``. BLAS runs on one thread, so CPU time = wall time.

1. Model selection on banana (:func:`refboost.rbf.select_rbf_params`: 5-fold CV on realisations 1-5,
   the lower median), timed.
2. The timed sample: one AdaBoost run, T = 200, with the RBF net of the chosen K and reg on banana
   realisation 1 (training and test error, CPU time), beside AdaBoost with stumps; and the same run with
   the confidence-rated output ``clip(f, -1, 1)`` (choice 7 of ``refboost.rbf``: its effect on one set),
   and with n_iter = 0 (no refinement) and 30 instead of the default 10 (the iteration count read from mlnp).
3. Per-round CPU of the RBF oracle inside AdaBoost on realisation 1 of every Table 1 set (diabetis:
   not in the catalogue; timed on 468 rows of libsvm:diabetes, the same Pima data), at K = 5, 10, 20, 40.
4. The estimate for the protocol: 13 sets x R realisations (100; image and splice 20) x 4 boosters
   (AdaBoost, AdaBoost_Reg, AdaBoost_KL, AdaBoost_Norm2) x T = 200, plus the beta CV (5 realisations x
   5 folds x 5 grid values x 3 boosters x T = 200 on 4/5 of the training part, whose per-round cost is
   taken as 4/5 of the full one), plus the RBF-parameter CV (5 x 5 x the K-reg grid single nets, each
   costing about one round) and the single-RBF column (R nets). The booster's own work per round is
   negligible beside the oracle's (checked: AdaBoost_KL rounds on banana). Reported for each timed K
   (every set at the same K), for the minimal design (the chosen beta only on the test realisations) and for the design
   of the current stumps study ``sun_table1`` (every grid value on every realisation, 16 runs each).
"""

from __future__ import annotations

import os

os.environ.setdefault("OMP_NUM_THREADS", "1")
os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
os.environ.setdefault("MKL_NUM_THREADS", "1")

import platform  # noqa: E402
import subprocess  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from pathlib import Path  # noqa: E402

import numpy as np  # noqa: E402

import refboost as rb  # noqa: E402
from refboost import datasets  # noqa: E402
from refboost.rbf import RBFNetOracle, fit_rbf_net, select_rbf_params  # noqa: E402

OUT = Path(__file__).resolve().parent / "results" / "rbf_cost.txt"
#: Table 1 of Sun et al. (2006): the 13 IDA sets, training size, realisations in the paper.
SETS = {"banana": 100, "breast_cancer": 100, "diabetis": 100, "flare_solar": 100, "german": 100, "heart": 100,
        "image": 20, "ringnorm": 100, "splice": 20, "thyroid": 100, "titanic": 100, "twonorm": 100, "waveform": 100}
T = 200
N_BOOSTERS = 4
CV_REALS, CV_FOLDS, BETA_GRID, N_REGULARISED = 5, 5, 5, 3
K_GRID = (5, 10, 20, 30, 40)
REG_GRID = (1e-6, 1e-3)
K_TIMED = (5, 10, 20, 40)


def cpu() -> float:
    return time.process_time()


def load(name: str, r: int = 1):
    if name == "diabetis":  # the Pima diabetes data; the IDA split files are not in the catalogue
        ds = datasets.load("libsvm:diabetes")
        idx = np.random.default_rng(0).permutation(ds.y.size)[:468]
        X = ds.X.toarray() if hasattr(ds.X, "toarray") else np.asarray(ds.X)
        return X[idx], ds.y[idx], None, None
    ds = datasets.load(f"ida:{name}", realisation=r)
    return ds.X, ds.y, ds.X_test, ds.y_test


def err(oracle, res, X, y) -> float:
    return float(np.mean(np.where(oracle.predict(res.hypotheses, res.weights, X) >= 0, 1.0, -1.0) != y))


def commit() -> str:
    try:
        return subprocess.run(["git", "rev-parse", "--short", "HEAD"], capture_output=True, text=True,
                              cwd=Path(__file__).resolve().parent, check=True).stdout.strip()
    except (OSError, subprocess.CalledProcessError):
        return "unknown"


def cpu_model() -> str:
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                return line.split(":", 1)[1].strip()
    except OSError:
        pass
    return platform.processor() or "unknown"


def hours(s: float) -> str:
    return f"{s / 3600:10.1f} h"


def main(rounds_per_set: int = 10) -> None:
    lines = []

    def out(s: str = "") -> None:
        print(s, flush=True)
        lines.append(s)

    out("RBF-network weak learner (refboost.rbf): timed sample and CPU estimate for Sun et al. Tables 1-2 at protocol")
    out(f"machine: {cpu_model()}, {platform.system()} {platform.release()}, Python {platform.python_version()}, "
        f"numpy {np.__version__}; BLAS threads 1; code at commit {commit()}; CPU time = time.process_time()")
    out()

    # 1. model selection on banana
    sets = [load("banana", r)[:2] for r in range(1, CV_REALS + 1)]
    t0 = cpu()
    sel = select_rbf_params(sets, K_GRID, REG_GRID, n_folds=CV_FOLDS)
    t_sel = cpu() - t0
    K, reg = sel["n_centres"], sel["reg"]
    n_fits = CV_REALS * CV_FOLDS * len(K_GRID) * len(REG_GRID)
    out(f"1. RBF model selection on banana: 5-fold CV on realisations 1-{CV_REALS}, K in {K_GRID}, reg in {REG_GRID}")
    out(f"   per-realisation choices (K, reg): {sel['choices']}; lower median: K = {K}, reg = {reg:g}")
    out(f"   CPU {t_sel:.1f} s for {n_fits} single nets ({1e3 * t_sel / n_fits:.1f} ms per net on 4/5 of N = 400)")
    out()

    # 2. the timed sample
    X, y, Xt, yt = load("banana", 1)
    out(f"2. Timed sample: AdaBoost, T = {T}, banana realisation 1 (N = {y.size}, test {yt.size})")
    out(f"   {'weak learner':36s} {'CPU s':>8s} {'ms/round':>9s} {'rounds':>6s} {'train err':>9s} {'test err':>8s}")
    sample = {}
    for label, oracle in (
        (f"RBF net K={K} reg={reg:g} sign(f)", RBFNetOracle(X, y, n_centres=K, reg=reg, seed=0)),
        (f"RBF net K={K} reg={reg:g} clip(f)", RBFNetOracle(X, y, n_centres=K, reg=reg, seed=0, output="clip")),
        (f"RBF net K={K} reg={reg:g} n_iter=0", RBFNetOracle(X, y, n_centres=K, reg=reg, seed=0, n_iter=0)),
        (f"RBF net K={K} reg={reg:g} n_iter=30", RBFNetOracle(X, y, n_centres=K, reg=reg, seed=0, n_iter=30)),
        ("decision stumps (StumpOracle)", rb.StumpOracle(X, y)),
    ):
        t0 = cpu()
        res = rb.adaboost(oracle, max_iter=T, store_d=False)
        dt = cpu() - t0
        sample[label] = dt
        out(f"   {label:36s} {dt:8.1f} {1e3 * dt / res.n_iter:9.1f} {res.n_iter:6d} {err(oracle, res, X, y):9.4f} "
            f"{err(oracle, res, Xt, yt):8.4f}")
    net = fit_rbf_net(X, y, n_centres=K, reg=reg)
    out(f"   single RBF net (uniform weights): test error {np.mean(np.where(net(Xt) >= 0, 1, -1) != yt):.4f}")
    o = RBFNetOracle(X, y, n_centres=K, reg=reg, seed=0)
    t0 = cpu()
    res = rb.adaboost_kl(o, beta=0.1, max_iter=rounds_per_set)
    t_kl = (cpu() - t0) / res.n_iter
    t0 = cpu()
    res = rb.adaboost(o, max_iter=rounds_per_set, store_d=False)
    t_ab = (cpu() - t0) / res.n_iter
    out(f"   per round, {rounds_per_set} rounds: AdaBoost {1e3 * t_ab:.1f} ms, AdaBoost_KL {1e3 * t_kl:.1f} ms "
        "(the oracle dominates)")
    out()

    # 3. per-round cost on every set
    out(f"3. CPU per AdaBoost round with the RBF oracle (reg = {reg:g}), realisation 1, "
        f"mean of {rounds_per_set} rounds")
    out(f"   {'set':14s} {'N':>5s} {'p':>3s} " + " ".join(f"{'K=' + str(k):>9s}" for k in K_TIMED) + "  (ms/round)")
    per_round = {}
    for name in SETS:
        X, y, _, _ = load(name, 1)
        row = {}
        for k in K_TIMED:
            o = RBFNetOracle(X, y, n_centres=k, reg=reg, seed=0)
            t0 = cpu()
            res = rb.adaboost(o, max_iter=rounds_per_set, store_d=False)
            row[k] = (cpu() - t0) / res.n_iter
        per_round[name] = row
        out(f"   {name:14s} {y.size:5d} {X.shape[1]:3d} " + " ".join(f"{1e3 * row[k]:9.1f}" for k in K_TIMED))
    out()

    # 4. the estimate
    out(f"4. Estimate at protocol: 13 sets, T = {T}, {N_BOOSTERS} boosters, beta CV {CV_REALS} realisations x "
        f"{CV_FOLDS} folds x {BETA_GRID} values x {N_REGULARISED} boosters")
    out("   CPU hours on one core of this machine (per-round cost of realisation 1; CV rounds at 4/5 of it);")
    out("   every set at the same K (the per-set K of the protocol lies in the grid)")
    out(f"   {'set':14s} {'R':>4s} " + " ".join(f"{'test K=' + str(k):>11s} {'all K=' + str(k):>10s}" for k in K_TIMED))
    minimal = {k: 0.0 for k in K_TIMED}
    study_design = {k: 0.0 for k in K_TIMED}
    test_total = {k: 0.0 for k in K_TIMED}
    for name, R in SETS.items():
        row = []
        for k in K_TIMED:
            c = per_round[name][k]
            test = R * N_BOOSTERS * T * c
            cv = CV_REALS * CV_FOLDS * BETA_GRID * N_REGULARISED * T * 0.8 * c
            # a single net costs about one round (the round is one fit); its CV nets see 4/5 of N
            rbf_cv_col = (CV_REALS * CV_FOLDS * len(K_GRID) * len(REG_GRID) * 0.8 + R) * c
            minimal[k] += test + cv + rbf_cv_col
            test_total[k] += test
            study_design[k] += R * (1 + BETA_GRID * N_REGULARISED) * T * c + cv + rbf_cv_col
            row.append(f"{test / 3600:11.2f} {(test + cv + rbf_cv_col) / 3600:10.2f}")
        out(f"   {name:14s} {R:4d} " + " ".join(row))
    out(f"   {'total (h)':14s} {'':4s} " + " ".join(f"{test_total[k] / 3600:11.1f} {minimal[k] / 3600:10.1f}"
                                                   for k in K_TIMED))
    n_cv = len(SETS) * CV_REALS * CV_FOLDS * BETA_GRID * N_REGULARISED
    out(f"   runs: {sum(SETS.values()) * N_BOOSTERS} test runs + {n_cv} beta-CV runs of {T} rounds "
        "(the minimal design: the chosen beta only on the test realisations)")
    out(f"   the stumps study's design (every grid value on every realisation, {1 + BETA_GRID * N_REGULARISED} runs "
        "per realisation): " + ", ".join(f"{study_design[k] / 3600:.1f} h at K = {k}" for k in K_TIMED))
    out(f"   on the 2 cores of this machine the wall time is about half (minimal design at K = {K}, banana's choice: "
        f"{minimal[K] / 7200:.1f} h)" if K in K_TIMED else "")
    OUT.write_text("\n".join(lines) + "\n")
    print(f"wrote {OUT}")


if __name__ == "__main__":
    main(int(sys.argv[1]) if len(sys.argv) > 1 else 10)
