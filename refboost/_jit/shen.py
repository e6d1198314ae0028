"""Compiled hot path of the AdaBoost-CG / LogitBoost-CG restricted master (numba).

Each kernel is the loop form of one method of :class:`refboost.boosters.shen._Master`, whose numpy code
stays the readable reference (``shen.USE_JIT = False`` runs it; ``tests/test_shen_jit.py`` checks that
both give the same iterates to round-off):

=============================  ======================================================================
kernel                         reference (:mod:`refboost.boosters.shen`)
=============================  ======================================================================
:func:`point`                  ``exp_master(T).point`` / ``logistic_master(T).point`` (value, ``u``)
:func:`set_point`              ``_Master._set_point()`` (``m = U_S lambda`` exactly) + ``_set_edges``
:func:`add_column`             ``_Master.add`` (the Frank-Wolfe bookkeeping) + ``_Master._border``
:func:`newton_step`            ``_Master._newton_step``: ``_direction``, ratio test, the chord point,
                               ``_line_step`` with ``f.line``, the margin and edge update
=============================  ======================================================================

So a column-generation iteration with one chord-Newton step is two compiled calls (``add_column``,
``newton_step``) instead of ~56 numpy/LAPACK calls. The three ``O(N t)`` products (``U_S^T C h`` of the
border, ``U_S s``, ``U_S^T u``) go to BLAS dgemv (:func:`refboost._jit._numba_bridge.gemv`) on the
master's column buffer (``U`` = the whole Fortran-ordered buffer, its first t columns used); triangular
solves are column-oriented loops over the factor ``L`` (forward) and its stored transpose ``L^T``
(backward); everything else is plain loops (no slice assignment, no allocation: both would add seconds
of compile time for their error paths).
Exact IEEE arithmetic (no fastmath), one thread; the first call compiles (cached in ``__pycache__``).

State: the scalars of the master live in one :data:`MASTER_STATE` record (``state``, a one-element
structured array, read by field name on both sides); the tuning values arrive as a
:class:`refboost._jit.constants.ShenTuning` (``par``); ``wM`` is an N-sized scratch whose rows are named
by :data:`WM`.

Objectives (``kind``): :data:`EXP` = ``f(m) = -T lse(-m / T)`` (Shen & Li (2010), eq. (6), centred
curvature ``u / T``), evaluated shifted by ``max(-m / T)`` so that ``exp <= 1`` for any T (T = 1/500
included); :data:`LOGISTIC` = ``f(m) = -T sum log(1 + exp(-m / T))`` (eq. (32), separable curvature
``u (1 - u) / T``) with the overflow-free ``log1p`` / ``expit`` forms.
"""

from __future__ import annotations

import math
from typing import NamedTuple

import numpy as np

from ._numba import njit
from ._numba_bridge import gemv as _gemv
from .common import expit as _expit
from .common import lu_solve_inplace as _solve_small
from .constants import SHEN_EXP, SHEN_LOGISTIC

#: Objective kinds (defined in :mod:`refboost._jit.constants`, which the numpy master imports without numba).
EXP, LOGISTIC = SHEN_EXP, SHEN_LOGISTIC

#: Scalar state of the master, a one-element structured array updated in place by the kernels: value
#: f(m), zmax (exp: max(-m/T), the shift of the stored exponent), the Frank-Wolfe gap, the largest
#: restricted edge, the first index of the largest edge, steps since the exact margins, clipped flag,
#: number of columns in the cached E (-1: no cached Y = L^{-1} [1, e_E]).
MASTER_STATE = np.dtype([("val", np.float64), ("zmax", np.float64), ("measure", np.float64), ("gmax", np.float64),
                         ("jmax", np.int64), ("n_inexact", np.int64), ("clipped", np.int64), ("ky", np.int64)])


def new_state():
    """A fresh :data:`MASTER_STATE` (zeros; no cached Y)."""
    state = np.zeros(1, dtype=MASTER_STATE)
    state["ky"] = -1
    return state


class ScratchRows(NamedTuple):
    """Rows of the N-sized scratch ``wM`` (one 2-d buffer: a single argument instead of six)."""

    m1: int
    u1: int
    z1: int
    a: int
    b: int
    v: int


WM = ScratchRows(0, 1, 2, 3, 4, 5)
N_WM = len(WM)


class Point(NamedTuple):
    """``f(m)`` and the shift of the stored exponent (EXP; 0 for LOGISTIC)."""

    value: float
    zmax: float


@njit(cache=True)
def _log1pexp(z):
    """``log(1 + exp(z))`` = ``logaddexp(0, z)``."""
    if z > 0.0:
        return z + math.log1p(math.exp(-z))
    return math.log1p(math.exp(z))


@njit(cache=True)
def _scale_max(x, scale, out):
    """``out = scale * x``; returns ``max(out)`` (the shift of the exponents of the EXP objective)."""
    mx = -np.inf
    for i in range(x.size):
        xi = x[i] * scale
        out[i] = xi
        if xi > mx:
            mx = xi
    return mx


@njit(cache=True)
def point(kind, T, m, u, z):
    """``f(m)`` and ``u = grad f``; returns ``(value, zmax)``. Writes ``u`` and ``z``.

    EXP: ``z = -m/T - zmax`` (the shifted exponent; ``line`` reuses it), ``u = softmax(-m/T)``.
    LOGISTIC: ``z = -m/T``, ``u = expit(z)``; zmax = 0.
    """
    n = m.size
    if kind == EXP:
        zmax = _scale_max(m, -1.0 / T, z)
        s = 0.0
        for i in range(n):
            zi = z[i] - zmax
            z[i] = zi
            e = math.exp(zi)
            u[i] = e
            s += e
        for i in range(n):
            u[i] /= s
        return Point(-T * (zmax + math.log(s)), zmax)
    val = 0.0
    for i in range(n):
        zi = -m[i] / T
        z[i] = zi
        val += _log1pexp(zi)
        u[i] = _expit(zi)
    return Point(-T * val, 0.0)


@njit(cache=True)
def _set_edges(U, lam, u, G, st):
    """``G = U_S^T u``, its first argmax, the Frank-Wolfe gap ``max G - lambda^T G``."""
    t = lam.size
    _gemv(1, U, u.size, t, u, G)
    j = 0
    gmax = G[0]
    for i in range(t):
        if G[i] > gmax:
            gmax, j = G[i], i
    lg = 0.0
    for i in range(t):
        lg += lam[i] * G[i]
    st.jmax = j
    st.gmax = gmax
    st.measure = gmax - lg


@njit(cache=True)
def set_point(kind, T, U, lam, m, u, z, G, state):
    """``m = U_S lambda`` (exactly), ``f(m)``, ``u``, the edges and the gap (``_Master._set_point()``)."""
    _exact_point(kind, T, U, lam, m, u, z, G, state[0])


@njit(cache=True)
def point_at(kind, T, U, lam, m, u, z, G, state):
    """``f`` at the margins already in ``m`` (moved incrementally): ``_Master._set_point(m)``."""
    _moved_point(kind, T, U, lam, m, u, z, G, state[0])


@njit(cache=True)
def _exact_point(kind, T, U, lam, m, u, z, G, st):
    """:func:`set_point` on the state record ``st``."""
    _gemv(0, U, m.size, lam.size, lam, m)
    st.n_inexact = 0
    p = point(kind, T, m, u, z)
    st.val, st.zmax = p.value, p.zmax
    _set_edges(U, lam, u, G, st)


@njit(cache=True)
def _moved_point(kind, T, U, lam, m, u, z, G, st):
    """:func:`point_at` on the state record ``st``."""
    st.n_inexact += 1
    p = point(kind, T, m, u, z)
    st.val, st.zmax = p.value, p.zmax
    _set_edges(U, lam, u, G, st)


@njit(cache=True)
def _forward(L, x, t, start):
    """``x[:t] <- L[:t, :t]^{-1} x[:t]`` (lower, column-oriented); ``x[:start]`` is zero. False if singular."""
    for j in range(start, t):
        d = L[j, j]
        if d == 0.0:
            return False
        xj = x[j] / d
        x[j] = xj
        if xj != 0.0:
            for i in range(j + 1, t):
                x[i] -= xj * L[i, j]
    return True


@njit(cache=True)
def _forward_col(L, Y, a, t, start):
    """:func:`_forward` on column a of the Fortran-ordered ``Y`` in place (no 'A'-layout view to compile for)."""
    for j in range(start, t):
        d = L[j, j]
        if d == 0.0:
            return False
        xj = Y[j, a] / d
        Y[j, a] = xj
        if xj != 0.0:
            for i in range(j + 1, t):
                Y[i, a] -= xj * L[i, j]
    return True


@njit(cache=True)
def _backward(LT, x, t):
    """``x[:t] <- L^{-T} x[:t]`` from the stored upper ``LT = L^T`` (column-oriented). False if singular."""
    for j in range(t - 1, -1, -1):
        d = LT[j, j]
        if d == 0.0:
            return False
        xj = x[j] / d
        x[j] = xj
        if xj != 0.0:
            for i in range(j):
                x[i] -= xj * LT[i, j]
    return True


@njit(cache=True)
def add_column(do_border, centred, U, h, t, c_ref, csum_ref, rho, damp, L, LT, Y, YtY, state, p, wM,
               u, G, lbuf):
    """A new column ``h`` enters at weight 0 (``_Master.add``, ``t >= 1`` columns before it).

    ``do_border``: extend the Cholesky factor of the stale model by ``h`` first (``_Master._border``):
    ``p = U_S^T C (h - mu 1) + rho``, ``l = L^{-1} p``, new row ``[l, sqrt(max(dd - l.l, damp))]``,
    and one row more of the cached ``Y = L^{-1} [1, e_E]`` and its Gram matrix. Returns 1 (bordered),
    0 (border failed: the model is invalid) or -1 (not asked). Then ``lambda_t = 0``, ``G_t = h^T u``,
    the gap grows by ``max(G_t - max G, 0)``.
    """
    st = state[0]
    n = h.size
    g_new = bh = 0.0
    for i in range(n):  # G_t = h^T u and (border) b_h = c_ref^T h in one pass
        g_new += h[i] * u[i]
        bh += c_ref[i] * h[i]
    G[t] = g_new
    status = -1
    if do_border:
        status = 0
        mu = bh / csum_ref if centred and csum_ref > 0 else 0.0
        ch = wM[WM.a]
        dd = 0.0
        for i in range(n):  # ch = C (h - mu 1), dd = (h - mu 1)^T C (h - mu 1)
            hc = h[i] - mu
            ci = c_ref[i] * hc
            ch[i] = ci
            dd += ci * hc
        dd += rho + damp
        _gemv(1, U, n, t, ch, p)
        for i in range(t):
            p[i] += rho
        ok = _forward(L, p, t, 0)
        ll = 0.0
        for i in range(t):
            ll += p[i] * p[i]
        if ok and math.isfinite(ll):
            Ltt = math.sqrt(max(dd - ll, damp))
            for i in range(t):
                L[t, i] = p[i]
                LT[i, t] = p[i]
            L[t, t] = Ltt
            LT[t, t] = Ltt
            k1 = st.ky + 1
            if k1 > 0:  # Y gains the row -(l^T Y) / Ltt (+ 1/Ltt in the column of 1)
                for a in range(k1):
                    r = 0.0
                    for i in range(t):
                        r += p[i] * Y[i, a]
                    Y[t, a] = -r / Ltt
                Y[t, 0] += 1.0 / Ltt
                for a in range(k1):
                    ya = Y[t, a]
                    for b in range(k1):
                        YtY[a, b] += ya * Y[t, b]
            status = 1
    lbuf[t] = 0.0
    gmax = st.gmax
    if g_new > gmax:
        st.measure += g_new - gmax
        st.gmax = g_new
        st.jmax = t
    return status


@njit(cache=True)
def _direction(lam, G, L, LT, Y, YtY, Ecache, st, s, E, par, A):
    """Chord-Newton direction on the support face (``_Master._direction``); False if none is found.

    ``H = L L^T``, ``C = [1, e_E]``, ``Y = L^{-1} C`` (cached with its Gram matrix while E is unchanged),
    ``y = L^{-1} G``; the multipliers of ``1^T s = 0`` and ``s_E = 0`` solve ``(Y^T Y) mu = Y^T y``;
    ``s = L^{-T} (y - Y mu)``. ``A``: scratch of shape ``(cap + 2, cap + 1)`` (the Gram system and its
    right-hand side, solved in place).
    """
    t = lam.size
    jmax = st.jmax
    keep = lam[jmax] <= 0.0
    for _ in range(2):
        k = 0
        for j in range(t):
            if lam[j] <= 0.0 and not (keep and j == jmax):
                E[k] = j
                k += 1
        same = st.ky == k
        if same:
            for i in range(k):
                if Ecache[i] != E[i]:
                    same = False
                    break
        if not same:
            st.ky = -1
            for a in range(k + 1):
                if a == 0:
                    for i in range(t):
                        Y[i, 0] = 1.0
                    start = 0
                else:
                    for i in range(t):
                        Y[i, a] = 0.0
                    start = E[a - 1]
                    Y[start, a] = 1.0
                if not _forward_col(L, Y, a, t, start):
                    return False
            for a in range(k + 1):
                for b in range(a, k + 1):
                    r = 0.0
                    for i in range(t):
                        r += Y[i, a] * Y[i, b]
                    YtY[a, b] = r
                    YtY[b, a] = r
            for i in range(k):
                Ecache[i] = E[i]
            st.ky = k
        for i in range(t):
            s[i] = G[i]
        if not _forward(L, s, t, 0):
            return False
        if k:
            rhs = A[k + 1, : k + 1]
            for a in range(k + 1):
                r = 0.0
                for i in range(t):
                    r += Y[i, a] * s[i]
                rhs[a] = r
                for b in range(k + 1):
                    A[a, b] = YtY[a, b]
            if not _solve_small(A, rhs, k + 1):
                return False
            for a in range(k + 1):
                mua = rhs[a]
                for i in range(t):
                    s[i] -= Y[i, a] * mua
        else:
            r = 0.0
            for i in range(t):
                r += Y[i, 0] * s[i]
            r /= YtY[0, 0]
            for i in range(t):
                s[i] -= r * Y[i, 0]
        if not _backward(LT, s, t):
            return False
        for i in range(k):
            s[E[i]] = 0.0
        smax = 0.0
        for i in range(t):
            a_ = abs(s[i])
            if not a_ <= smax:  # NaN propagates
                smax = a_
        if not (math.isfinite(smax) and smax > 0):
            return False
        if not keep or s[jmax] >= -par.direction_zero * smax:
            if smax > par.direction_cap:
                f = par.direction_cap / smax
                for i in range(t):
                    s[i] *= f
            return True
        keep = False
        if t - k - 1 < 2:  # the face without the best column
            return False
    return False


@njit(cache=True)
def _ratio_test(lam, s):
    """Largest ``a`` with ``lambda + a s >= 0`` and the index reaching 0 (``inf, -1`` if none)."""
    best, hit = 0.0, -1
    for j in range(s.size):
        if s[j] < 0:
            r = lam[j] / s[j]
            if hit < 0 or r > best:
                best, hit = r, j
    if hit < 0:
        return np.inf, -1
    return -best, hit


@njit(cache=True)
def _phi(kind, T, z0, z0max, vt, vtmax, v, a, tiny):
    """``phi(a) = f(m + a v)`` -> ``(phi, phi', -phi'')`` (``f.line`` of exp_master / logistic_master).

    EXP: ``z0`` = the shifted exponent at m (shift ``z0max``), ``vt = -v/T - vtmax``; the sum is
    shifted by the bound ``z0max + a vtmax`` of the exponent's maximum and by the exact maximum if every
    term underflowed. LOGISTIC: ``z0 = -m/T``, ``vt = -v/T``.
    """
    n = v.size
    if kind == EXP:
        s = ev = ev2 = 0.0
        for i in range(n):
            e = math.exp(z0[i] + a * vt[i])
            vi = v[i]
            s += e
            ev += e * vi
            ev2 += e * (vi * vi)
        shift = z0max + a * vtmax
        if not s > tiny:
            ymax = -np.inf
            for i in range(n):
                y = z0[i] + a * vt[i]
                if y > ymax:
                    ymax = y
            shift += ymax
            s = ev = ev2 = 0.0
            for i in range(n):
                e = math.exp(z0[i] + a * vt[i] - ymax)
                vi = v[i]
                s += e
                ev += e * vi
                ev2 += e * (vi * vi)
        d1 = ev / s
        return -T * (shift + math.log(s)), d1, max(ev2 / s - d1 * d1, 0.0) / T
    val = d1 = d2 = 0.0
    for i in range(n):
        zi = z0[i] + a * vt[i]
        ui = _expit(zi)
        vi = v[i]
        val += _log1pexp(zi)
        d1 += ui * vi
        d2 += (ui - ui * ui) * (vi * vi)
    return -T * val, d1, d2 / T


@njit(cache=True)
def _move(lam, s, a, hit, clip):
    """``lambda <- max(lambda + a s, 0)`` (``lambda_hit = 0`` if clip), renormalised."""
    t = lam.size
    for j in range(t):
        lam[j] += a * s[j]
    if clip:
        lam[hit] = 0.0
    tot = 0.0
    for j in range(t):
        if lam[j] < 0.0:
            lam[j] = 0.0
        tot += lam[j]
    for j in range(t):
        lam[j] /= tot


@njit(cache=True)
def newton_step(kind, centred, T, U, lam, m, u, z, G, L, LT, Y, YtY, Ecache, state, s, E, wM, par, A):
    """One chord-Newton step on the support face (``_Master._newton_step``); False if no ascent step.

    The unit step is taken when it stays inside the simplex, increases f and meets
    ``|phi'(1)| <= TRIAL_ACCEPT phi'(0)``; otherwise the safeguarded Newton line search of ``_line_step``
    (at most LS_ITERS evaluations of :func:`_phi`, exit at ``|phi'| <= LS_WOLFE phi'(0)``). The margins move
    by ``a U_S s`` and are recomputed as ``U_S lambda`` every EXACT_EVERY-th step or after a clip.
    """
    st = state[0]
    t = lam.size
    st.clipped = 0
    if not _direction(lam, G, L, LT, Y, YtY, Ecache, st, s, E, par, A):
        return False
    st_ = s[:t]
    slope = 0.0
    for j in range(t):
        slope += G[j] * st_[j]
    if not slope > 0:
        return False
    lmin = np.inf
    for j in range(t):
        x = lam[j] + st_[j]
        if x < lmin:
            lmin = x
    inside = lmin > 0.0
    if inside:  # the unit step stays inside: no ratio test needed
        has_amax, amax, hit, a = False, np.inf, -1, 1.0
    else:
        amax, hit = _ratio_test(lam, st_)
        has_amax = True
        a = min(1.0, amax)
    v = wM[WM.v]
    n = v.size
    _gemv(0, U, n, t, st_, v)
    m1, u1, z1 = wM[WM.m1], wM[WM.u1], wM[WM.z1]
    for i in range(n):
        m1[i] = m[i] + a * v[i]
    p1 = point(kind, T, m1, u1, z1)
    val1 = p1.value
    g = 0.0
    for i in range(n):
        g += u1[i] * v[i]
    exact_every = par.exact_every
    if val1 >= st.val and (abs(g) <= par.trial_accept * slope or (has_amax and a == amax and g >= 0)):
        clip = hit >= 0 and has_amax and a == amax
        if clip:
            st.clipped = 1
        _move(lam, st_, a, hit, clip)
        if st.n_inexact + 1 >= exact_every:
            _exact_point(kind, T, U, lam, m, u, z, G, st)
        else:
            st.n_inexact += 1
            for i in range(n):  # loops, not slice assignment (its shape-check message costs seconds of compile)
                m[i] = m1[i]
                u[i] = u1[i]
                z[i] = z1[i]
            st.val, st.zmax = val1, p1.zmax
            _set_edges(U, lam, u, G, st)
        return True
    if not has_amax:
        amax, hit = _ratio_test(lam, st_)
    # safeguarded line search from the Newton point of phi' at the trial
    cv = csum = cvv = 0.0
    for i in range(n):
        ui = u1[i]
        ci = ui / T if kind == EXP else (ui - ui * ui) / T
        vi = v[i]
        cv += ci * vi
        csum += ci
        cvv += ci * (vi * vi)
    h = cvv - (cv * cv / csum if centred and csum > 0 else 0.0)
    if g > 0:
        lo, hi = a, amax
    else:
        lo, hi = 0.0, a
    a_new = a + g / h if h > 0 else np.nan
    if not (lo < a_new < hi):
        a_new = 0.5 * (lo + hi) if math.isfinite(hi) else 2.0 * a
    return _line_step(kind, centred, T, U, lam, m, u, z, G, st, v, slope, a_new, amax, st_, hit, lo, hi,
                      wM, par)


@njit(cache=True)
def _line_step(kind, centred, T, U, lam, m, u, z, G, st, v, g0, a, amax, s, hit, lo, hi, wM, par):
    """Exact line search of ``phi(a) = f(m + a v)`` on ``[0, amax]`` from trial a (``_Master._line_step``)."""
    n = v.size
    vt = wM[WM.a]
    z0 = wM[WM.b]
    ninv = -1.0 / T
    vtmax = 0.0
    if kind == EXP:
        vtmax = _scale_max(v, ninv, vt)
        for i in range(n):
            vt[i] -= vtmax
        z0 = z
        z0max = st.zmax
    else:
        for i in range(n):
            vt[i] = v[i] * ninv
            z0[i] = m[i] * ninv
        z0max = 0.0
    tiny, wolfe = par.lse_tiny, par.ls_wolfe
    val0 = st.val
    found = False
    best = 0.0
    for _ in range(par.ls_iters):
        val, g, h = _phi(kind, T, z0, z0max, vt, vtmax, v, a, tiny)
        if val >= val0 and (abs(g) <= wolfe * g0 or (a == amax and g >= 0)):
            best, found = a, True
            break
        if g > 0:
            lo = a
            if val >= val0:
                best, found = a, True
        else:
            hi = a
        a_new = a + g / h if h > 0 else np.nan
        if not (lo < a_new < hi):
            a_new = 0.5 * (lo + hi) if math.isfinite(hi) else 2.0 * max(a, lo)
        a = a_new
    if not found:
        return False
    a = best
    exact = st.n_inexact + 1 >= par.exact_every
    clip = hit >= 0 and a == amax
    if clip:
        st.clipped = 1
        exact = True
    _move(lam, s, a, hit, clip)
    if exact:
        _exact_point(kind, T, U, lam, m, u, z, G, st)
    else:
        for i in range(n):
            m[i] += a * v[i]
        _moved_point(kind, T, U, lam, m, u, z, G, st)
    return True
