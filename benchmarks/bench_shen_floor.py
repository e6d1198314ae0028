"""Floor of one AdaBoost-CG restricted master in numpy: its calls, each timed alone (complements bench_shen_master.py).

This is the floor of the numpy reference master (``shen._Master``, ``shen.USE_JIT = False``), the reason its hot
path is compiled (``refboost/_jit/shen.py``, ``shen._JitMaster``: two compiled calls per column instead
of these ~56; bench_shen_master.py replays both).

Run: OPENBLAS_NUM_THREADS=1 REFBOOST_DATA=/path/to/data PYTHONPATH=. python benchmarks/bench_shen_floor.py

At the state just before column t enters (as in bench_shen_master.py), every numpy/LAPACK call that one master
with one accepted chord-Newton step makes on its most common path (a new column bordered into the factor, a
non-empty set E of zero-weight columns, no clip, no refresh, no exact margin recomputation) is timed on its own,
hot in cache (min over repeats, thread CPU time). Their sum, without Python control flow and with hot caches,
is a lower bound for the master as written (numpy calls of 1-2 us each); it is printed next to one
``oracle.best`` call. The three O(N t) products (border U^T C h, U s, U^T u) are the only parts that grow with
the data; the rest is per-call overhead.
"""

from __future__ import annotations

import copy
import time

import numpy as np
from _shen_snapshot import snapshot_master
from scipy.linalg.lapack import dgesv, dtrtrs

CASES = (("breast-cancer", 40), ("heart", 40), ("diabetes", 100), ("german.numer", 80), ("splice", 100))
NUMBER, REPEAT = 400, 7


def tmin(stmt, env, number=NUMBER):
    code = compile(stmt, "<op>", "exec")
    best = np.inf
    for _ in range(REPEAT):
        t0 = time.thread_time_ns()
        for _ in range(number):
            exec(code, env)
        best = min(best, time.thread_time_ns() - t0)
    return best / number / 1e3


for name, stop in CASES:
    sn = snapshot_master(name, stop)
    ds, oracle, res, M0, h = sn.ds, sn.oracle, sn.result, sn.master, sn.h
    M = copy.deepcopy(M0)
    M.add(h)
    t = M.t
    rng = np.random.default_rng(0)
    k = 3  # |E|
    Y = np.asfortranarray(rng.standard_normal((M.Lbuf.shape[0], 1 + k)))
    s = rng.standard_normal(t) * 1e-3
    s -= s.mean()
    env = dict(np=np, dgesv=dgesv, dtrtrs=dtrtrs, M=M, U=M.U, c=M0.c_ref, h=h, u=M0.u, m=M0.m, lam=M.lam.copy(),
               G=M.G.copy(), L=M.Lbuf, LT=M.LTbuf, g=M.gbuf.copy(), p=M.pbuf.copy(), Y=Y, YtY=Y.T @ Y, s=s,
               v=M.U @ s, E=np.array([1, 2, 3]), row=np.ones(1 + k), f=M.f, buf=M.buf, jmax=t - 1, t=t - 1, n=t)
    env["pt"] = env["p"][: t - 1]
    env["Ut"] = M.buf[:, : t - 1]
    ops = [
        ("add: store h", "buf[:, t] = h", 1, False),
        ("border: c h, h - mu, c hc, hc.ch", "float(c @ h); hc = h - 0.1; ch = c * hc; float(ch @ hc)", 4, False),
        ("border: U^T C hc (O(N t))", "np.matmul(Ut.T, ch, out=pt)", 1, True),
        ("border: + rho, L^{-1} p, l.l", "pt += 1.0; l, info = dtrtrs(L, p, lower=1); float(l @ l)", 3, False),
        ("border: row/column of L, L^T", "L[t, :t] = l[:t]; L[t, t] = 1.0; LT[:t, t] = l[:t]; LT[t, t] = 1.0", 4,
         False),
        ("border: row of Y, Y^T Y", "r = -(l[:t] @ Y[:t]) / 2.0; r[0] += 0.5; Y[t] = r; YtY + r[:, None] * r", 6,
         False),
        ("add: lambda, G grow, h.u", "a = np.empty(n); a[:t] = lam[:t]; a[t] = 0.0; g[t] = float(h @ u)", 5, False),
        ("direction: E", "lam[jmax] = 1.0; e = np.flatnonzero(lam <= 0.0); lam[jmax] = 0.0; e.tobytes()", 5, False),
        ("direction: L^{-1} G, Y^T y, Schur, y - Y mu, L^{-T}",
         "y, info = dtrtrs(L, g, lower=1); _, _, mu, info = dgesv(YtY, Y.T @ y, overwrite_b=True); y -= Y @ mu; "
         "x, info = dtrtrs(LT, y, lower=0, overwrite_b=True)", 6, False),
        ("direction: s_E = 0, max |s|", "x = s.copy(); x[E] = 0.0; float(np.abs(x).max())", 3, False),
        ("step: slope, lambda + s, min", "float(G @ s); l1 = lam + s; float(l1.min())", 3, False),
        ("step: v = U s (O(N t))", "U @ s", 1, True),
        ("step: m + v, f at the chord point, u.v", "m1 = m + v; val, u1, aux = f.point(m1); float(u1 @ v)", 8, False),
        ("step: lambda / sum", "l1 = lam + s; l1 /= l1.sum()", 2, False),
        ("step: G = U^T u (O(N t))", "np.matmul(U.T, u, out=g[:n])", 1, True),
        ("step: argmax, gap", "j = int(g[:n].argmax()); float(g[j]); float(lam @ g[:n])", 3, False),
    ]
    total = big = 0.0
    n_calls = 0
    rows = []
    for label, stmt, n, is_big in ops:
        us = tmin(stmt, env)
        total += us
        big += us if is_big else 0.0
        n_calls += n
        rows.append(f"  {label:52s} {n:3d} calls {us:7.1f} us")
    d = res.distribution
    ob = tmin("oracle.best(d)", dict(oracle=oracle, d=d), number=100)
    print(f"{name} ({ds.n_examples} x {ds.n_features}), master of column {t}: calls timed alone, hot, min")
    print("\n".join(rows))
    print(f"  sum: {n_calls} calls {total:.1f} us (3 O(N t) products {big:.1f} us, the other {n_calls - 3} calls "
          f"{(total - big) / (n_calls - 3):.2f} us each); oracle.best {ob:.1f} us; floor / oracle = {total / ob:.2f}")
