"""Other implementations against certified optima, at a larger scale than the kit's instances.

Run: ``PYTHONPATH=. python benchmarks/bench_conformance.py`` (output stored in
``benchmarks/results/bench_conformance.txt``; a few minutes on one core).

The comparison of chapter 9 ("Testing another implementation") on bigger problems: decision-stump
matrices (every distinct stump labelling, both polarities, constants included:
:func:`refboost.instances.threshold_pool`) of subsamples of the bundled IDA and LIBSVM sets with N in
{50, 100, 200} rows and their first 6 features, for the hard margin and the soft-margin LP (Glocer
(2009), LPs (2.2)/(2.3)) at nu = 0.1 N. The optimum is HiGHS's (:func:`refboost.truth.soft_margin_lp`);
every candidate is certified by :func:`refboost.conformance.certify_candidate`, which recomputes the
objective from the weights and bounds the optimum independently.

Implementations:

* scikit-learn ``AdaBoostClassifier`` with depth-1 trees, 100 and 1000 rounds, its normalised combination
  read over the matrix's columns by :func:`refboost.testing.from_sklearn_ensemble`;
* colboost (Gurobi, size-limited licence): ``lp_boost`` with C = 1/(nu rho*) and ``erlp_boost``, reweighting
  the matrix's columns and fitting with their own column generation (the fitted margins read back by
  :func:`refboost.testing.from_margins`); skipped where rho* <= 0, or where the LP exceeds the licence's
  2000 variables/constraints (N + K > 2000), or when colboost is not importable;
* refboost's LPBoost (Glocer (2009), Alg. 2.1) on the same matrix, eps = 1e-9.
"""

from __future__ import annotations

import time
import warnings
from pathlib import Path

import numpy as np
from sklearn.ensemble import AdaBoostClassifier
from sklearn.tree import DecisionTreeClassifier

import refboost as rb
from refboost import conformance as kit
from refboost import datasets
from refboost.conformance import colboost
from refboost.instances import threshold_pool
from refboost.testing import from_margins, from_sklearn_ensemble, weights_from_columns

SOURCES = (("heart", 1), ("heart", 2), ("banana", 1), ("banana", 2), ("breast-cancer", None), ("australian", None))
ROWS = (50, 100, 200)
FEATURES = 6
NU_FRACTION = 0.1
GUROBI_LIMIT = 2000  # variables and constraints of the size-limited licence
SHORT = 1e-3
OUT = Path(__file__).resolve().parent / "results" / "bench_conformance.txt"


class Instance:
    """The fields of a kit instance the adapters read."""

    def __init__(self, name, U, params, value, X, y):
        self.name, self.U, self.params, self.value, self.X, self.y = name, U, params, value, X, y


def instances():
    out = []
    for k, (name, real) in enumerate(SOURCES):
        ds = datasets.load(name, realisation=real) if real is not None else datasets.load(name)
        X, y = np.asarray(ds.X, dtype=float), np.asarray(ds.y, dtype=float)
        for rows in ROWS:
            if rows > X.shape[0]:
                continue
            rng = np.random.default_rng(5000 + 10 * k + rows)
            for _ in range(100):
                idx = np.sort(rng.choice(X.shape[0], size=rows, replace=False))
                if len(np.unique(y[idx])) == 2:
                    break
            Xs, ys = X[idx][:, :FEATURES], y[idx]
            U = threshold_pool(Xs, ys, negations=True)
            label = name.replace("-", "_") + (f"_r{real}" if real is not None else "")
            hard = rb.truth.hard_margin_lp(U).value
            out.append(("hard_margin", Instance(f"{label}_N{rows}", U, {}, hard, Xs, ys)))
            nu = max(1.0, NU_FRACTION * rows)
            soft = rb.truth.soft_margin_lp(U, nu=nu).value
            out.append(("soft_margin_lp", Instance(f"{label}_N{rows}_nu{nu:g}", U, {"nu": nu}, soft, Xs, ys)))
    return out


def main() -> None:
    t_start = time.perf_counter()
    Ensemble, why = colboost.load()
    results = []  # (implementation, family, instance, ok, gap, seconds)
    skipped = {}

    def record(impl, family, inst, weights, seconds):
        if weights is None:
            results.append((impl, family, inst.name, False, float("inf"), seconds))
            return
        c = kit.certify_candidate(family, inst.U, inst.params, weights=weights)
        assert c.objective <= inst.value + 1e-8, (impl, inst.name, c.objective, inst.value)
        results.append((impl, family, inst.name, bool(c.ok), float(c.gap), seconds))

    insts = instances()
    for family, inst in insts:
        N, K = inst.U.shape
        nu = inst.params.get("nu", 1.0)
        for rounds in (100, 1000):
            t = time.perf_counter()
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                ada = AdaBoostClassifier(DecisionTreeClassifier(max_depth=1), n_estimators=rounds, random_state=0)
                ada.fit(inst.X, inst.y)
            cand = from_sklearn_ensemble(ada, inst)
            assert cand.weights is not None, inst.name
            record(f"sklearn AdaBoost, {rounds} rounds", family, inst, cand.weights, time.perf_counter() - t)

        t = time.perf_counter()
        res = rb.lpboost(rb.MatrixOracle(inst.U), nu=nu, eps=1e-9, max_iter=5000)
        record("refboost lpboost", family, inst, weights_from_columns(res.hypotheses, res.weights, K),
               time.perf_counter() - t)

        if Ensemble is None:
            continue
        if inst.value <= 1e-9 or nu >= N:
            skipped[family, inst.name] = "rho* <= 0" if inst.value <= 1e-9 else "nu = N"
            continue
        C = 1.0 / (nu * inst.value)
        if N + K <= GUROBI_LIMIT:
            for solver, hyper, negative in (("lp_boost", C, "clip"), ("erlp_boost", nu, "abs")):
                t = time.perf_counter()
                try:
                    w = colboost.reweight(Ensemble, solver, inst.U, hyper)
                except colboost.GurobiSizeLimit:
                    skipped[family, f"{inst.name} ({solver} reweight)"] = "Gurobi size limit"
                    continue
                w = weights_from_columns(range(K), w, K, negative=negative) if np.any(w != 0) else None
                record(f"colboost {solver} (reweight)", family, inst, w, time.perf_counter() - t)
        else:
            skipped[family, inst.name + " (reweight)"] = f"N + K = {N + K} > {GUROBI_LIMIT}"
        for solver, hyper in (("lp_boost", C), ("erlp_boost", nu)):
            t = time.perf_counter()
            try:
                margins = colboost.fit_margins(Ensemble, solver, inst.X, inst.y, hyper, max_iter=200)
            except colboost.GurobiSizeLimit:
                skipped[family, f"{inst.name} ({solver} fit)"] = "Gurobi size limit"
                continue
            try:
                w = from_margins(inst.U, margins)
            except (ValueError, RuntimeError):  # zero margins, or no learner kept
                w = None
            record(f"colboost {solver} (fit)", family, inst, w, time.perf_counter() - t)

    lines = [
        f"Other implementations against certified optima: {len(insts)} stump matrices (N in {list(ROWS)}, "
        f"first {FEATURES} features), hard margin and soft-margin LP at nu = {NU_FRACTION:g} N",
        "certified: gap <= 1e-6 max(1, |objective|) by refboost.conformance.certify_candidate; gaps against "
        "HiGHS's optimum",
        "colboost: " + ("available (Gurobi size-limited licence)" if Ensemble is not None else f"skipped ({why})"),
        "",
        f"{'implementation':<34}{'family':>16}{'run':>5}{'certified':>11}{'short':>7}{'median gap':>12}"
        f"{'worst gap':>11}{'median s':>10}",
        "-" * 106,
    ]
    for impl in dict.fromkeys(r[0] for r in results):
        for family in ("hard_margin", "soft_margin_lp"):
            rs = [r for r in results if r[0] == impl and r[1] == family]
            if not rs:
                continue
            gaps = np.array([r[4] for r in rs])
            secs = np.array([r[5] for r in rs])
            lines.append(f"{impl:<34}{family:>16}{len(rs):>5}{sum(r[3] for r in rs):>11}{int(np.sum(gaps > SHORT)):>7}"
                         f"{np.median(gaps):>12.1e}{gaps.max():>11.1e}{np.median(secs):>10.2f}")
    lines += ["", f"short: gap > {SHORT:g}", ""]
    lines.append(f"{'instance':<32}{'optimum':>10}  " + "  ".join(
        f"{s:>9}" for s in ("ada 100", "ada 1000", "lpboost", "cb lp", "cb erlp", "cb lp fit", "cb erlp fit")))
    short = {"sklearn AdaBoost, 100 rounds": 0, "sklearn AdaBoost, 1000 rounds": 1, "refboost lpboost": 2,
             "colboost lp_boost (reweight)": 3, "colboost erlp_boost (reweight)": 4, "colboost lp_boost (fit)": 5,
             "colboost erlp_boost (fit)": 6}
    for family, inst in insts:
        cells = ["-"] * 7
        for r in results:
            if r[2] == inst.name and r[1] == family:
                cells[short[r[0]]] = f"{r[4]:.1e}"
        lines.append(f"{inst.name:<32}{inst.value:>10.5f}  " + "  ".join(f"{c:>9}" for c in cells))
    if skipped:
        lines += ["", "colboost not run: " + "; ".join(f"{k[1]} ({v})" for k, v in skipped.items())]
    lines.append(f"\ntotal {time.perf_counter() - t_start:.0f} s")
    text = "\n".join(lines) + "\n"
    print(text)
    OUT.write_text(text)

    own = [r for r in results if r[0] == "refboost lpboost"]
    assert all(r[3] for r in own), [r for r in own if not r[3]]


if __name__ == "__main__":
    main()
