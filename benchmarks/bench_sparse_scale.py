"""ERLPBoost with raw-data hypotheses at the full shapes of Glocer's sparse text sets (synthetic stand-ins).

astro-ph, news20 and real-sim (Glocer (2009), Table 5.1) are not on this machine (no internet). To show the
sizes refboost handles, this draws :func:`refboost.datasets.sparse_text_like` at ``scale=1``: all the set's
rows, features and non-zeros per row (astro-ph 94,856 x 99,757; news20 19,996 x 1,355,191; real-sim
72,309 x 20,958), splits it 60/20/20 as chapter 10 does, and runs ERLPBoost (Glocer (2009), Algorithm 3.1)
on :class:`refboost.oracles.SparseRawFeatureOracle`, which keeps ``U`` sparse (an edge sweep is one sparse
product ``U^T d``), at eps = 0.01 and nu in {1, 0.1 N}. For each run it reports the CPU time of drawing the
data, of building the oracle and of the run, the iterations, the peak resident memory of the process, the
test error next to the majority rate, and whether the certificate holds: ``converged`` is re-checked from
the returned weights alone by :func:`refboost.certify.result` (the soft margin of ``U w`` against the
bound from the returned distributions, whose best edges the oracle computes exactly). The data are
synthetic, so the error rates say nothing about the real sets; the point is the shape.

Usage: ``OPENBLAS_NUM_THREADS=1 python benchmarks/bench_sparse_scale.py``
``[--out benchmarks/results/bench_sparse_scale.txt]``.
"""

from __future__ import annotations

import argparse
import platform
import resource
import time
from pathlib import Path

import numpy as np

import refboost as rb
from refboost import datasets
from refboost.experiments import error_rate, train_val_test_split
from refboost.oracles import RawFeatureOracle, SparseRawFeatureOracle

SETS = ("real-sim", "astro-ph", "news20")
EPS = 0.01
NU_FRACS = (None, 0.1)  # None: nu = 1 (hard margin)
MAX_ITER = 5000


def peak_rss_gb() -> float:
    return resource.getrusage(resource.RUSAGE_SELF).ru_maxrss / 2**20  # kB on Linux


def run(name: str) -> list[str]:
    c0 = time.process_time()
    X, y = datasets.sparse_text_like(name, np.random.default_rng(0), scale=1.0)
    t_gen = time.process_time() - c0
    tr, _va, te = train_val_test_split(X.shape[0], [0.6, 0.2, 0.2], np.random.default_rng(1))
    c0 = time.process_time()
    orc = RawFeatureOracle(X[tr], y[tr])
    t_orc = time.process_time() - c0
    assert isinstance(orc, SparseRawFeatureOracle)
    n = orc.n_examples
    lines = []
    for frac in NU_FRACS:
        nu = 1.0 if frac is None else frac * n
        c0 = time.process_time()
        res = rb.erlpboost(orc, nu=nu, eps=EPS, max_iter=MAX_ITER)
        t_run = time.process_time() - c0
        cert = rb.certify.result(res, orc, bound="dual")  # no LP at this size: the returned distributions
        err = error_rate(orc.predict(res.hypotheses, res.weights, X[te]), y[te])
        maj = min(np.mean(y[te] > 0), np.mean(y[te] < 0))
        lines.append(
            f"{name:9s} {X.shape[0]:7d} {X.shape[1]:9d} {X.nnz / X.shape[0]:6.1f} {n:7d} "
            f"{'1' if frac is None else f'{frac:g} N':>7s} {t_gen:6.1f} {t_orc:6.2f} {res.n_iter:6d} "
            f"{len(res.hypotheses):5d} {t_run:8.1f} {peak_rss_gb():6.2f} {100 * err:6.1f} {100 * maj:6.1f} "
            f"{res.gap:9.2e} {str(res.converged):>9s} {str(bool(cert.ok)):>9s}"
        )
        print(lines[-1], flush=True)
        assert res.converged and cert.ok, (name, nu, res.message)
    return lines


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    ap.add_argument("--out", type=Path, default=None)
    ap.add_argument("--sets", default=",".join(SETS))
    args = ap.parse_args()
    head = (
        f"bench_sparse_scale: ERLPBoost (eps = {EPS}) with raw-data hypotheses on synthetic sparse sets of the full "
        f"shapes of Glocer's text sets (datasets.sparse_text_like, scale = 1, seed 0; 60/20/20 split, seed 1)\n"
        f"machine: {platform.platform()}, CPU times of one process "
        f"(the machine's 2 cores were shared with other jobs)\n\n"
        f"{'set':9s} {'rows':>7s} {'features':>9s} {'nnz/r':>6s} {'N train':>7s} {'nu':>7s} {'gen s':>6s} "
        f"{'orc s':>6s} {'iters':>6s} {'hyps':>5s} {'run s':>8s} {'RSS GB':>6s} {'test %':>6s} {'min. %':>6s} "
        f"{'gap':>9s} {'converged':>9s} {'certified':>9s}"
    )
    print(head, flush=True)
    lines = [head]
    for name in args.sets.split(","):
        lines += run(name)
    lines += [
        "",
        "gen s, orc s, run s: CPU seconds to draw the set, to build the sparse oracle, and of the ERLPBoost run;",
        "RSS GB: the process's peak resident memory so far; test %: test error; min. %: the minority class's share",
        "of the test part (the majority rule's error); gap: the certificate the run stopped on (<= eps);",
        "certified: refboost.certify.result re-checks it from the returned weights alone.",
    ]
    if args.out:
        args.out.write_text("\n".join(lines) + "\n")


if __name__ == "__main__":
    main()
