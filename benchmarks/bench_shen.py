"""AdaBoost-CG: time per CG iteration (restricted primal solve) vs one pricing-oracle call.

Run: OPENBLAS_NUM_THREADS=1 PYTHONPATH=. python benchmarks/bench_shen.py   (breast-cancer_scale, full stump pool)
(on a loaded 2-core machine multithreaded BLAS made the small Hessian products 50-100x slower.)
Reports the ratio master-solve time / oracle-call time per iteration (the master must not dominate).
"""

from __future__ import annotations

import time

import numpy as np
from sklearn.datasets import load_svmlight_file

import refboost as rb
from refboost.instances import threshold_pool

X, y = load_svmlight_file("/work/shared/data/libsvm/breast-cancer_scale")
y = np.where(y == y.max(), 1.0, -1.0)
U = threshold_pool(X.toarray(), y)
oracle = rb.MatrixOracle(U)
d = np.full(U.shape[0], 1 / U.shape[0])
reps = 200
t0 = time.perf_counter()
for _ in range(reps):
    oracle.best(d)
t_oracle = (time.perf_counter() - t0) / reps
for inv_T in (10, 40, 200):
    res = rb.adaboost_cg(oracle, T=1 / inv_T, eps=1e-5, max_iter=300)
    t_iter = res.extra["time"] / max(res.n_iter, 1)
    print(f"1/T={inv_T:4d}: {res.n_iter:4d} CG iterations, {t_iter * 1e3:7.2f} ms/iteration, oracle call "
          f"{t_oracle * 1e3:6.3f} ms, ratio {t_iter / t_oracle:7.1f}, master Newton iters max "
          f"{int(res.history_array('master_iter').max())}, gap {res.gap:.1e}")
