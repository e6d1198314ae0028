"""refboost's boosters run on a trajectory instance, their iterates in the format of the trajectory families.

The distribution given to the weak learner is recorded by the oracle; the chosen column, the step and the
scalars come from the booster's history; the weights after iteration t from a run truncated at ``max_iter = t``
(the boosters are deterministic, so the truncated run is the first t iterations of the full one).
"""

from __future__ import annotations

import contextlib

import numpy as np

import refboost

STEP_KEY = {"corrective_erlpboost": "alpha", "corrective_binary_erlpboost": "alpha", "cerlpboost": "step",
            "mlpboost": "step", "mht_pairwise": "step", "mht_line_search": "step", "adaboost_kl": "alpha",
            "adaboost_norm2": "alpha", "adaboost_reg": "alpha", "adaboost": "alpha", "arcgv": "alpha",
            "adaboost_star": "alpha", "coordinate_ascent": "alpha", "coordinate_ascent_exact": "alpha",
            "arcgv_clipped": "alpha"}
SCALAR_KEY = {"lpboost": {"P": "P_LP"}, "softboost": {"gamma_hat": "gamma_hat"},
              "totalboost": {"gamma_hat": "gamma_hat"}, "erlpboost": {"P_prev": "P_t_prev"},
              "binary_erlpboost": {"P_prev": "P_t_prev"}, "corrective_erlpboost": {"Theta": "dual"},
              "corrective_binary_erlpboost": {"Theta": "dual"}, "cerlpboost": {"eps_t": "eps_t"},
              "mlpboost": {"eps_t": "eps_t", "secondary_won": "secondary_won"}, "mht_pairwise": {"eps_t": "eps_t"},
              "mht_line_search": {"eps_t": "eps_t"}, "adaboost": {"target": "target"}, "arcgv": {"target": "target"},
              "adaboost_star": {"target": "target"}, "coordinate_ascent": {"target": "target"},
              "coordinate_ascent_exact": {"target": "target"}}
MHT = ("cerlpboost", "mlpboost", "mht_pairwise", "mht_line_search")
MHT_RULES = {"mlpboost": ("short_step", "lpboost"), "mht_pairwise": ("pairwise", None),
             "mht_line_search": ("line_search", None)}


class RecordingOracle(refboost.MatrixOracle):
    """A :class:`refboost.MatrixOracle` that keeps a copy of every distribution it is asked about."""

    def __init__(self, U):
        super().__init__(U)
        self.asked: list[np.ndarray] = []
        self.chosen: list[int] = []

    def best(self, d):
        self.asked.append(np.array(d, dtype=float, copy=True))
        j, u = super().best(d)
        self.chosen.append(int(j))
        return j, u


@contextlib.contextmanager
def _exact_master():
    """Shen & Li's step 4 solved exactly (refboost's default solves it to half the current gap)."""
    import refboost.boosters.shen.cg as cg

    old = cg.INNER_GAP_FRACTION
    cg.INNER_GAP_FRACTION = 0.0
    try:
        yield
    finally:
        cg.INNER_GAP_FRACTION = old


def _call(family: str, oracle, params: dict, max_iter: int):
    p = {k: v for k, v in params.items() if k != "max_iter"}
    if family in ("adaboost_cg", "logitboost_cg"):
        from refboost.boosters.shen import adaboost_cg, logitboost_cg

        boost = adaboost_cg if family == "adaboost_cg" else logitboost_cg
        with _exact_master():
            return boost(oracle, max_iter=max_iter, **p)
    if family == "totalboost":
        p.pop("nu", None)
    if family in MHT_RULES:
        rule, secondary = MHT_RULES[family]
        return refboost.mlpboost(oracle, max_iter=max_iter, rule=rule, secondary=secondary, **p)
    if family == "arcgv_clipped":
        from refboost.boosters.arcgv_clipped import arcgv_clipped

        return arcgv_clipped(oracle, max_iter=max_iter, **p)
    if family in ("coordinate_ascent", "coordinate_ascent_exact"):
        method = "exact" if family == "coordinate_ascent_exact" else "approximate"
        return refboost.coordinate_ascent(oracle, max_iter=max_iter, method=method, **p)
    return getattr(refboost, family)(oracle, max_iter=max_iter, **p)


def _full(res, K: int) -> np.ndarray:
    w = np.zeros(K)
    for q, v in zip(res.hypotheses, np.asarray(res.weights, dtype=float), strict=True):
        w[q] += v
    return w


def run_booster(family: str, U, params: dict, *, weights: str = "all") -> list[dict]:
    """The first iterates of refboost's booster for ``family`` on ``(U, params)`` (``params["max_iter"]``)."""
    from .trajectories import FAMILIES

    spec = FAMILIES[family]
    U = np.asarray(U, dtype=float)
    N, K = U.shape
    T = int(params["max_iter"])
    rec = RecordingOracle(U)
    res = _call(family, rec, params, T)
    hist = res.history
    steps, scal = STEP_KEY.get(family), SCALAR_KEY.get(family, {})
    out = []
    if family in MHT:  # element 0: lines 2-3 of Algorithm 1
        out.append({"j": int(res.hypotheses[0]), "d": rec.asked[0], "step": None,
                    "w": np.eye(K)[res.hypotheses[0]] if "w" in spec.fields else None,
                    **{k: None for k in scal}})
    asked = rec.asked[1:] if family in MHT else rec.asked
    for t, h in enumerate(hist):
        it = {"j": int(h["hypothesis"]), "d": asked[t]}
        if steps:
            it["step"] = float(h[steps]) if steps in h and h[steps] is not None else None
        for k, key in scal.items():
            v = h.get(key)
            it[k] = None if v is None else (bool(v) if k == "secondary_won" else float(v))
        out.append(it)
    if family in ("adaboost_cg", "logitboost_cg") and len(hist) < T:  # the pricing whose test 2 stopped the run
        out.append({"j": rec.chosen[len(hist)], "d": rec.asked[len(hist)]})
    if "w" in spec.fields:
        first = 1 if family in MHT else 0
        if steps:  # the iteration whose stopping test fired takes no step and leaves w
            n_w = sum(1 for h in hist if h.get(steps) is not None)
        elif family in ("adaboost_cg", "logitboost_cg"):
            n_w = len(res.hypotheses)
        else:
            n_w = res.n_iter
        for t in range(len(out) - first):
            it = out[t + first]
            if t >= n_w:
                it["w"] = None
            elif weights == "all" or t == n_w - 1:
                r = res if t == n_w - 1 else _call(family, refboost.MatrixOracle(U), params, t + 1)
                it["w"] = _full(r, K)
            else:
                it["w"] = None
    return out
