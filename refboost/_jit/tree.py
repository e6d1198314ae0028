"""The exact depth-2 tree search's screening kernel: every root split's best tree edge in O(p^2 N log n).

:class:`refboost.oracles.TreeOracle` (``search="exact"``) needs, for every root split ``x_f <= theta``,
``B(left) + B(right)``, where ``B(S)`` is the best reflexive-stump edge on the examples in S. With
``v = d * y``, the stump ``(k, theta', +1)`` on S has edge ``T_S - 2 L_S(k, theta')`` (``T_S`` the sum of
``v`` over S, ``L_S`` its prefix sum over the values of feature k up to ``theta'``), so
``B(S) = max(|T_S|, T_S - 2 min L_S, 2 max L_S - T_S)`` with min and max over every stump threshold
of every feature (the first term is the constant hypothesis).

Sweeping the root threshold of feature f upwards moves the examples from the right child to the left
one, one value of x_f at a time. Moving example n adds ``v_n`` to the left child's histogram of feature k
at the bin of ``x_nk`` and subtracts it from the right child's: a point update. Each child keeps, per
feature, a binary tree over that feature's bins whose nodes hold the sum of their bins and the max and
min of the prefix sums inside them at the stump thresholds (``max(a, s_a + b)`` combines two halves), so
the root of feature k's tree holds ``max L_S(k, .)`` and ``min L_S(k, .)``. A moved example costs
O(p log n_k) (n_k the bins of feature k, at most N); both children's trees are updated together in one
array of 6 values per node. Each root split then reads the p roots: O(p^2 N log n + p n_splits) per call,
instead of the O(n_splits N p) of building both children's histograms for every root split.

The values differ from the histogram computation only by summation round-off (a few ulps of
``sum |v| = 1``); the oracle uses them to screen, then recomputes the few root splits within a margin of
the maximum exactly (see :meth:`refboost.oracles.TreeOracle.best_edge`).
"""

from __future__ import annotations

import numpy as np

from ._numba import njit

# a node's 6 values: the left child's (sum, max prefix, min prefix), then the right child's
_S_L, _MX_L, _MN_L, _S_R, _MX_R, _MN_R = range(6)


@njit(cache=True, inline="always")
def _combine(A, node, a, c):
    """Node ``node`` from its halves ``a`` (lower bins) and ``c`` (upper bins), for both children."""
    for t in (_S_L, _S_R):
        sa = A[a, t]
        A[node, t] = sa + A[c, t]
        x = sa + A[c, t + 1]
        y = A[a, t + 1]
        A[node, t + 1] = y if y > x else x
        x = sa + A[c, t + 2]
        y = A[a, t + 2]
        A[node, t + 2] = y if y < x else x


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
    # feature k's tree: node j (1 .. 2 size_k - 1) is row off[k] + j; bin b is leaf j = size_k + b - seg_start[k]
    size = np.empty(p, np.int64)
    off = np.empty(p, np.int64)
    rows = 0
    for k in range(p):
        sz = 1
        while sz < seg_end[k] - seg_start[k]:
            sz *= 2
        size[k] = sz
        off[k] = rows - 1
        rows += 2 * sz - 1
    leaf = np.empty((N, p), np.int64)
    for n in range(N):
        for k in range(p):
            leaf[n, k] = off[k] + size[k] + codes[n, k] - seg_start[k]
    # the whole set's histograms (the right child's before any example moves)
    H = np.zeros(n_bins)
    T = 0.0
    for n in range(N):
        T += v[n]
        for k in range(p):
            H[codes[n, k]] += v[n]
    # both children's trees before any example moves (the same for every root feature: built once, copied)
    A0 = np.empty((rows, 6))
    for i in range(rows):
        A0[i, _S_L] = 0.0
        A0[i, _MX_L] = -np.inf
        A0[i, _MN_L] = np.inf
        A0[i, _S_R] = 0.0
        A0[i, _MX_R] = -np.inf
        A0[i, _MN_R] = np.inf
    for k in range(p):
        for b in range(seg_start[k], seg_end[k]):
            r = off[k] + size[k] + b - seg_start[k]
            A0[r, _S_R] = H[b]
            if is_split[b]:  # a prefix sum at a stump threshold (-inf / inf elsewhere: never the max / min)
                A0[r, _MX_L] = 0.0
                A0[r, _MN_L] = 0.0
                A0[r, _MX_R] = H[b]
                A0[r, _MN_R] = H[b]
        for j in range(size[k] - 1, 0, -1):
            _combine(A0, off[k] + j, off[k] + 2 * j, off[k] + 2 * j + 1)
    A = np.empty((rows, 6))
    out = np.empty(n_splits)
    idx = 0
    for f in range(p):
        if seg_end[f] - seg_start[f] < 2:
            continue  # a constant feature has no root split
        A[:, :] = A0
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
                    r = leaf[n, k]
                    A[r, _S_L] += vn
                    A[r, _S_R] -= vn
                    if A[r, _MX_L] != -np.inf:
                        A[r, _MX_L] = A[r, _S_L]
                        A[r, _MN_L] = A[r, _S_L]
                        A[r, _MX_R] = A[r, _S_R]
                        A[r, _MN_R] = A[r, _S_R]
                    o = off[k]
                    j = (r - o) >> 1
                    while j >= 1:
                        _combine(A, o + j, o + 2 * j, o + 2 * j + 1)
                        j >>= 1
            loL, hiL, loR, hiR = np.inf, -np.inf, np.inf, -np.inf
            for k in range(p):
                r = off[k] + 1
                loL = min(loL, A[r, _MN_L])
                hiL = max(hiL, A[r, _MX_L])
                loR = min(loR, A[r, _MN_R])
                hiR = max(hiR, A[r, _MX_R])
            out[idx] = _best(TL, loL, hiL) + _best(TR, loR, hiR)
            idx += 1
    return out
