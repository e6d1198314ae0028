"""The exact depth-2 tree search's screening kernel: every root split's best tree edge in O(p^2 N log n_bins).

:class:`refboost.oracles.TreeOracle` (``search="exact"``) needs, for every root split ``x_f <= theta``,
``B(left) + B(right)``, where ``B(S)`` is the best reflexive-stump edge on the examples in S. With
``v = d * y``, the stump ``(k, theta', +1)`` on S has edge ``T_S - 2 L_S(k, theta')`` (``T_S`` the sum of
``v`` over S, ``L_S`` its prefix sum over the values of feature k up to ``theta'``), so
``B(S) = max(|T_S|, T_S - 2 min L_S, 2 max L_S - T_S)`` with min and max over every stump threshold
of every feature (the first term is the constant hypothesis).

Sweeping the root threshold of feature f upwards moves the examples from the right child to the left
one, one value of x_f at a time; moving example n adds ``v_n`` to ``L_left(k, theta')`` for every
``theta' >= x_nk`` (a range of the bins of feature k) and subtracts it from ``L_right``. Two segment trees
with lazy range addition (one per child, keeping the min and the max over all stump thresholds) give each
root split's ``B(left) + B(right)`` after O(p log n_bins) work per moved example: O(p^2 N log n_bins) per
call instead of the O(n_splits N p) of building both children's histograms for every root split.

The values differ from the histogram computation only by summation round-off (a few ulps of
``sum |v| = 1``); the oracle uses them to screen, then recomputes the few root splits within a margin of
the maximum exactly (see :meth:`refboost.oracles.TreeOracle.best_edge`).
"""

from __future__ import annotations

import numpy as np
from numba import njit


@njit(cache=True)
def _build(mx, mn, lz, size):
    for i in range(size - 1, 0, -1):
        mx[i] = max(mx[2 * i], mx[2 * i + 1])
        mn[i] = min(mn[2 * i], mn[2 * i + 1])
        lz[i] = 0.0


@njit(cache=True)
def _pull(mx, mn, lz, i):
    i >>= 1
    while i >= 1:
        mx[i] = max(mx[2 * i], mx[2 * i + 1]) + lz[i]
        mn[i] = min(mn[2 * i], mn[2 * i + 1]) + lz[i]
        i >>= 1


@njit(cache=True)
def _range_add(mx, mn, lz, size, lo, hi, val):
    """Add ``val`` to the leaves [lo, hi); ``mx[1]``, ``mn[1]`` stay the max and min over all leaves."""
    lo += size
    hi += size
    l0, r0 = lo, hi - 1
    while lo < hi:
        if lo & 1:
            mx[lo] += val
            mn[lo] += val
            lz[lo] += val
            lo += 1
        if hi & 1:
            hi -= 1
            mx[hi] += val
            mn[hi] += val
            lz[hi] += val
        lo >>= 1
        hi >>= 1
    _pull(mx, mn, lz, l0)
    _pull(mx, mn, lz, r0)


@njit(cache=True)
def _best(T, lo_min, hi_max):
    b = abs(T)
    a = T - 2.0 * lo_min
    if a > b:
        b = a
    a = 2.0 * hi_max - T
    if a > b:
        b = a
    return b


@njit(cache=True)
def root_split_totals(codes, v, is_split, seg_start, seg_end, order, n_splits):
    """``B(left) + B(right)`` of every root split, in the order of the split bins (feature, then threshold).

    codes : (N, p) int64, global bin of x_nj (bins of feature j are ``seg_start[j] .. seg_end[j] - 1``);
    v : (N,) float64, ``d * y``; is_split : (n_bins,) bool, the bins with a stump threshold after them;
    order : (p, N) int64, the examples sorted by ``codes[:, f]`` for each f; n_splits : ``is_split.sum()``.
    """
    N, p = codes.shape
    n_bins = is_split.size
    size = 1
    while size < n_bins:
        size *= 2
    # the whole set's prefix sums per feature (the right child's before any example moves)
    H = np.zeros(n_bins)
    T = 0.0
    for n in range(N):
        T += v[n]
        for k in range(p):
            H[codes[n, k]] += v[n]
    Ltot = np.empty(n_bins)
    for k in range(p):
        c = 0.0
        for b in range(seg_start[k], seg_end[k]):
            c += H[b]
            Ltot[b] = c
    mxL = np.empty(2 * size)
    mnL = np.empty(2 * size)
    lzL = np.zeros(2 * size)
    mxR = np.empty(2 * size)
    mnR = np.empty(2 * size)
    lzR = np.zeros(2 * size)
    out = np.empty(n_splits)
    idx = 0
    for f in range(p):
        if seg_end[f] - seg_start[f] < 2:
            continue  # a constant feature has no root split
        for i in range(2 * size):
            mxL[i] = -np.inf
            mnL[i] = np.inf
            mxR[i] = -np.inf
            mnR[i] = np.inf
            lzL[i] = 0.0
            lzR[i] = 0.0
        for b in range(n_bins):
            if is_split[b]:
                mxL[size + b] = 0.0
                mnL[size + b] = 0.0
                mxR[size + b] = Ltot[b]
                mnR[size + b] = Ltot[b]
        _build(mxL, mnL, lzL, size)
        _build(mxR, mnR, lzR, size)
        TL, TR = 0.0, T
        pos = 0
        for b in range(seg_start[f], seg_end[f] - 1):
            while pos < N and codes[order[f, pos], f] == b:
                n = order[f, pos]
                pos += 1
                vn = v[n]
                if vn == 0.0:
                    continue
                TL += vn
                TR -= vn
                for k in range(p):
                    c = codes[n, k]
                    _range_add(mxL, mnL, lzL, size, c, seg_end[k], vn)
                    _range_add(mxR, mnR, lzR, size, c, seg_end[k], -vn)
            out[idx] = _best(TL, mnL[1], mxL[1]) + _best(TR, mnR[1], mxR[1])
            idx += 1
    return out
