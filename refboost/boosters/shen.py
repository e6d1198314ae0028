"""Shen & Li (2010), "On the dual formulation of boosting algorithms" (IEEE TPAMI 32(12)).

Boosters
--------
* :func:`adaboost_cg`   — Algorithm 2 (AdaBoost-CG): column generation on AdaBoost_l1 (5).
* :func:`logitboost_cg` — Algorithm 2 with (31) in place of (15): l1-constrained logistic loss (32).
* :func:`adaboost_qp`   — AdaBoost-QP (41) over a fixed pool (totally corrective).
* :func:`lpboost_hinge` — soft-margin LPBoost with the generalised hinge loss (21)/(22) for
  p = 1 (reuses :func:`refboost.lpboost`) and the Tsallis-entropy dual (28) for p > 1.

Notation (Shen & Li 2010): ``U[i, j] = y_i H_ij`` (the matrix ``V = diag(y) H``), the
weights ``w >= 0`` with ``1^T w = 1/T`` and the normalised weights ``lambda = T w`` on the simplex;
normalised margins ``varrho = U lambda`` (34); edges ``U^T u``.

Numerics: the duals (10)/(15) are solved *nowhere* here. At the optimum
``u_i ∝ exp(-varrho_i / T)``, so ``u_max / u_min`` reaches ``e^{2/T}`` (``e^{1000}`` at T = 1/500).
Every restricted master is solved in the **primal** in the normalised form (6),
``min_{lambda in simplex} F(lambda) = T lse(-U lambda / T)``, each master written as a concave
function of the margins ``m = U lambda`` with a curvature vector, and ``u`` is recovered by a stable
softmax (24). The column-generation masters (AdaBoost-CG, LogitBoost-CG) use :class:`_Master`: the
columns in a growing buffer, the margins and edges kept between rounds, warm-started chord-Newton steps
on the support face from a Cholesky factor of an earlier curvature model that each new column borders in
O(N t + t^2) (refreshed only when a step is weak), each master solved only to a fraction (0.5) of the
current certificate (:data:`INNER_GAP_FRACTION`; usually one step), with the shared
:func:`refboost.boosters._newton.maximize` as fallback; AdaBoost-QP and the hinge LPBoost use the shared
solver directly. The hot path of that master (border, face direction, chord point, line search, margin and
edge update: ~56 numpy/LAPACK calls per column) runs as two compiled numba calls per column in
:class:`_JitMaster` (kernels in :mod:`refboost._jit.shen`); :data:`USE_JIT` = False runs the numpy
:class:`_Master`, which stays the readable reference (same iterates to round-off: ``tests/test_shen_jit.py``,
``benchmarks/check_shen_iterates.py jit``). ``benchmarks/results/bench_shen.txt``: one compiled master costs
0.22-0.72 stump-oracle calls in CPU time on the nine benchmark sets, the numpy master 0.41-1.73 in the same run.
The minimiser ``lambda`` *is* the multiplier vector of the edge constraints of (15), so
``w = lambda / T`` is the paper's "w from the dual multipliers" (Theorem 3.1).

Certificates. With ``g = grad F = -U^T u`` the Frank-Wolfe gap ``max_j edge_j - lambda^T edges``
equals the duality gap between the T-scaled primal and (15) at ``(lambda, u(lambda))``
(proof: ``T sum u log u = -u^T varrho - F``). With an exact pricing oracle, the same expression with
the maximum over the *whole* class bounds ``T (lse(-U w) - Opt(5))`` over the class. That is the
``gap`` of every CG result, in the units of eps (T-scaled; ``extra["gap_unscaled"] = gap / T`` bounds the
excess of (5) itself). Every booster recomputes its statement from the returned weights with
:mod:`refboost.certify.shen` (``extra["certificate"]``) and reports ``converged=True`` only when the
stopping rule fired *and* that certificate confirms it.
"""

from __future__ import annotations

import math
import time
from collections.abc import Sequence

import numpy as np
from scipy.linalg.lapack import dgesv, dpotrf, dtrtrs
from scipy.optimize import brentq
from scipy.special import expit, log_softmax

from .._jit import shen as _jit_shen
from .._jit.constants import EXACT_EVERY, LS_ITERS, LS_WOLFE, SHEN_TUNING, TRIAL_ACCEPT
from .._jit.constants import LSE_TINY as _LSE_TINY
from .._params import Int, Real, constraints
from .._validation import check_real
from ..certify import shen as _cert
from ..result import BoostResult
from . import _newton
from ._common import query, query_columns
from .lpboost import lpboost

#: Tightest tolerance of a restricted master (Frank-Wolfe/duality gap of the T-scaled problem).
MASTER_TOL = 1e-12
#: Newton iterations per restricted master solve.
MASTER_MAX_ITER = 500
#: Weights below this are reported as inactive in histories (n_active).
ACTIVE_TOL = 1e-10


class ShenLiError(RuntimeError):
    """A restricted master problem did not converge (should not happen on valid input)."""


def check_T(T, name: str = "T") -> float:
    """Regularisation/temperature T > 0 (constraint ``1^T w = 1/T``; Shen & Li (2010), eq. (5))."""
    return check_real(T, name, low=0.0, low_open=True)


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
    f.kind, f.T = _jit_shen.EXP, T  # the compiled master (refboost._jit.shen) evaluates the same f
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
    f.kind, f.T = _jit_shen.LOGISTIC, T
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


#: Run the column-generation masters of adaboost_cg / logitboost_cg through the compiled kernels of
#: :mod:`refboost._jit.shen` (:class:`_JitMaster`); False runs the numpy reference :class:`_Master`.
#: Both take the same steps; the iterates agree to round-off (tests/test_shen_jit.py).
USE_JIT = True


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
        self.kind = f.kind
        self._state = _jit_shen.new_state()
        self._lbuf = np.zeros(capacity)
        super().__init__(f, centred, M, capacity)
        self._state["ky"] = -1
        self.m, self.u, self._z = np.zeros(M), np.zeros(M), np.zeros(M)
        self._wM = np.empty((_jit_shen.N_WM, M))
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
            _jit_shen.set_point(self.kind, self.f.T, self.buf, self.lam, self.m, self.u, self._z, self.gbuf,
                                self._state)
        else:  # not reached from the kernels' own steps (only from reference methods)
            self.m[:] = m
            _jit_shen.point_at(self.kind, self.f.T, self.buf, self.lam, self.m, self.u, self._z, self.gbuf,
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
        status = _jit_shen.add_column(border, self.centred, self.buf, self.buf[:, t], t, c_ref, csum, rho, damp,
                                      self.Lbuf, self.LTbuf, self.Ybuf, self.YtYbuf, self._state, self.pbuf, self._wM,
                                      self.u, self.gbuf, self._lbuf)
        if status == 1:
            self.n_model = t + 1
        elif status == 0:
            self.valid = False

    def _newton_step(self) -> bool:
        return _jit_shen.newton_step(self.kind, self.centred, self.f.T, self.buf, self.lam, self.m, self.u, self._z,
                                     self.gbuf, self.Lbuf, self.LTbuf, self.Ybuf, self.YtYbuf, self.Ecache, self._state,
                                     self.sbuf, self.Ework, self._wM, self._par, self.Abuf)


# ---------------------------------------------------------------------------------------------
# Column generation driver (Algorithm 2)
# ---------------------------------------------------------------------------------------------


def _pricing_distribution(u, master, normalise_u, T):
    """The distribution the oracle prices with: ``u / 1^T u`` (the argmax of (42) is scale invariant).

    The logistic u of (33) is not normalised and underflows where the margins exceed ~745 T; it is then
    normalised in logarithms, ``softmax(log sigmoid(-varrho / T))``.
    """
    if normalise_u:
        return u / u.sum()
    s = float(u.sum())
    if s >= 1e-250:
        return u / s
    logu = -np.logaddexp(0.0, master.m / T)
    return np.exp(log_softmax(logu))


def _column_generation(oracle, T, eps, max_iter, make_master, algorithm, obj_name, normalise_u, fast=True):
    M = oracle.n_examples
    u = np.full(M, 1.0 / M) if normalise_u else np.full(M, 0.5)
    keys: list = []
    key_set: set | None = set()  # O(1) membership while the oracle's keys are hashable (else the list)
    f, centred = make_master(T)
    # the compiled master serves the objectives it has kernels for (f.kind: exp, logistic) in the fast mode; the
    # hinge LPBoost (fast=False) and the FW_FIRST_STEP variant (not compiled) use the numpy master
    jit = USE_JIT and fast and hasattr(f, "kind") and not FW_FIRST_STEP
    master = (_JitMaster if jit else _Master)(f, centred, M)
    lam = np.zeros(0)
    history: list[dict] = []
    converged = False
    gap = np.inf
    objective = np.nan
    t0 = time.perf_counter()
    t_master = t_oracle = c_master = c_oracle = 0.0  # wall (perf_counter) and CPU (thread_time) seconds
    n_master = 0
    while True:
        d = _pricing_distribution(u, master, normalise_u, T)
        t1, c1 = time.perf_counter(), time.thread_time()
        key, h = query(oracle, d)
        t_oracle += time.perf_counter() - t1
        c_oracle += time.thread_time() - c1
        edge_best = float(h @ u)
        if keys:
            edges_S = master.G  # = U_S^T u at the master's margins (U_S lambda up to incremental round-off)
            r = float(edges_S.max())
            weighted = float(lam @ edges_S)  # = u^T varrho
            # the class contains the selected columns: max over it >= r (equal in exact arithmetic when the
            # best column is selected; max() keeps full gap >= restricted gap through round-off)
            edge_best = max(edge_best, r)
            gap = edge_best - weighted  # T-scaled: the duality gap of T x (5) and (15), in the units of eps
            history.append(
                {
                    "t": len(keys),
                    "hypothesis": keys[-1],
                    "objective": objective,
                    "r": r,
                    "u_varrho": weighted,
                    "edge_best": edge_best,
                    "gap": gap,
                    "master_gap": master.measure,
                    "master_iter": n_master,
                    "n_active": int(np.sum(lam > ACTIVE_TOL)),
                    "entropy_term": float(np.sum(u * np.log(np.where(u > 0, u, 1.0)))),
                    "time": time.perf_counter() - t0,
                    "oracle_time": t_oracle,
                    "master_time": t_master,
                }
            )
            if gap <= eps:
                converged = True
                break
        if len(keys) >= max_iter:
            break
        t1, c1 = time.perf_counter(), time.thread_time()
        if fast:
            # inexact master: restricted gap <= tau = INNER_GAP_FRACTION * (full gap); see its comment
            tau = max(MASTER_TOL, INNER_GAP_FRACTION * gap)
        else:
            tau = MASTER_TOL
        if key_set is not None:
            try:
                selected = key in key_set
            except TypeError:
                key_set = None
        if key_set is None:
            selected = key in keys
        if selected:
            # the best column is already selected: its restricted gap equals the full one (> eps > tau_prev
            # only if the previous master was looser than eps); tighten the master instead of adding it
            if not fast or master.measure <= MASTER_TOL:
                break  # only possible when the master tolerance exceeds eps (reported below)
            tau = max(MASTER_TOL, min(tau, INNER_GAP_FRACTION * master.measure))
        else:
            keys.append(key)
            if key_set is not None:
                key_set.add(key)
            master.add(np.asarray(h, dtype=float))
        if fast:
            master.solve(tau)  # leaves m, u, G at exactly U_S lambda
            n_master = master.n_iter
        else:
            r_ = _newton.maximize(f, master.U, master.lam, tol=tau, max_iter=MASTER_MAX_ITER, centred=centred)
            master.lam, master.measure, n_master = r_.x, r_.measure, r_.n_iter
            master.refresh()
        t_master += time.perf_counter() - t1
        c_master += time.thread_time() - c1
        lam = master.lam
        u = master.u
        objective = -master.val / T
    U_S = master.U
    w = lam / T
    varrho = U_S @ lam
    if converged:
        msg = f"converged: max edge - u.varrho = {gap:.3g} <= eps = {eps:g}"
    elif len(keys) >= max_iter:
        msg = f"max_iter = {max_iter} columns reached; certified gap {gap:.3g}"
    else:
        msg = f"stalled: oracle returned a selected column with gap {gap:.3g} (master tolerance)"
    return BoostResult(
        weights=w,
        hypotheses=list(keys),
        distribution=_pricing_distribution(u, master, normalise_u, T),
        margins=U_S @ w,
        n_iter=len(keys),
        history=history,
        gap=float(max(gap, 0.0)),  # round-off can make the bound -1e-14; history keeps the raw value
        converged=converged,
        message=msg,
        algorithm=algorithm,
        params={"T": T, "eps": eps, "max_iter": max_iter},
        extra={
            obj_name: objective,
            "gap_unscaled": float(max(gap, 0.0)) / T,
            "lambda": lam,
            "u": u,
            "r": float((U_S.T @ u).max()),
            "normalized_margins": varrho,
            "master_gap": master.measure,
            "time": time.perf_counter() - t0,
            "oracle_time": t_oracle,
            "master_time": t_master,
            "oracle_cpu": c_oracle,
            "master_cpu": c_master,
            "n_refresh": master.n_refresh,
        },
    )


def _certified(res: BoostResult, cert, fired: bool, what: str) -> BoostResult:
    """``converged = cert.ok`` (the certificate of the returned weights decides, whether or not the
    stopping rule fired); the certificate goes to ``extra["certificate"]``."""
    res.extra["certificate"] = cert
    res.converged = bool(cert.ok)
    if fired and not cert.ok:
        res.message = f"stopping rule fired but {what} is not certified from the returned weights: {cert.message}"
    elif cert.ok and not fired:
        res.message = (f"converged: {res.message}; the stopping rule did not fire, but the certificate of the "
                       f"returned weights confirms {what}: {cert.message}")
    return res


#: Declared ranges of the column-generation boosters' parameters (refboost._params).
_CG_CONSTRAINTS = dict(T=Real(0, None, low_open=True), eps=Real(0, None, low_open=True), max_iter=Int(1))


@constraints(**_CG_CONSTRAINTS)
def adaboost_cg(oracle, *, T: float, eps: float = 1e-5, max_iter: int = 1000) -> BoostResult:
    """AdaBoost-CG, Shen & Li (2010), Algorithm 2: column generation on AdaBoost_l1 (5).

    Certifies: the returned weights satisfy ``w >= 0, 1^T w = 1/T`` and ``T (lse(-U w) - Opt(5)) <= eps``
    over the whole class (the dual (15) at ``u = softmax(-U w)`` (24) with ``r`` = the class's largest
    edge; :func:`refboost.certify.shen.adaboost_l1`), i.e. ``lse(-U w)`` is within ``eps / T`` of Opt(5).

    Primal (5): ``min_w lse(-U w)  s.t. w >= 0, 1^T w = 1/T``; dual (15):
    ``min_{r,u} r + T sum_i u_i log u_i  s.t. U^T u <= r 1, u in simplex``.
    Each iteration prices the column of maximum edge under ``u`` (42), adds it, and solves the
    restricted primal in the normalised form (6) by active-set Newton; ``u`` = softmax(-U w) (24).

    Stopping: ``max_h edge_h(u) - u^T varrho <= eps``, where ``u^T varrho = r`` at the restricted
    optimum (the corrected r* identity); this implies the paper's rule ``edge < r + eps``. The left
    side is the duality gap of T x (5) and (15) at ``(w, u)``: eps is in the units of (15).

    Parameters
    ----------
    oracle : refboost.Oracle
        Pricing oracle (exact maximum-edge oracle for the certificate to hold).
    T : float > 0
        Regularisation/temperature; returned weights sum to 1/T.
    eps : float > 0
        Convergence threshold on the T-scaled duality gap (paper: 1e-5).
    max_iter : int >= 1
        Maximum number of columns.

    Returns
    -------
    BoostResult
        ``weights = lambda / T``, ``distribution = u``, ``margins = U w`` (unnormalised),
        ``gap = max edge - u^T varrho >= T (lse(-U w) - Opt(5)_full)`` (exact oracle),
        ``extra``: ``certificate`` (:class:`refboost.certify.Certificate`), ``primal_objective``
        (= lse(-U w), Opt(5) restricted), ``gap_unscaled`` (= gap / T), ``lambda``, ``u``, ``r`` (max edge
        over selected columns), ``normalized_margins``, ``master_gap`` (T-scaled); timings: ``time`` (wall),
        ``oracle_time`` / ``master_time`` (wall seconds in pricing / in the restricted masters),
        ``oracle_cpu`` / ``master_cpu`` (the same split in thread CPU time), ``n_refresh`` (curvature-model
        refreshes of the master).
    """
    T, eps = float(T), float(eps)
    res = _column_generation(oracle, T, eps, max_iter, exp_master, "adaboost_cg", "primal_objective", True)
    cert = _cert.adaboost_l1(oracle, res.weights, T=T, hypotheses=res.hypotheses, tol=eps, bound="dual")
    return _certified(res, cert, res.converged, "T (lse(-U w) - Opt(5)) <= eps")


@constraints(**_CG_CONSTRAINTS)
def logitboost_cg(oracle, *, T: float, eps: float = 1e-5, max_iter: int = 1000) -> BoostResult:
    """LogitBoost-CG, Shen & Li (2010), Algorithm 2 with (31) in place of (15).

    Primal (32): ``min_w sum_i log(1 + exp(-(U w)_i))  s.t. w >= 0, 1^T w = 1/T``; dual (31):
    ``min_{r,u} r + T sum_i [u_i log u_i + (1-u_i) log(1-u_i)]  s.t. U^T u <= r 1`` (u in (0,1),
    *not* normalised). KKT (33): ``u_i = sigmoid(-(U w)_i)``. Initial ``u = 1/2`` (the u of (33) at w = 0).
    Pricing uses ``u / 1^T u`` (argmax is scale invariant); edges in histories use ``u`` itself.

    Certifies: the returned weights satisfy ``w >= 0, 1^T w = 1/T`` and
    ``T (sum_i log(1 + exp(-(U w)_i)) - Opt(32)) <= eps`` over the whole class (the dual (31) at
    ``u = sigmoid(-U w)`` (33) with ``r`` = the class's largest edge; :func:`refboost.certify.shen.logitboost_l1`).

    Parameters and gap as in :func:`adaboost_cg` (gap = ``max edge - u^T varrho`` with the u of (33));
    ``extra["u"]`` is the unnormalised u of (31) and ``distribution`` its normalisation;
    ``extra["primal_objective"]`` = Opt(32) restricted.
    """
    T, eps = float(T), float(eps)
    res = _column_generation(oracle, T, eps, max_iter, logistic_master, "logitboost_cg", "primal_objective", False)
    cert = _cert.logitboost_l1(oracle, res.weights, T=T, hypotheses=res.hypotheses, tol=eps, bound="dual")
    return _certified(res, cert, res.converged, "T (loss(32) - Opt(32)) <= eps")


# ---------------------------------------------------------------------------------------------
# AdaBoost-QP (41)
# ---------------------------------------------------------------------------------------------


def qp_terms(U: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """``b = (1/M) U^T 1`` and ``A = (1/M) U^T U - b b^T`` of Shen & Li (2010), eq. (41)."""
    M = U.shape[0]
    b = U.mean(axis=0)
    A = (U.T @ U) / M - np.outer(b, b)
    return b, A


def qp_master(T: float, M: int):
    """``f(m) = T mean(m) - var(m) / 2`` (minus (41) at ``m = U w``); returns ``(f, centred)``.

    ``w^T A w = var(U w)`` (population variance) and ``b^T w = mean(U w)``, so (41) is a function of
    the margins: ``grad_m f = (T - (m - mean m)) / M``, ``Hess_m f = -(I/M - 1 1^T / M^2)``, i.e. the
    centred curvature ``c = 1/M`` (``sum c = 1``).
    """
    c = np.full(M, 1.0 / M)

    def f(m):
        dev = m - m.mean()
        return T * float(m.mean()) - 0.5 * float(dev @ dev) / M, (T - dev) / M, c, None

    return f, True


class _Pool:
    """Declared range of ``pool`` (refboost._params protocol): None or a non-empty sequence of hypothesis keys."""

    def describe(self) -> str:
        return "None or a non-empty sequence of hypothesis keys"

    def check(self, name, v, N):
        if v is None:
            return
        if isinstance(v, (str, bytes)) or not hasattr(v, "__len__") or not hasattr(v, "__iter__"):
            raise TypeError(f"{name} must be {self.describe()}, got {type(v).__name__}")
        if len(v) == 0:
            raise ValueError(f"{name} must be {self.describe()}, got an empty pool")

    def bad_values(self):
        return [[], "abc", 5]


def _pool_matrix(oracle, pool):
    if pool is None:
        if not hasattr(oracle, "U"):
            raise ValueError("pool must be given (a list of hypothesis keys) for an oracle without a matrix U")
        keys = list(range(oracle.U.shape[1]))
    else:
        keys = list(pool)
        if len(keys) == 0:
            raise ValueError("pool must contain at least one hypothesis key, got an empty pool")
    U = query_columns(oracle, keys)
    # deduplicate identical columns: keep the first occurrence
    _, first = np.unique(U, axis=1, return_index=True)
    first = np.sort(first)
    return [keys[i] for i in first], U[:, first]


@constraints(T=Real(0, None, low_open=True), pool=_Pool(), eps=Real(0, None, low_open=True), max_iter=Int(1))
def adaboost_qp(
    oracle,
    *,
    T: float,
    pool: Sequence | None = None,
    eps: float = 1e-10,
    max_iter: int = 500,
) -> BoostResult:
    """AdaBoost-QP, Shen & Li (2010), eq. (41), over a fixed pool of hypotheses.

    ``min_w 1/2 w^T A w - T b^T w  s.t. w >= 0, 1^T w = 1`` with ``b = (1/M) sum_i y_i H_i^T`` and
    ``A`` the population covariance of the rows ``y_i H_i``. With ``1^T w = 1`` the objective is
    ``sigma^2 / 2 - T mean(varrho)`` (= -T^2 times (39), Theorem 3.3): maximise the mean normalised
    margin, penalise its (population) variance. Solved by active-set Newton on the simplex (exact
    Hessian ``A``); identical columns are merged first.

    Certifies: the returned weights lie in the simplex and (41) at them is within eps of its minimum over
    the pool (the Wolfe dual of (41) at the returned weights; :func:`refboost.certify.shen.adaboost_qp`).

    Parameters
    ----------
    oracle : refboost.Oracle
        Provides the columns; a :class:`~refboost.MatrixOracle` without ``pool`` uses all columns.
    T : float > 0
    pool : sequence of keys, optional
        Hypotheses to use (e.g. those selected by an AdaBoost run, Table II).
    eps : float > 0
        Tolerance on the Frank-Wolfe gap ``grad^T w - min grad`` (>= objective - optimum).
    max_iter : int >= 1
        Newton iterations.

    Returns
    -------
    BoostResult
        ``weights`` (sum 1, normalised margins), ``hypotheses`` = deduplicated pool keys,
        ``distribution`` = softmax(-margins / T) (the AdaBoost weights (24) these margins induce),
        ``gap`` = the Frank-Wolfe gap, ``extra``: ``certificate``, ``qp_objective``, ``mean_margin``,
        ``margin_variance``, ``b``, ``A``.
    """
    T, eps = float(T), float(eps)
    pool_keys = None if pool is None else list(pool)
    keys, U = _pool_matrix(oracle, pool_keys)
    b, A = qp_terms(U)

    t0 = time.perf_counter()
    x0 = np.zeros(len(keys))
    x0[int(np.argmax(b))] = 1.0
    f, centred = qp_master(T, U.shape[0])
    sol = _newton.maximize(f, U, x0, tol=eps, max_iter=max_iter, centred=centred)
    sol_value, sol_gap, sol_converged = -sol.value, sol.measure, sol.measure <= eps
    w = sol.x
    varrho = U @ w
    history = [{"t": sol.n_iter, "objective": sol_value, "gap": sol_gap, "time": time.perf_counter() - t0}]
    res = BoostResult(
        weights=w,
        hypotheses=keys,
        distribution=np.exp(log_softmax(-varrho / T)),
        margins=varrho,
        n_iter=sol.n_iter,
        history=history,
        gap=sol_gap,
        converged=sol_converged,
        message=f"{'converged' if sol_converged else sol.status}: Frank-Wolfe gap {sol_gap:.3g}",
        algorithm="adaboost_qp",
        params={"T": T, "eps": eps, "max_iter": max_iter, "pool_size": len(keys), "pool": pool_keys},
        extra={
            "qp_objective": sol_value,
            "mean_margin": float(varrho.mean()),
            "margin_variance": float(varrho.var()),
            "b": b,
            "A": A,
        },
    )
    # the pool: every column of a matrix oracle (pool=None) or the given keys, duplicates included
    cert_class = oracle if pool_keys is not None or not hasattr(oracle, "U") else oracle.U
    cert = _cert.adaboost_qp(cert_class, w, T=T, hypotheses=keys, pool=pool_keys, tol=eps, bound="dual")
    return _certified(res, cert, sol_converged, "(41) within eps of its optimum")


# ---------------------------------------------------------------------------------------------
# Generalised-hinge soft-margin LPBoost: (21)/(22) for p = 1, (28) for p > 1
# ---------------------------------------------------------------------------------------------


def tsallis_coefficient(D: float, p: float) -> float:
    """``c = D^{1-q} (p^{1-q} - p^{-q}) = (pD)^{1-q} / q`` of dual (28), ``1/p + 1/q = 1`` (D > 0, p > 1).

    Evaluated in logarithms: for p near 1 (q large) and ``pD < 1`` the coefficient exceeds the float
    range and the result is ``inf`` (the product ``c sum u^q`` stays finite at the KKT point, where it
    equals ``D (p - 1) sum xi^p``; the boosters never form c).
    """
    D = check_real(D, "D", low=0.0, low_open=True)
    p = check_real(p, "p", low=1.0, low_open=True)
    q = p / (p - 1.0)
    log_c = (1.0 - q) * math.log(p * D) - math.log(q)
    return (p * D) ** (1.0 - q) / q if log_c < 700.0 else math.inf


def _hinge_rho(m: np.ndarray, D: float, p: float) -> float:
    """Optimal margin variable: root of ``D p sum_i (rho - m_i)_+^{p-1} = 1`` (p > 1, D >= 1/N).

    Bracket: the left side is 0 at ``min m`` and at least ``D p N t^{p-1} >= 1`` at ``max m + t`` with
    ``t = (D p N)^{-1/(p-1)} <= 1`` (formed in logarithms: no overflow for p near 1).
    """
    lo = float(m.min())
    phi = lambda rho: D * p * float(np.sum(np.maximum(rho - m, 0.0) ** (p - 1.0))) - 1.0
    hi = float(m.max()) + math.exp(-math.log(D * p * m.shape[0]) / (p - 1.0))
    if phi(hi) < 0.0:  # t underflowed (p near 1) or round-off: D p N - 1 >= p - 1 > 0 at max m + 1
        hi = float(m.max()) + 1.0
    if phi(hi) <= 0.0:  # round-off at the bracket end
        return hi
    if hi <= lo:  # every margin equal and t below the resolution
        return hi
    return brentq(phi, lo, hi, xtol=1e-15, rtol=4 * np.finfo(float).eps, maxiter=500)


def _hinge_u(m: np.ndarray, xi: np.ndarray, D: float, p: float) -> np.ndarray:
    """The dual point ``u_i = D p xi_i^{p-1}`` of (28); uniform on the smallest margins if every term is 0.

    For p near 1 the root rho can lie closer to the smallest margin than the float resolution
    (``xi = 0`` in floats); ``u`` is then the limit, equal weights on the tied smallest margins.
    """
    u = D * p * xi ** (p - 1.0)
    if not float(u.sum()) > 0.0:
        u = (m <= m.min()).astype(float)
        u /= u.sum()
    return u


#: Smallest ``rho - m_i`` used in the Hessian weight for 1 < p < 2 (the weight ~ (rho - m_i)^{p-2}).
HINGE_HESS_FLOOR = 1e-8


def hinge_master(D: float, p: float):
    """``f(m) = max_rho [rho - D sum_i (rho - m_i)_+^p]`` (the primal of (28) at ``m = U lambda``).

    Returns ``(f, centred)``. Envelope theorem: ``grad_m f = u`` with ``u_i = D p (rho - m_i)_+^{p-1}``
    (a distribution, the dual variable of (28)); implicit differentiation of the root condition
    ``sum u = 1`` gives ``Hess_m f = -(diag a - a a^T / 1^T a)`` with
    ``a_i = D p (p-1) (rho - m_i)_+^{p-2}`` (centred curvature ``c = a``); ``aux = rho``.
    """

    def f(m):
        rho = _hinge_rho(m, D, p)
        s = np.maximum(rho - m, 0.0)
        u = _hinge_u(m, s, D, p)
        act = s > 0
        a = np.zeros_like(s)
        a[act] = D * p * (p - 1.0) * np.maximum(s[act], HINGE_HESS_FLOOR) ** (p - 2.0)
        return rho - D * float(np.sum(s**p)), u, a, rho

    return f, True


@constraints(D=Real(0, None, low_open=True), p=Real(1, None), eps=Real(0, None, low_open=True), max_iter=Int(1))
def lpboost_hinge(oracle, *, D: float, p: float = 2.0, eps: float = 1e-6, max_iter: int = 1000) -> BoostResult:
    """Soft-margin LPBoost with the generalised hinge loss, Shen & Li (2010), §3.2-3.3.

    Certifies: the returned weights lie in the simplex and their value ``max_rho rho - D sum_i xi_i^p``
    (``xi = (rho 1 - U w)_+``) is within eps of the optimum over the whole class (p > 1: the dual (28) at
    ``u_i ∝ D p xi_i^{p-1}``; p = 1: the soft margin with ``nu = 1/D``, dual (22);
    :func:`refboost.certify.shen.generalized_hinge`).

    Primal: ``max_{w, rho, xi} rho - D sum_i xi_i^p  s.t. U w >= rho 1 - xi, xi >= 0,
    w in simplex``. Dual: for p = 1 the LP (22) ``min r s.t. U^T u <= r, u in simplex, u <= D``;
    for p > 1 the Tsallis-entropy-regularised LP (28) ``min r + c sum_i u_i^q`` with
    ``c = (pD)^{1-q}/q``, ``1/p + 1/q = 1``.

    * p = 1 reuses the foundation's :func:`refboost.lpboost` with ``nu = 1/D`` (clipped to
      [1, M]; D >= 1 is the hard margin) and the HiGHS restricted LP.
    * p > 1: column generation; the restricted primal is solved in ``lambda`` after eliminating
      ``rho`` by a 1-d root (``D p sum (rho - m)_+^{p-1} = 1``) and ``xi``; the KKT relations give
      ``u_i = D p xi_i^{p-1}`` (``xi_i = (u_i/(pD))^{1/(p-1)}``).

    Certificate (p > 1): ``gap = [max_h edge_h(u) + c sum u^q] - [rho - D sum xi^p]``, the duality
    gap between the full dual (28) at ``(u, r = max edge)`` and the primal at the returned w.

    Close to p = 1 (e.g. p = 1.0001) the problem is numerically the LP (21): ``u_i ∝ xi_i^{p-1}`` jumps
    between 0 and ``D p`` on margins that differ by round-off, so the restricted masters and the KKT dual
    point are ill-conditioned; the result is then usually ``converged=False`` with the reason in the
    message (run p = 1 for the LP itself).

    Parameters
    ----------
    oracle : refboost.Oracle
    D : float >= 1/M
        Soft-margin trade-off / cap (dual feasibility needs D >= 1/M).
    p : float >= 1
        Hinge exponent.
    eps : float > 0
        Stop when the certified gap is <= eps.
    max_iter : int >= 1
        Maximum number of columns.
    """
    M = oracle.n_examples
    D = float(D)
    if D < 1.0 / M:  # the range depends on the number of examples M
        raise ValueError(f"D must be a finite real in [1/M, inf) = [{1.0 / M:g}, inf) for M = {M} examples "
                         f"(Shen & Li (2010): the soft-margin trade-off needs D >= 1/M), got {D!r}")
    p, eps = float(p), float(eps)
    if p == 1.0:
        nu = min(max(1.0 / D, 1.0), float(M))
        res = lpboost(oracle, nu=nu, eps=eps, max_iter=max_iter)
        res.algorithm = "lpboost_hinge"
        res.params = {"D": D, "p": p, "eps": eps, "max_iter": max_iter, "nu": nu}
        ds = [res.distribution] + list(res.extra.get("certificate_distributions", []))
        cert = _cert.soft_margin_lp(oracle, res.weights, nu=nu, hypotheses=res.hypotheses, distribution=ds,
                                    tol=eps, bound="dual")
        return _certified(res, cert, res.converged, "the soft margin (nu = 1/D)")

    q = p / (p - 1.0)
    make = lambda _T: hinge_master(D, p)
    # The CG driver with T = 1: at u_i = D p xi_i^{p-1} its gap max edge - u.m equals the duality gap of
    # the primal and (28) (c sum u^q = D (p - 1) sum xi^p there); the certificate below recomputes it.
    res = _column_generation(oracle, 1.0, eps, max_iter, make, "lpboost_hinge", "primal_objective", True, fast=False)
    fired = res.converged
    U_S = query_columns(oracle, res.hypotheses)
    lam = res.extra["lambda"]
    m = U_S @ lam
    rho = _hinge_rho(m, D, p)
    xi = np.maximum(rho - m, 0.0)
    u = _hinge_u(m, xi, D, p)
    res.weights = lam
    res.margins = m
    res.distribution = u / u.sum()
    res.params = {"D": D, "p": p, "q": q, "eps": eps, "max_iter": max_iter}
    cert = _cert.generalized_hinge(oracle, lam, D=D, p=p, hypotheses=res.hypotheses, tol=eps, bound="dual")
    res.gap = float(max(cert.gap, 0.0)) if math.isfinite(cert.gap) else float(max(res.gap, 0.0))
    res.extra.pop("gap_unscaled", None)
    # r: the largest edge over the class under the returned distribution (the r of (28))
    r_full = cert.kkt["w_on_max_edges"] + float(res.distribution @ m)
    res.extra.update({"primal_objective": cert.objective, "rho": rho, "xi": xi, "r": r_full})
    if math.isfinite(cert.bound):
        res.extra["dual_objective"] = cert.bound
    res = _certified(res, cert, fired, "the generalised-hinge soft margin")
    if fired and not res.converged:
        res.message += f" (stopping gap {res.history[-1]['gap']:.3g})"
    return res


# ---------------------------------------------------------------------------------------------
# Entropy utilities (Definition 3.2 and the corrected q-log identity)
# ---------------------------------------------------------------------------------------------


def q_log(x, q: float) -> np.ndarray:
    """Tsallis q-logarithm ``log_q(x) = (x^{1-q} - 1)/(1 - q)`` (``log`` at q = 1)."""
    x = np.asarray(x, dtype=float)
    if q == 1.0:
        return np.log(x)
    return (x ** (1.0 - q) - 1.0) / (1.0 - q)


def tsallis_entropy(u, q: float) -> float:
    """Tsallis entropy (29) ``S_q(u) = (1 - sum u_i^q)/(q - 1)`` (Shannon entropy at q = 1).

    Corrected identity: ``S_q = -sum u_i^q log_q u_i = sum u_i log_q(1/u_i)``; the paper's
    ``-sum u_i log_q u_i`` (after Definition 3.2) equals ``S_{2-q}`` instead.
    """
    u = np.asarray(u, dtype=float)
    q = check_real(q, "q")
    if q <= 0 and np.any(u <= 0):
        raise ValueError(f"q must be > 0 when u has zero entries, got q = {q}")
    if q == 1.0:
        nz = u[u > 0]
        return float(-np.sum(nz * np.log(nz)))
    return float((1.0 - np.sum(u**q)) / (q - 1.0))


def binary_entropy_sum(u) -> float:
    """``-sum_i [u_i log u_i + (1-u_i) log(1-u_i)]``, the regulariser of dual (31) (Table I)."""
    u = np.asarray(u, dtype=float)
    with np.errstate(divide="ignore", invalid="ignore"):
        t = np.where(u > 0, u * np.log(u), 0.0) + np.where(u < 1, (1 - u) * np.log1p(-u), 0.0)
    return float(-np.sum(t))


__all__: list[str] = [
    "adaboost_cg",
    "adaboost_qp",
    "binary_entropy_sum",
    "check_T",
    "logitboost_cg",
    "lpboost_hinge",
    "q_log",
    "tsallis_coefficient",
    "tsallis_entropy",
]
