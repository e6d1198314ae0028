"""Which candidates each family accepts, and certificates that use the kit's stored solutions.

Every family whose problem is a saddle point of weights ``w`` and a distribution ``d`` (the LPs, the
entropy-regularised problems, SoftBoost, the corrective steps) has two sides that bracket its optimum:

    low(w)  <=  optimum  <=  up(d)

(weak duality): ``low`` is a lower bound computed from any weights, ``up`` an upper bound computed
from any distribution (moved onto its feasible set; how far it had to move is its infeasibility).
A candidate is then certified by the other side of a second point:

* ``"weights"`` -- ``objective = low(w)`` against ``bound = up(d*)`` at the kit's stored optimal
  ``d*`` (the kit's own copy, recomputed with the kit's own ``U``);
* ``"distribution"`` -- ``objective = up(d)`` against ``bound = low(w*)`` at the stored optimal ``w*``;
* ``"pair"`` -- the candidate's own weights and distribution against each other, ``up(d) - low(w)``:
  both must be right (a stale distribution next to right weights fails).

Each bound is a valid bound on the optimum whatever the stored point is, so no wrong candidate can be
certified by it; and the stored points are optimal to about 1e-11, so a candidate within 1e-9 of the
optimum has a gap far below the kit's tolerance whatever the conditioning (eta = 1e6 included). The
weights-only certificate of :mod:`refboost.certify` builds its dual point ``d(w)`` from the weights
themselves: its gap grows like ``eta * |w - w*|`` and depends on the rounding of ``U w`` (and so on the
BLAS threads), which is why the kit does not use it where the instance is known. For a matrix outside
the kit the family's own certificate is used; for the entropy families with ``bound="auto"`` the ground
truth's optimal distribution (:mod:`refboost.truth`, cvxpy + Clarabel, imported only then) is added as a
dual point when ``d(w)`` alone does not certify.

Demiriz et al.'s LP with C given (``demiriz_lp``) is a minimisation over unnormalised weights ``a``: its
``up(a) = sum a + C sum max(0, 1 - U a)`` and ``low(u) = sum u`` at the dual point ``u`` (the candidate's
"distribution", not normalised) moved onto ``{0 <= u <= C, U^T u <= 1}``; the modes are the same.

Families of Shen & Li (2010) and Sun et al. (2006) accept weights only (a distribution given with
them is extra dual evidence); the dynamics compares with AdaBoost's recomputed iterates.
"""

from __future__ import annotations

import numpy as np

from .._validation import check_array, check_vector
from ..certify import _core as K
from ..certify.corrective import binary_margin_dual, smoothed_margin_dual
from ..certify.entropy import binary_smoothed_soft_margin_bounds, smoothed_soft_margin_bounds

#: the candidate modes of each family: "weights" (w alone), "distribution" (d alone), "pair" (both, checked
#: against each other)
MODES = {
    "soft_margin_lp": ("weights", "distribution", "pair"),
    "hard_margin": ("weights", "distribution", "pair"),
    "lp_reg": ("weights", "distribution", "pair"),
    "erlp_36": ("weights", "distribution", "pair"),
    "binary_erlp_325": ("weights", "distribution", "pair"),
    "smoothed_soft_margin": ("weights", "distribution", "pair"),
    "softboost_31": ("weights", "distribution", "pair"),
    "corrective_46": ("weights", "distribution", "pair"),
    "corrective_binary_412": ("weights", "distribution", "pair"),
    "adaboost_l1": ("weights",),
    "logitboost_l1": ("weights",),
    "adaboost_qp": ("weights",),
    "generalized_hinge": ("weights",),
    "sun_kl": ("weights",),
    "sun_norm2": ("weights",),
    "dynamics": ("weights", "distribution", "pair"),
    "demiriz_lp": ("weights", "distribution", "pair"),
}

#: families whose natural candidate is the distribution (they minimise over d)
MIN_FAMILIES = ("softboost_31", "corrective_46", "corrective_binary_412")

#: families whose primal (over the weights) is a minimisation: Demiriz et al.'s LP, whose weights a are
#: unnormalised and whose "distribution" is its dual point u (0 <= u <= C, not normalised)
WEIGHTS_MIN_FAMILIES = ("demiriz_lp",)

#: families without a distribution at all
NO_DISTRIBUTION = ("adaboost_l1", "logitboost_l1", "adaboost_qp")


def describe(problem: str) -> str:
    """One line: the modes a family accepts."""
    m = MODES[problem]
    if m == ("weights",):
        extra = "" if problem in NO_DISTRIBUTION else " (a distribution given with them is extra dual evidence)"
        return f"{problem} accepts weights only{extra}"
    return f"{problem} accepts weights, a distribution, or both (checked as a primal-dual pair)"


# ------------------------------------------------------------------------------------------
# the two sides of each saddle-point family
# ------------------------------------------------------------------------------------------


def _vec(x, name, n, what):
    return check_vector(x, n, name, what, min_size=0)


def _lp_nu(problem, U, p):
    if problem == "hard_margin":
        return 1.0
    if problem == "lp_reg":
        return min(float(U.shape[0]), 1.0 / float(p["C"]))
    return float(p["nu"])


def low(problem, U, p, w):
    """``(value, infeasibility, detail)``: a lower bound on the optimum from the weights ``w``."""
    N, Kc = U.shape
    if problem in ("corrective_46", "corrective_binary_412"):
        w = check_array(w, "weights", ndim=1, min_size=0)
        if w.shape[0] not in (1, 2):
            raise ValueError(f"weights must be (w_t, 1 - w_t) (2 numbers) or w_t alone, got {w.shape[0]} numbers")
        wt = float(w[0])
        feas = 0.0 if w.shape[0] == 1 else abs(float(w[0] + w[1]) - 1.0)
        z = wt * U[:, 0] + (1.0 - wt) * U[:, 1]
        nu, eta = float(p["nu"]), float(p["eta"])
        if problem == "corrective_binary_412":
            v = max(binary_margin_dual(z, nu, eta)[0], binary_smoothed_soft_margin_bounds(z, nu, eta)[0])
            src = "dual (4.13) of Lemma 4.2 at the free multiplier w_t"
        else:
            v = max(smoothed_margin_dual(z, nu, eta)[0], smoothed_soft_margin_bounds(z, nu, eta)[0])
            src = "dual (4.7) of Lemma 4.1 at the free multiplier w_t"
        return float(v), feas, src
    w = _vec(w, "weights", Kc, "U.shape[1]")
    if problem == "softboost_31":
        feas = float(max(0.0, -float(w.min())))
        wp = np.maximum(w, 0.0)
        m = U @ wp
        nu = float(p["nu"])
        v = max(smoothed_soft_margin_bounds(m, nu, 1.0)[0], smoothed_margin_dual(m, nu, 1.0)[0])
        return float(v - float(p["bound"]) * float(wp.sum())), feas, "dual value Theta_S(w) of Lemma 3.1"
    feas = K.simplex_violation(w)
    m = U @ w
    if problem in ("soft_margin_lp", "hard_margin", "lp_reg"):
        return K.sorted_soft_margin(m, _lp_nu(problem, U, p)), feas, "soft margin SM_nu(U w), LP (2.2)"
    nu, eta = float(p["nu"]), float(p["eta"])
    if problem == "binary_erlp_325":
        v = max(binary_smoothed_soft_margin_bounds(m, nu, eta)[0], binary_margin_dual(m, nu, eta)[0])
        return float(v), feas, "binary smoothed soft margin F_B(U w), dual (3.26)"
    v = max(smoothed_soft_margin_bounds(m, nu, eta)[0], smoothed_margin_dual(m, nu, eta)[0])
    return float(v), feas, "smoothed soft margin F(U w), dual (3.10)"


def up(problem, U, p, d):
    """``(value, infeasibility, detail)``: an upper bound on the optimum from the distribution ``d``."""
    N = U.shape[0]
    d = _vec(d, "distribution", N, "N")
    if problem in ("corrective_46", "corrective_binary_412"):
        u, ubar = U[:, 0], U[:, 1]
        nu, eta = float(p["nu"]), float(p["eta"])
        dc = np.clip(d, 0.0, 1.0 / nu)
        feas = max(K.capped_simplex_violation(d, nu), abs(float((u - ubar) @ d)))
        if problem == "corrective_binary_412":
            v = float(dc @ u) + K.binary_relative_entropy_uniform(dc, nu) / eta
        else:
            v = float(dc @ u) + K.relative_entropy_uniform(dc) / eta
        return v, feas, "primal objective at d"
    nu = _lp_nu(problem, U, p)
    feas = K.capped_simplex_violation(d, nu)
    dd = K.onto_capped_simplex(d, nu)
    if problem == "softboost_31":
        feas = max(feas, max(0.0, K.max_edge(U, dd) - float(p["bound"])))
        return K.relative_entropy_uniform(dd), feas, "relative entropy Delta(d, d0), (3.1)"
    edge = K.max_edge(U, dd)
    if problem in ("soft_margin_lp", "hard_margin", "lp_reg"):
        return edge, feas, "largest edge max_q u^q.d, LP (2.3)"
    eta = float(p["eta"])
    if problem == "binary_erlp_325":
        return edge + K.binary_relative_entropy_uniform(dd, nu) / eta, feas, "max_q u^q.d + Delta_2(d)/eta, (3.25)"
    return edge + K.relative_entropy_uniform(dd) / eta, feas, "max_q u^q.d + Delta(d)/eta, (3.6)"


def demiriz_primal(U, p, a):
    """``(value, infeasibility, detail)``: Demiriz et al.'s primal objective at the weights ``a`` (an upper
    bound on the optimum), the slacks being the optimal ones for a."""
    a = _vec(a, "weights", U.shape[1], "U.shape[1]")
    feas = float(max(0.0, -float(a.min())))
    ap = np.maximum(a, 0.0)
    C = float(p["C"])
    return float(ap.sum() + C * np.maximum(0.0, 1.0 - U @ ap).sum()), feas, "sum a + C sum max(0, 1 - U a)"


def demiriz_dual(U, p, u):
    """``(value, infeasibility, detail)``: ``sum u`` at ``u`` moved onto ``{0 <= u <= C, U^T u <= 1}`` (a lower
    bound on the optimum)."""
    from ..certify.lp import _demiriz_dual_point

    u = _vec(u, "distribution", U.shape[0], "N")
    uu, moved = _demiriz_dual_point(U, u, float(p["C"]))
    return float(uu.sum()), moved, "dual value sum u (U^T u <= 1, 0 <= u <= C)"


def _demiriz_certificate(fam, U, p, weights, distribution, tol, *, mode, stored):
    if mode == "pair":
        hi, fw, _ = demiriz_primal(U, p, weights)
        lo, fd, sd = demiriz_dual(U, p, distribution)
        sense, obj, bnd, feas = "min", hi, lo, max(fw, fd)
        src, kkt = f"the candidate's own dual point: {sd}", {"pair_gap": hi - lo}
    elif mode == "weights":
        obj, feas, _ = demiriz_primal(U, p, weights)
        bnd, fd, sd = demiriz_dual(U, p, stored.distribution)
        sense, src, kkt = "min", f"the kit's stored optimal dual point: {sd}", {"stored_point_infeasibility": fd}
    else:
        obj, feas, _ = demiriz_dual(U, p, distribution)
        bnd, fw, sw = demiriz_primal(U, p, stored.weights)
        sense, src, kkt = "max", f"the kit's stored optimal weights: {sw}", {"stored_point_infeasibility": fw}
    what = {"weights": "LPBoost objective of the weights", "distribution": "dual value of u",
            "pair": "primal-dual pair"}[mode]
    return K.verdict(problem=fam.name, equation=fam.equation, sense=sense, objective=obj, bound=bnd,
                     feasibility=feas, tol=tol, bound_source=src, kkt=kkt, what=what)


# ------------------------------------------------------------------------------------------
# the certificate of one candidate
# ------------------------------------------------------------------------------------------


def _label(problem, p):
    return {"hard_margin": "hard_margin", "soft_margin_lp": "soft_margin_lp"}.get(problem, problem)


def saddle_certificate(fam, U, p, weights, distribution, tol, *, mode, stored=None):
    """The certificate of a candidate of a saddle-point family in ``mode`` (see the module docstring).

    ``stored``: the kit's own copy of the instance (its optimal ``weights`` and ``distribution``), needed
    for the single-sided modes."""
    problem = fam.name
    if problem in WEIGHTS_MIN_FAMILIES:
        return _demiriz_certificate(fam, U, p, weights, distribution, tol, mode=mode, stored=stored)
    if mode == "pair":
        lo, fw, sw = low(problem, U, p, weights)
        hi, fd, sd = up(problem, U, p, distribution)
        natural_min = problem in MIN_FAMILIES
        sense = "min" if natural_min else "max"
        obj, bnd = (hi, lo) if natural_min else (lo, hi)
        src = (f"the candidate's own weights: {sw}" if natural_min else f"the candidate's own distribution: {sd}")
        kkt = {"pair_gap": hi - lo}
        feas = max(fw, fd)
    elif mode == "weights":
        lo, feas, sw = low(problem, U, p, weights)
        hi, fd, sd = up(problem, U, p, stored.distribution)
        sense, obj, bnd = "max", lo, hi
        src = f"the kit's stored optimal distribution: {sd}"
        kkt = {"stored_point_infeasibility": fd}
    elif mode == "distribution":
        hi, feas, sd = up(problem, U, p, distribution)
        lo, fw, sw = low(problem, U, p, stored.weights)
        sense, obj, bnd = "min", hi, lo
        src = f"the kit's stored optimal weights: {sw}"
        kkt = {"stored_point_infeasibility": fw}
    else:  # pragma: no cover - guarded by the caller
        raise ValueError(f"mode must be one of {list(MODES[problem])}, got {mode!r}")
    what = {"weights": "lower bound of the weights", "distribution": "upper bound of the distribution",
            "pair": "primal-dual pair"}[mode]
    return K.verdict(problem=_label(problem, p), equation=fam.equation, sense=sense, objective=obj, bound=bnd,
                     feasibility=feas, tol=tol, bound_source=src, kkt=kkt, what=what)


def certify(fam, U, p, weights, distribution, tol, bound, *, pair, stored):
    """Dispatch one candidate of family ``fam``; ``pair`` None: the pair check when both are given."""
    problem = fam.name
    modes = MODES[problem]
    has_w, has_d = weights is not None, distribution is not None
    if problem in NO_DISTRIBUTION and has_d:
        raise ValueError(f"{describe(problem)}: drop the distribution (its problem has none)")
    if has_d and not has_w and "distribution" not in modes:
        raise ValueError(f"{describe(problem)}; a distribution alone cannot be certified")
    if pair and not (has_w and has_d):
        raise ValueError("pair=True checks weights and distribution against each other: give both")
    if pair and "pair" not in modes:
        raise ValueError(f"{describe(problem)}; pair=True is not available for it")
    if problem == "dynamics":
        return fam.certify(U, p, weights, distribution, tol, bound)
    if "pair" not in modes:  # weights-only families: the stored d as extra dual evidence
        d = distribution
        if stored is not None and stored.distribution is not None and problem not in NO_DISTRIBUTION:
            d = ([] if distribution is None else [np.asarray(distribution, dtype=float)]) + [stored.distribution]
        cert = fam.certify(U, p, weights, d, tol, bound)
        if stored is None or stored.weights is None:
            return cert
        # the bound the certificate builds at the stored optimal weights is a valid bound on the optimum too
        # (a dual point), and a well-conditioned one: take the better of the two
        ref = fam.certify(U, p, stored.weights, d, tol, bound)
        better = ref.bound < cert.bound if cert.sense == "max" else ref.bound > cert.bound
        if not better:
            return cert
        return K.verdict(problem=cert.problem, equation=cert.equation, sense=cert.sense, objective=cert.objective,
                         bound=ref.bound, feasibility=cert.feasibility, tol=tol,
                         bound_source=f"{ref.bound_source}, built at the kit's stored optimal weights",
                         kkt=cert.kkt)
    use_pair = (has_w and has_d) if pair is None else bool(pair)
    if use_pair:
        return saddle_certificate(fam, U, p, weights, distribution, tol, mode="pair")
    if stored is not None and (stored.distribution is not None and stored.weights is not None):
        mode = "distribution" if has_d and (not has_w or problem in MIN_FAMILIES) else "weights"
        return saddle_certificate(fam, U, p, weights, distribution, tol, mode=mode, stored=stored)
    # not a kit instance: the family's own certificate (its bound built from the candidate alone)
    cert = fam.certify(U, p, weights, distribution, tol, bound)
    if problem in _TRUTH_DUAL and has_w and (bound == "truth" or (bound == "auto" and not cert.ok)):
        # the dual point d(w) the entropy certificates build from the weights is ill-conditioned (its largest
        # edge moves like eta |w - w*|): add the ground truth's optimal d, a valid bound wherever it comes from
        d_truth = _TRUTH_DUAL[problem](U, p)
        ds = ([] if distribution is None else [np.asarray(distribution, dtype=float)]) + [d_truth]
        better = fam.certify(U, p, weights, ds, tol, bound)
        if better.bound < cert.bound:
            return better
    return cert


def _truth_erlp(U, p):
    from .. import truth

    return np.asarray(truth.erlp_primal_36(U, float(p["nu"]), float(p["eta"])).d, dtype=float)


def _truth_binary(U, p):
    from .. import truth

    return np.asarray(truth.binary_primal_325(U, float(p["nu"]), float(p["eta"])).d, dtype=float)


#: families whose weights-only certificate falls back on the ground truth's optimal distribution (bound="auto")
_TRUTH_DUAL = {"erlp_36": _truth_erlp, "smoothed_soft_margin": _truth_erlp, "binary_erlp_325": _truth_binary}
