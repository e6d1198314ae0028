"""Restricted master of AdaBoost-CG / LogitBoost-CG: objectives (6) / (32) as concave functions of the
margins, the warm-started chord-Newton master :class:`_Master` (numpy, the reference) and :class:`_JitMaster`
(its hot path in the compiled kernels of :mod:`refboost._jit.shen`)."""

from __future__ import annotations

import math

import numpy as np
from scipy.linalg.lapack import dgesv, dpotrf, dtrtrs
from scipy.special import expit

from ..._jit.constants import EXACT_EVERY, LS_ITERS, LS_WOLFE, SHEN_EXP, SHEN_LOGISTIC, SHEN_TUNING, TRIAL_ACCEPT
from ..._jit.constants import LSE_TINY as _LSE_TINY
from .. import _newton
from ._common import MASTER_MAX_ITER

# ---------------------------------------------------------------------------------------------
# Restricted-master objectives in the normalised form (6), as concave functions of the margins
# m = U lambda for refboost.boosters._newton.maximize: f(m) -> (value, grad_m f, curvature c, aux)
# with Hess_m f = -(diag c - c c^T / sum c) (centred) or -diag c (separable).
# ---------------------------------------------------------------------------------------------


def exp_master(T: float):
    """``f(m) = -T lse(-m / T)`` (minus T times (5) at ``m = U lambda``); returns ``(f, centred)``.

    ``grad_m f = u = softmax(-m / T)`` (Shen & Li (2010), eq. (24)), so the gradient in lambda is
    the edge vector ``U^T u``; ``Hess_m f = -(1/T)(diag u - u u^T)``: curvature ``c = u / T``
    (centred, ``sum c = 1/T``).
    """

    def point(m):
        """``f(m)`` without the curvature: ``(value, u, aux)``; ``curv(u)`` gives ``c = u / T``."""
        # log-sum-exp by hand (shifted by the max): scipy's logsumexp costs ~10x more on these sizes
        z = m * (-1.0 / T)
        zmax = float(z.max())
        z -= zmax
        u = np.exp(z)
        s = float(u.sum())
        u /= s
        return -T * (zmax + math.log(s)), u, (z, zmax)  # aux: the shifted exponent, for line()

    def curv(u):
        return u / T

    def f(m):
        value, u, aux = point(m)
        return value, u, curv(u), aux

    B = [np.empty((3, 0))]  # [1; v; v^2], reused by every line search of this objective

    def line(m, v, aux=None):
        """``phi(a) = f(m + a v)`` -> ``(phi, phi', -phi'')`` (a >= 0) by one exp and one 3 x N product.

        ``phi' = u_a . v``, ``-phi'' = Var_{u_a}(v) / T`` with ``u_a = softmax(-(m + a v)/T)``;
        ``u_a`` itself is never formed. The exponent is shifted by the upper bound
        ``max(-m/T) + a max(-v/T)`` of its maximum (no reduction per evaluation; exp <= 1), and by the
        exact maximum if that bound is so loose that every term underflows. ``aux`` = ``f(m)[3]``.
        """
        if aux is None:
            z0 = m * (-1.0 / T)
            z0max = float(z0.max())
            z0 -= z0max
        else:
            z0, z0max = aux
        vt = v * (-1.0 / T)
        vtmax = float(vt.max())
        vt -= vtmax
        if B[0].shape[1] != v.size:
            B[0] = np.ones((3, v.size))
        Bv = B[0]
        Bv[1] = v
        np.multiply(v, v, out=Bv[2])

        def phi(a):
            y = z0 + a * vt
            shift = z0max + a * vtmax
            np.exp(y, out=y)
            s, ev, ev2 = Bv @ y
            if not s > _LSE_TINY:  # loose bound: shift by the exact maximum instead
                y = z0 + a * vt
                ymax = float(y.max())
                shift += ymax
                np.exp(y - ymax, out=y)
                s, ev, ev2 = Bv @ y
            d1 = ev / s
            return -T * (shift + math.log(s)), d1, max(ev2 / s - d1 * d1, 0.0) / T

        return phi

    f.line, f.point, f.curv = line, point, curv
    f.kind, f.T = SHEN_EXP, T  # the compiled master (refboost._jit.shen) evaluates the same f
    return f, True


def logistic_master(T: float):
    """``f(m) = -T sum_i log(1 + exp(-m_i / T))`` (minus T times (32)); returns ``(f, centred)``.

    ``grad_m f = u = sigmoid(-m / T)`` (Shen & Li (2010), eq. (33), not normalised),
    ``Hess_m f = -(1/T) diag(u (1 - u))``: separable curvature ``c = u (1 - u) / T``.
    """

    def point(m):
        """``f(m)`` without the curvature: ``(value, u, None)``; ``curv(u)`` gives ``c = u (1 - u) / T``."""
        z = -m / T
        return -T * float(np.sum(np.logaddexp(0.0, z))), expit(z), None

    def curv(u):
        return u * (1.0 - u) / T

    def f(m):
        value, u, aux = point(m)
        return value, u, curv(u), aux

    def line(m, v, aux=None):
        """``phi(a) = f(m + a v)``: ``phi' = u_a . v``, ``-phi'' = sum u_a (1 - u_a) v^2 / T``."""
        z0 = m * (-1.0 / T)
        vt = v * (-1.0 / T)
        v2 = v * v

        def phi(a):
            z = z0 + a * vt
            u = expit(z)
            return -T * float(np.logaddexp(0.0, z).sum()), float(u @ v), float((u - u * u) @ v2) / T

        return phi

    f.line, f.point, f.curv = line, point, curv
    f.kind, f.T = SHEN_LOGISTIC, T
    return f, False


# ---------------------------------------------------------------------------------------------
# Restricted master of the column generation: warm-started active-set Newton in margin space
# ---------------------------------------------------------------------------------------------

#: Inexact masters (inexact column generation). After pricing column t the restricted master is
#: solved to the Frank-Wolfe gap ``tau_t = max(MASTER_TOL, INNER_GAP_FRACTION * g_t)`` (T-scaled units,
#: like eps), where ``g_t = max_h edge_h(u) - u^T varrho`` is the full-class certificate just computed
#: (= the restricted gap right after the new column enters). Validity: by convexity ``g(lambda) / T``
#: bounds ``Opt(5)_restricted-at-lambda - Opt(5)_full`` for *every* feasible lambda, exact or not, so
#: the stopping rule ``g <= eps`` certifies the returned w whatever tau was; and since the restricted
#: gap is <= the full one, at the stop the restricted master is within eps/T of its own optimum too.
#: If the oracle returns an already selected column (possible only while tau > eps), the master is
#: re-solved to INNER_GAP_FRACTION of its gap instead of stopping. One chord-Newton step per column
#: usually meets tau (0.5: on the bench_shen.py sets 1.0-1.2 steps per master against 1.1-1.6 at 0.3,
#: and the same number of columns to AdaBoost's loss within +-3).
INNER_GAP_FRACTION = 0.5
#: Newton iterations of the fast master before handing over to the general solver (_newton.maximize).
FAST_MAX_ITER = 30
#: Start each master with the exact line search towards the new column (the AdaBoost-like step).
#: Off: the chord-Newton step on the face (which contains the new column) does its work, and the extra
#: line search and point update cost more than the few extra Newton steps they save.
FW_FIRST_STEP = False
#: The curvature model (and its Cholesky factor) is recomputed at the current point when it is older
#: than this many columns, or when a chord step that was not cut short by the ratio test reduced the
#: Frank-Wolfe gap by less than CHORD_RATE (bench_shen.py sets: 5-15 refreshes per run, 30-50% fewer
#: than when clipped steps also count, the same number of Newton steps).
#: In between, each new column borders the factor in O(N t + t^2). (Never refreshing makes the chord
#: steps weak: 3-17 Newton steps per master on the bench_shen.py sets instead of 1.0-1.2.)
MODEL_MAX_AGE = 50
CHORD_RATE = 0.5
#: (EXACT_EVERY, TRIAL_ACCEPT, LS_ITERS and LS_WOLFE of the chord-Newton step and its line search are
#: defined in :mod:`refboost._jit.constants`, shared with the compiled master.)


def _generic_line(f, centred):
    """Line evaluation ``a -> (phi, phi', -phi'')`` of ``phi(a) = f(m + a v)`` from the full ``f``."""

    def line(m, v, aux=None):
        def phi(a):
            val, u, c, _ = f(m + a * v)
            cv = c @ v
            csum = c.sum()
            return val, float(u @ v), float(c @ (v * v) - (cv * cv / csum if centred and csum > 0 else 0.0))

        return phi

    return line


class _Master:
    """Restricted master ``max_{lambda in simplex} f(U_S lambda)`` with the columns in a growing buffer.

    Keeps ``lambda``, the margins ``m = U_S lambda`` (recomputed exactly after every step), ``u`` and the
    restricted edges ``G = U_S^T u`` between column-generation rounds. A new column enters at 0; the
    first step is the exact line search towards it (the Frank-Wolfe / AdaBoost step ``m + a (h - m)``,
    O(N)); then chord-Newton steps on the support face.

    Curvature model: ``H = U^T diag(c_ref) U - b b^T / sum(c_ref) + rho 1 1^T + damping`` with
    ``b = U^T c_ref`` at an earlier point (``rho 1 1^T`` changes nothing on ``{1^T s = 0}`` and makes
    ``H`` definite along columns whose centred version vanishes, e.g. the constant stump), kept as its
    Cholesky factor. A new column borders the factor (one O(N t) product and one triangular solve);
    the O(N t^2 + t^3) refresh runs only when the model is ``MODEL_MAX_AGE`` columns old or a chord step
    was weak (``CHORD_RATE``). The face direction solves ``H s = G - mu 1 - E nu`` with ``1^T s = 0`` and
    ``s_E = 0`` (E: columns at zero weight other than the best one) from the factor and a
    ``(1 + |E|)``-square Schur complement. Any definite model gives an ascent direction, the exact line
    search makes each step monotone, and the certificate (the Frank-Wolfe gap at exactly ``U_S lambda``)
    does not depend on the model. Falls back to the shared :func:`refboost.boosters._newton.maximize`
    (warm started) after ``FAST_MAX_ITER`` steps or when no ascent step is found.
    """

    def __init__(self, f, centred: bool, M: int, capacity: int = 64):
        self.f, self.centred = f, centred
        self.line = getattr(f, "line", None) or _generic_line(f, centred)
        # f.point(m) -> (value, u, aux) without the curvature; f.curv(u) -> c (computed only when needed)
        self._point = getattr(f, "point", None)
        self._curv = getattr(f, "curv", None)
        if self._point is None or self._curv is None:
            self._point = self._curv = None
        self.buf = np.empty((M, capacity), order="F")
        self.t = 0
        self.lam = np.zeros(0)
        self.m = np.zeros(M)
        self.val = self.u = self._c = self.aux = None
        self.G = np.zeros(0)
        self.Gmax = -np.inf
        self.jmax = 0  # first index of the largest restricted edge (np.argmax(G))
        self.n_iter = 0
        self.measure = np.inf
        self.n_refresh = 0
        self.n_inexact = 0
        self.clipped = False  # the last Newton step ended at the ratio test (a weight became 0)
        # curvature model (class docstring): its Cholesky factor in the leading n_model x n_model block of
        # a capacity-sized buffer that is the identity elsewhere, so LAPACK works on the whole buffer
        # (zero right-hand sides beyond n_model stay zero) and bordering writes one row in place.
        self._buffers(capacity)
        self.Lbuf = np.eye(capacity, order="F")
        self.LTbuf = np.eye(capacity, order="F")  # its transpose (upper), for the backward solve
        self.Wbuf = None  # scratch for the refresh (N x capacity)
        self.valid = False
        self.n_model = 0
        self.model_at = 0
        self.Y = self.Y_E = self.YtY = None  # cached L^{-1} [1, e_E], E (as bytes), Y^T Y

    def _buffers(self, cap: int) -> None:
        self.pbuf = np.zeros(cap)  # border right-hand side (entries beyond t stay 0)
        self.gbuf = np.zeros(cap)  # [G, 0]: the restricted edges (self.G is a view), padded to the factor's size

    @property
    def U(self) -> np.ndarray:
        return self.buf[:, : self.t]

    @property
    def c(self) -> np.ndarray:
        """Curvature vector at the current point (computed on first use)."""
        if self._c is None:
            self._c = self._curv(self.u)
        return self._c

    def _eval(self, m):
        """``(value, u, c or None, aux)`` at margins m; c is left to :attr:`c` when f has a fast path."""
        if self._point is not None:
            val, u, aux = self._point(m)
            return val, u, None, aux
        return self.f(m)

    def _set_point(self, m=None) -> None:
        """Value, u, curvature, restricted edges and gap at ``m`` (default: exactly ``U_S lambda``)."""
        U = self.U
        if m is None:
            m = U @ self.lam
            self.n_inexact = 0
        else:
            self.n_inexact += 1
        self.m = m
        self.val, self.u, self._c, self.aux = self._eval(m)
        self._set_edges()

    def _set_edges(self) -> None:
        self.G = G = self.gbuf[: self.t]  # the edges live in the padded buffer the direction solves with
        np.matmul(self.U.T, self.u, out=G)
        self.jmax = j = int(G.argmax())
        self.Gmax = Gmax = float(G[j])
        self.measure = Gmax - float(self.lam @ G)

    def _grow(self) -> None:
        t, cap = self.t, self.buf.shape[1]
        new = np.empty((self.buf.shape[0], 2 * cap), order="F")
        new[:, :t] = self.buf[:, :t]
        self.buf = new
        L = np.eye(2 * cap, order="F")
        L[:cap, :cap] = self.Lbuf
        self.Lbuf = L
        p, g = self.pbuf, self.gbuf
        self._buffers(2 * cap)
        self.pbuf[:cap] = p
        self.gbuf[:cap] = g
        self.G = self.gbuf[:t]
        self.LTbuf = np.asfortranarray(L.T)
        self.Y = None

    def add(self, h: np.ndarray) -> None:
        t = self.t
        if t == self.buf.shape[1]:
            self._grow()
        self.buf[:, t] = h
        if self.valid and self.n_model == t:
            self._border(h)
        self.t += 1
        lam = np.empty(t + 1)
        lam[:t] = self.lam
        lam[t] = 1.0 if t == 0 else 0.0
        self.lam = lam
        if t == 0:
            self._set_point()
            return
        self.gbuf[t] = g_new = float(h @ self.u)
        self.G = self.gbuf[: t + 1]
        self.measure += max(g_new - self.Gmax, 0.0)  # lam_t = 0: lam . G unchanged
        if g_new > self.Gmax:
            self.Gmax, self.jmax = g_new, t
        if FW_FIRST_STEP:
            v = h - self.m
            phi = self.line(self.m, v, self.aux)
            _, g0, h0 = phi(0.0)
            if g0 > 0:
                self._line_step(phi, v, g0, min(1.0, g0 / h0) if h0 > 0 else 1.0, 1.0, None, None)

    def _border(self, h: np.ndarray) -> None:
        """Extend the Cholesky factor of the (stale) model by column h: O(N t + t^2), in place."""
        t, c, L = self.t, self.c_ref, self.Lbuf
        bh = float(c @ h)
        # centred: U^T C (h - mu 1) = U^T C h - b mu and (h - mu 1)^T C (h - mu 1) = h^T C h - b_h mu, mu = b_h / sum c
        hc = h - bh / self.csum_ref if self.centred and self.csum_ref > 0 else h
        ch = c * hc
        p = self.pbuf
        pt = p[:t]
        np.matmul(self.U.T, ch, out=pt)
        pt += self.rho
        dd = float(ch @ hc) + self.rho + self.damp
        l, info = dtrtrs(L, p, lower=1)
        ll = float(l @ l)
        if info != 0 or not math.isfinite(ll):
            self.valid = False
            return
        lt = l[:t]
        L[t, :t] = lt
        L[t, t] = Ltt = math.sqrt(max(dd - ll, self.damp))
        LT = self.LTbuf
        LT[:t, t] = lt
        LT[t, t] = Ltt
        if self.Y is not None:  # L^{-1} [1, e_E] gains one row (E holds earlier columns only)
            Y = self.Y
            row = -(lt @ Y[:t]) / Ltt
            row[0] += 1.0 / Ltt
            Y[t] = row
            self.YtY += row[:, None] * row  # = np.outer(row, row)
        self.n_model = t + 1

    def _refresh_model(self) -> bool:
        """Curvature model at the current point and its Cholesky factor (O(N t^2 + t^3))."""
        t, c, U = self.t, self.c, self.U
        self.n_refresh += 1
        Wb = self.Wbuf  # C^{1/2} U in a kept buffer: a fresh N x t array costs page faults at every refresh
        if Wb is None or Wb.shape[1] < t:
            Wb = self.Wbuf = np.empty_like(self.buf, order="F")
        W = Wb[:, :t]
        np.multiply(U, np.sqrt(c)[:, None], out=W)
        H = W.T @ W
        b = U.T @ c
        csum = float(c.sum())
        if self.centred and csum > 0:
            H -= np.outer(b, b) / csum
        top = max(float(np.diag(H).max()), 0.0)
        if top <= 0:
            top = 1.0
        H += top  # rho 1 1^T with rho = top: no effect on {1^T s = 0}
        damp = _newton.HESSIAN_DAMPING * 2 * top
        for _ in range(4):
            H[np.diag_indices(t)] += damp
            L, info = dpotrf(H, lower=1, clean=1)
            if info == 0:
                break
            damp *= 1e3
        else:
            self.valid = False
            return False
        # in place: outside the leading t x t block both buffers are still the identity (bordering only
        # writes rows/columns < n_model <= t)
        self.Lbuf[:t, :t] = L
        self.LTbuf[:t, :t] = L.T
        self.c_ref, self.csum_ref = c, csum
        self.rho, self.damp = top, damp
        self.n_model = self.model_at = t
        self.valid = True
        self.Y = None
        return True

    def _direction(self):
        """Chord-Newton direction on the support face from the factor (None if none is found).

        Face: ``lambda > 0`` plus the best column (``jmax``, kept by :meth:`_set_edges`); ``E`` = the
        other zero-weight columns. With ``H = L L^T`` and ``C = [1, e_E]``: ``Y = L^{-1} C`` (cached; one
        row more per bordered column), ``y = L^{-1} G``, the multipliers of ``1^T s = 0`` and ``s_E = 0``
        solve ``(Y^T Y) mu = Y^T y`` and ``s = L^{-T} (y - Y mu)``: two single right-hand-side triangular
        solves per direction. If the best column has zero weight and its component comes out negative,
        it leaves the face and the system is solved once more.
        """
        lam, t, L = self.lam, self.t, self.Lbuf
        jmax = self.jmax
        keep = lam[jmax] <= 0.0  # the best column is on the face although at zero weight
        for _ in range(2):
            if keep:
                lam[jmax] = 1.0
                E = np.flatnonzero(lam <= 0.0)
                lam[jmax] = 0.0
            else:
                E = np.flatnonzero(lam <= 0.0)
            k = E.size
            key = E.tobytes()
            if self.Y is None or key != self.Y_E:
                C = np.zeros((L.shape[0], 1 + k), order="F")
                C[:t, 0] = 1.0
                if k:
                    C[E, np.arange(1, 1 + k)] = 1.0
                Y, info = dtrtrs(L, C, lower=1)
                if info != 0:
                    return None
                self.Y, self.Y_E, self.YtY = Y, key, Y.T @ Y
            Y = self.Y
            y, info = dtrtrs(L, self.gbuf, lower=1)  # gbuf = [G, 0]
            if info != 0:
                return None
            if k:
                _, _, mu, info = dgesv(self.YtY, Y.T @ y, overwrite_b=True)
                if info != 0:
                    return None
                y -= Y @ mu
            else:
                y0 = Y[:, 0]
                y -= (float(y0 @ y) / self.YtY[0, 0]) * y0
            s, info = dtrtrs(self.LTbuf, y, lower=0, overwrite_b=True)  # L^T stored: faster than trans=1
            if info != 0:
                return None
            s = s[:t]
            if k:
                s[E] = 0.0
            smax = float(np.abs(s).max())
            if not (math.isfinite(smax) and smax > 0):
                return None
            if not keep or s[jmax] >= -_newton.DIRECTION_ZERO * smax:
                if smax > _newton.DIRECTION_CAP:
                    s *= _newton.DIRECTION_CAP / smax
                return s
            keep = False
            if t - k - 1 < 2:  # the face without the best column
                return None
        return None

    def _line_step(self, phi, v, g0, a, amax, s, hit, lo=0.0, hi=None) -> bool:
        """Exact line search of phi on [0, amax] from trial a; lambda moves by a s (FW step if s is None).

        The margins move by ``a v`` (``v = U_S s``); every ``EXACT_EVERY``-th step, and whenever a weight
        was clipped, they are recomputed as ``U_S lambda`` (the increments drift by round-off only).
        """
        hi = amax if hi is None else hi
        best = None
        val0 = self.val
        for _ in range(LS_ITERS):
            val, g, h = phi(a)
            if val >= val0 and (abs(g) <= LS_WOLFE * g0 or (a == amax and g >= 0)):
                best = a
                break
            if g > 0:
                lo = a
                if val >= val0:
                    best = a
            else:
                hi = a
            a_new = a + g / h if h > 0 else np.nan
            if not (lo < a_new < hi):
                a_new = 0.5 * (lo + hi) if np.isfinite(hi) else 2.0 * max(a, lo)
            a = a_new
        if best is None:
            return False
        a = best
        exact = self.n_inexact + 1 >= EXACT_EVERY
        if s is None:
            self.lam *= 1.0 - a
            self.lam[-1] += a
        else:
            self.lam += a * s
            if hit is not None and a == amax:
                self.lam[hit] = 0.0
                self.clipped = True
                exact = True
            np.maximum(self.lam, 0.0, out=self.lam)
            self.lam /= self.lam.sum()
        self._set_point(None if exact else self.m + a * v)
        return True

    def _ratio_test(self, s):
        """Largest step ``a`` with ``lambda + a s >= 0`` and the index that reaches 0 (inf, None if none)."""
        neg = np.flatnonzero(s < 0)
        if neg.size:
            r = self.lam[neg] / s[neg]  # = -lambda_j / |s_j| (division is sign-symmetric, so -r is exact)
            i = int(r.argmax())  # first index of the smallest ratio, as argmin of lambda_j / (-s_j)
            return -float(r[i]), int(neg[i])
        return np.inf, None

    def _newton_step(self) -> bool:
        self.clipped = False
        s = self._direction()
        if s is None:
            return False
        slope = float(self.G @ s)
        if not slope > 0:
            return False
        lam1 = self.lam + s
        if float(lam1.min()) > 0.0:  # the unit step stays inside: amax > 1, no ratio test needed
            amax, hit, a = None, None, 1.0
        else:
            lam1 = None
            amax, hit = self._ratio_test(s)
            a = min(1.0, amax)
        v = self.U @ s
        # the chord-Newton point itself, evaluated with the full f (its u is the next point's if accepted)
        m1 = self.m + v if a == 1.0 else self.m + a * v
        val, u, c, aux = self._eval(m1)
        g = float(u @ v)
        if val >= self.val and (abs(g) <= TRIAL_ACCEPT * slope or (a == amax and g >= 0)):
            if lam1 is not None:  # = lambda + 1 s > 0
                lam1 /= lam1.sum()
                self.lam = lam1
            else:
                self.lam += a * s
                if hit is not None and a == amax:
                    self.lam[hit] = 0.0
                    self.clipped = True
                np.maximum(self.lam, 0.0, out=self.lam)
                self.lam /= self.lam.sum()
            if self.n_inexact + 1 >= EXACT_EVERY:
                self._set_point()
            else:
                self.n_inexact += 1
                self.m, self.val, self.u, self._c, self.aux = m1, val, u, c, aux
                self._set_edges()
            return True
        if amax is None:
            amax, hit = self._ratio_test(s)
        # otherwise: safeguarded line search from the Newton point of phi' at the trial
        if c is None:
            c = self._curv(u)
        cv = c @ v
        csum = c.sum()
        h = float(c @ (v * v) - (cv * cv / csum if self.centred and csum > 0 else 0.0))
        lo, hi = (a, amax) if g > 0 else (0.0, a)
        a_new = a + g / h if h > 0 else np.nan
        if not (lo < a_new < hi):
            a_new = 0.5 * (lo + hi) if np.isfinite(hi) else 2.0 * a
        return self._line_step(self.line(self.m, v, self.aux), v, slope, a_new, amax, s, hit, lo, hi)

    def solve(self, tol: float) -> str:
        """Chord-Newton steps until the restricted Frank-Wolfe gap is <= tol; returns the status."""
        self.n_iter = 0
        refresh = self.t - self.model_at > MODEL_MAX_AGE
        while True:
            if self.measure <= tol:
                return "converged"
            if self.n_iter >= FAST_MAX_ITER:
                break
            self.n_iter += 1
            fresh = refresh or not self.valid or self.n_model != self.t
            if fresh and not self._refresh_model():
                break
            before = self.measure
            if not self._newton_step():
                if fresh or not self._refresh_model() or not self._newton_step():
                    break
                fresh = True
            # weak chord step: stale model, unless the ratio test cut the step short (a column left the face)
            refresh = self.measure > CHORD_RATE * before and not fresh and not self.clipped
        # general solver (ratio tests, Frank-Wolfe fallback, stall detection), warm started
        r = _newton.maximize(self.f, self.U, self.lam, tol=tol, max_iter=MASTER_MAX_ITER, centred=self.centred)
        if r.value >= self.val or r.measure < self.measure:
            self.lam = r.x
            self._set_point()
        self.n_iter += r.n_iter
        return r.status

    def refresh(self) -> None:
        """Recompute ``m = U_S lambda`` and ``f(m)`` from scratch (after ``lam`` was set from outside)."""
        self._set_point()


def _jit_property(field: str, cast=float):
    """A field of the compiled master's state record (:data:`refboost._jit.shen.MASTER_STATE`)."""

    def get(self):
        return cast(self._state[field][0])

    def set_(self, value):
        self._state[field][0] = np.nan if value is None else value

    return property(get, set_)


class _JitMaster(_Master):
    """:class:`_Master` with its hot path compiled (:mod:`refboost._jit.shen`); same algorithm.

    ``add`` (the border of the factor and the Frank-Wolfe bookkeeping) and ``_newton_step`` (direction,
    ratio test, chord point, line search, margin and edge update) are one compiled call each; ``m``,
    ``u``, ``lambda`` and ``G`` live in buffers the kernels update in place, the scalar state in one
    record (:data:`refboost._jit.shen.MASTER_STATE`, read by the properties below). The curvature-model
    refresh (O(N t^2 + t^3), BLAS/LAPACK-bound), the ``solve`` loop and the fallback to
    :func:`refboost.boosters._newton.maximize` are the reference code.
    """

    val = _jit_property("val")
    measure = _jit_property("measure")
    Gmax = _jit_property("gmax")
    jmax = _jit_property("jmax", int)
    n_inexact = _jit_property("n_inexact", int)
    clipped = _jit_property("clipped", bool)

    def __init__(self, f, centred: bool, M: int, capacity: int = 64):
        from ..._jit import shen as _jit_shen  # numba loads here (the [fast] extra; USE_JIT's default)

        self._J = _jit_shen
        self.kind = f.kind
        self._state = self._J.new_state()
        self._lbuf = np.zeros(capacity)
        super().__init__(f, centred, M, capacity)
        self._state["ky"] = -1
        self.m, self.u, self._z = np.zeros(M), np.zeros(M), np.zeros(M)
        self._wM = np.empty((self._J.N_WM, M))
        self._par = SHEN_TUNING

    def _buffers(self, cap: int) -> None:
        super()._buffers(cap)
        self.Ybuf = np.zeros((cap, cap + 1), order="F")  # Y = L^{-1} [1, e_E] in its leading t x (1 + |E|)
        self.YtYbuf = np.zeros((cap + 1, cap + 1))
        self.Ecache = np.zeros(cap, dtype=np.int64)
        self.Ework = np.zeros(cap, dtype=np.int64)
        self.sbuf = np.zeros(cap)
        self.Abuf = np.zeros((cap + 2, cap + 1))  # the (1 + |E|)-square Gram system of the direction, solved in place
        if hasattr(self, "_state"):
            self._state["ky"] = -1

    lam = property(lambda self: self._lbuf[: self.t])

    @lam.setter
    def lam(self, value) -> None:
        value = np.asarray(value, dtype=float)
        self._lbuf[: value.size] = value

    G = property(lambda self: self.gbuf[: self.t])

    @G.setter
    def G(self, value) -> None:  # the edges live in gbuf (the base class rebinds its view)
        pass

    @property
    def c(self) -> np.ndarray:
        return self._curv(self.u)

    def _grow(self) -> None:
        lb = self._lbuf
        self._lbuf = np.zeros(2 * lb.size)
        self._lbuf[: lb.size] = lb
        super()._grow()  # calls _buffers: new Y buffers, cached Y invalid

    def _refresh_model(self) -> bool:
        ok = super()._refresh_model()
        self._state["ky"] = -1
        return ok

    def _set_point(self, m=None) -> None:
        if m is None:
            self._J.set_point(self.kind, self.f.T, self.buf, self.lam, self.m, self.u, self._z, self.gbuf,
                                self._state)
        else:  # not reached from the kernels' own steps (only from reference methods)
            self.m[:] = m
            self._J.point_at(self.kind, self.f.T, self.buf, self.lam, self.m, self.u, self._z, self.gbuf,
                               self._state)

    def add(self, h: np.ndarray) -> None:
        t = self.t
        if t == self.buf.shape[1]:
            self._grow()
        self.buf[:, t] = h
        self.t += 1
        if t == 0:
            self._lbuf[0] = 1.0
            self._set_point()
            return
        border = self.valid and self.n_model == t
        if border:
            c_ref, csum, rho, damp = self.c_ref, self.csum_ref, self.rho, self.damp
        else:
            c_ref, csum, rho, damp = self.m, 0.0, 0.0, 0.0
        status = self._J.add_column(border, self.centred, self.buf, self.buf[:, t], t, c_ref, csum, rho, damp,
                                      self.Lbuf, self.LTbuf, self.Ybuf, self.YtYbuf, self._state, self.pbuf, self._wM,
                                      self.u, self.gbuf, self._lbuf)
        if status == 1:
            self.n_model = t + 1
        elif status == 0:
            self.valid = False

    def _newton_step(self) -> bool:
        return self._J.newton_step(self.kind, self.centred, self.f.T, self.buf, self.lam, self.m, self.u, self._z,
                                     self.gbuf, self.Lbuf, self.LTbuf, self.Ybuf, self.YtYbuf, self.Ecache, self._state,
                                     self.sbuf, self.Ework, self._wM, self._par, self.Abuf)
